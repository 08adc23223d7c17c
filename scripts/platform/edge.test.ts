import { describe, expect, it } from 'vitest';
import { edgeFunctionsFor, pathMatches } from './edge.ts';

describe('edge functions on the local platform', () => {
  it("match paths as Netlify's path and excludedPath do", () => {
    expect(pathMatches('/*', '/')).toBe(true);
    expect(pathMatches('/*', '/esportes/grupo')).toBe(true);
    expect(pathMatches('/_astro/*', '/_astro/app.js')).toBe(true);
    expect(pathMatches('/_astro/*', '/_astrox')).toBe(false);
    expect(pathMatches('/sitemap.xml', '/sitemap.xml')).toBe(true);
  });

  it('the takedown edge stands in front of pages, pictures and share cards, not of built assets', () => {
    for (const path of ['/', '/esportes/grupo', '/api/images/a.webp', '/og/a/b.png', '/grupo/a'])
      expect(edgeFunctionsFor(path), path).toBe(1);
    for (const path of ['/_astro/app.js', '/pagefind/pagefind.js', '/.netlify/functions/x'])
      expect(edgeFunctionsFor(path), path).toBe(0);
  });
});
