import { describe, expect, it } from 'vitest';
import { judgePage, parseFollowers, retryAfterSeconds } from './invite-check.server.ts';

const filler = `<style>${'.a{color:red}'.repeat(30)}</style>`;
const doc = (head: string, body: string) =>
  `<!doctype html><html><head>${head}${filler}</head><body>${body}</body></html>`;

describe('judgePage', () => {
  it('takes the heading when og:title is generic', () => {
    const html = doc(
      `<meta property="og:title" content="WhatsApp Group Invite"><meta property="og:image" content="https://static.whatsapp.net/rsrc.php/v4/yO/r/x.png">`,
      `<div id=main_block><h3>  Amigos\n da Praia </h3></div>`,
    );
    expect(judgePage(html, 'group')).toEqual({ status: 'live', title: 'Amigos da Praia' });
  });
  it('keeps a pps photo and ignores an image on another host', () => {
    const pps = 'https://pps.whatsapp.net/v/t61.24694-24/1_n.jpg?oe=6750A1B2';
    expect(
      judgePage(
        doc(`<meta content="${pps}" property="og:image"><meta property="og:title" content="G">`, ''),
        'group',
      ),
    ).toEqual({ status: 'live', title: 'G', imageUrl: pps });
    expect(
      judgePage(
        doc(
          `<meta property="og:image" content="https://evil.example/a.jpg"><meta property="og:title" content="G">`,
          '',
        ),
        'group',
      ),
    ).toEqual({ status: 'live', title: 'G' });
  });
  it("calls dead only a page in WhatsApp's shape with nothing named", () => {
    const dead = doc(
      `<meta property="og:title" content=""><meta property="og:image" content="https://static.whatsapp.net/rsrc.php/v4/yO/r/rukeqTVNJDY.png">`,
      `<div id="main_block"><h3></h3></div>`,
    );
    expect(judgePage(dead, 'group')).toMatchObject({ status: 'dead' });
    expect(judgePage(doc('<title>Erro</title>', '<p>Algo deu errado</p>'), 'group')).toMatchObject({
      status: 'unknown',
      reason: 'unrecognised',
    });
    expect(judgePage('<html><body></body></html>', 'group')).toMatchObject({
      status: 'unknown',
      reason: 'too_short',
    });
  });
  it('strips the channel suffix, even for a channel named WhatsApp', () => {
    const html = doc(
      `<meta property="og:title" content="WhatsApp | WhatsApp Channel">`,
      '<p>Channel • 234M followers</p>',
    );
    expect(judgePage(html, 'channel')).toEqual({ status: 'live', title: 'WhatsApp', followers: 234_000_000 });
  });
});

describe('parseFollowers', () => {
  it.each([
    ['Channel • 234M followers', 234_000_000],
    ['Canal • 1,2 mil seguidores', 1200],
    ['2,5 mi seguidores', 2_500_000],
    ['1.2K followers', 1200],
    ['12,345 followers', 12_345],
    ['1.234 seguidores', 1234],
    ['87 seguidores', 87],
  ])('%s → %d', (text, expected) => {
    expect(parseFollowers(text)).toBe(expected);
  });
  it('is undefined without a count', () => {
    expect(parseFollowers('Canal do WhatsApp')).toBeUndefined();
  });
});

describe('retryAfterSeconds', () => {
  it('reads seconds, a date, or falls back to the default', () => {
    expect(retryAfterSeconds('30')).toBe(30);
    expect(retryAfterSeconds(new Date(Date.UTC(2026, 0, 1, 0, 2)).toUTCString(), Date.UTC(2026, 0, 1))).toBe(
      120,
    );
    expect(retryAfterSeconds(null)).toBe(60);
  });
});
