import { describe, expect, it } from 'vitest';
import { groupMetaTag, takedownRegion } from '../../lib/takedown-marks.ts';
import { applyTakedowns, pictureKeyOf, shareCardGroupOf, takedownEdge } from './takedowns.ts';

const HELD = '3f2a8c1e-0b7d-4e5f-9a6b-1c2d3e4f5a6b';
const OTHER = '9b1c2d3e-4f5a-4b6c-8d7e-0f1a2b3c4d5e';

const card = (id: string, text: string) => {
  const { open, close } = takedownRegion([id]);
  return `${open}<li>${text}</li>${close}`;
};

describe('the takedown edge on a page', () => {
  it("answers gone for a held group's page, whatever its address", () => {
    const page = `<html><head>${groupMetaTag(HELD)}<title>Grupo</title></head></html>`;
    expect(applyTakedowns(page, new Set([HELD]))).toEqual({ gone: true });
    expect(applyTakedowns(page, new Set([OTHER]))).toMatchObject({ gone: false, changed: false });
  });

  it('cuts the held cards out of a list and leaves the others', () => {
    const list = `<ul>${card(HELD, 'Retirado')}${card(OTHER, 'Fica')}</ul>`;
    const result = applyTakedowns(list, new Set([HELD]));
    expect(result.gone).toBe(false);
    if (result.gone) return;
    expect(result.changed).toBe(true);
    expect(result.html).not.toContain('Retirado');
    expect(result.html).toContain('Fica');
  });

  it('cuts a block that names several groups when one of them is held', () => {
    const { open, close } = takedownRegion([OTHER, HELD]);
    const result = applyTakedowns(`<div>${open}<p>Carrossel</p>${close}</div>`, new Set([HELD]));
    expect(result).toMatchObject({ gone: false, html: '<div></div>' });
  });

  it('no text of a group can make a mark: ids that are not UUIDs are left out', () => {
    expect(takedownRegion(['--><script>', OTHER]).open).toBe(`<!--takedown:${OTHER}-->`);
    expect(groupMetaTag('"><script>')).toBe('');
    // An escaped copy of a marker in a description is not a marker.
    const escaped = `<p>&lt;meta name="takedown-group" content="${HELD}"&gt;</p>`;
    expect(applyTakedowns(escaped, new Set([HELD]))).toMatchObject({ gone: false, changed: false });
  });
});

describe('the takedown edge on files', () => {
  it('knows a picture (thumbnails too) and a share card by their address', () => {
    expect(pictureKeyOf(`/api/images/${HELD}.webp`)).toBe(`${HELD}.webp`);
    expect(pictureKeyOf(`/api/images/${HELD}-192.webp`)).toBe(`${HELD}.webp`);
    expect(pictureKeyOf(`/images/${HELD}.webp`)).toBe(`${HELD}.webp`);
    expect(pictureKeyOf('/api/images/outra.webp')).toBeNull();
    expect(shareCardGroupOf(`/og/${HELD}/abc.png`)).toBe(HELD);
  });

  const sets = { groups: new Set([HELD]), images: new Set([`${HELD}.webp`]) };
  const html = (body: string) =>
    new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8', 'content-length': '1' } });

  it('answers 410 for a held picture, card or page without asking the site behind it', async () => {
    let asked = 0;
    const next = async () => {
      asked++;
      return html(`<head>${groupMetaTag(HELD)}</head>`);
    };
    for (const path of [`/api/images/${HELD}-192.webp`, `/og/${HELD}/v1.png`, '/esportes/grupo']) {
      const res = await takedownEdge(new Request(`http://x${path}`), next, async () => sets);
      expect(res.status).toBe(410);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.text()).not.toContain(HELD);
    }
    expect(asked).toBe(1);
  });

  it('a HEAD of a held page is gone too (the page is read whole)', async () => {
    const methods: string[] = [];
    const next = async (req?: Request) => {
      methods.push(req?.method ?? 'HEAD');
      return html(`<head>${groupMetaTag(HELD)}</head>`);
    };
    const res = await takedownEdge(
      new Request('http://x/esportes/grupo', { method: 'HEAD' }),
      next,
      async () => sets,
    );
    expect(res.status).toBe(410);
    expect(methods).toEqual(['GET']);
  });

  it("a former address's redirect to a held group's page is gone too (its Location names the title)", async () => {
    const redirect = () =>
      Promise.resolve(new Response(null, { status: 301, headers: { location: '/esportes/titulo-novo' } }));
    const followed: string[] = [];
    const follow = async (url: URL) => {
      followed.push(url.pathname);
      return html(`<head>${groupMetaTag(url.pathname.includes('novo') ? HELD : OTHER)}</head>`);
    };
    const res = await takedownEdge(
      new Request('http://x/esportes/titulo-antigo'),
      redirect,
      async () => sets,
      follow,
    );
    expect(res.status).toBe(410);
    expect(res.headers.get('location')).toBeNull();
    expect(followed).toEqual(['/esportes/titulo-novo']);
    // A redirect to a page that is not held is answered as it was.
    const other = () =>
      Promise.resolve(new Response(null, { status: 301, headers: { location: '/esportes/outro' } }));
    const kept = await takedownEdge(new Request('http://x/esportes/velho'), other, async () => sets, follow);
    expect(kept.status).toBe(301);
    expect(kept.headers.get('location')).toBe('/esportes/outro');
  });

  it('passes everything else through untouched, and reads nothing when the list is empty', async () => {
    const original = html(card(HELD, 'Retirado'));
    const empty = { groups: new Set<string>(), images: new Set<string>() };
    expect(
      await takedownEdge(
        new Request('http://x/'),
        async () => original,
        async () => empty,
      ),
    ).toBe(original);
    const api = new Response('{}', { headers: { 'content-type': 'application/json' } });
    expect(
      await takedownEdge(
        new Request('http://x/api/groups'),
        async () => api,
        async () => sets,
      ),
    ).toBe(api);
  });
});
