import { describe, expect, it } from 'vitest';
import { shareTargets, shareText } from './share.ts';

describe('shareTargets', () => {
  const url = 'https://exemplo.com.br/games/pokemon-go-brasil';
  const targets = shareTargets(url, 'Pokémon & "Amigos"');

  it('lists WhatsApp, Facebook, Telegram, Twitter/X and e-mail, in that order', () => {
    expect(targets.map((t) => t.label)).toEqual(['WhatsApp', 'Facebook', 'Telegram', 'Twitter/X', 'E-mail']);
  });

  it('encodes the page URL and the text into each link', () => {
    const byPlatform = Object.fromEntries(targets.map((t) => [t.platform, new URL(t.href)]));
    expect(byPlatform.whatsapp!.searchParams.get('text')).toBe(`${shareText('Pokémon & "Amigos"')} ${url}`);
    expect(byPlatform.facebook!.searchParams.get('u')).toBe(url);
    expect(byPlatform.telegram!.searchParams.get('url')).toBe(url);
    expect(byPlatform.twitter!.searchParams.get('url')).toBe(url);
    expect(byPlatform.twitter!.searchParams.get('text')).toBe(shareText('Pokémon & "Amigos"'));
    expect(byPlatform.email!.protocol).toBe('mailto:');
    expect(decodeURIComponent(targets[4]!.href)).toContain(url);
  });

  it('never lets the title break out of its parameter', () => {
    for (const target of targets) expect(target.href).not.toMatch(/[ "&]Amigos/);
  });
});
