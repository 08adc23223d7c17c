// The cacheKey rules of the group pages: a key moves exactly when something the page shows moves.
import { describe, expect, it } from 'vitest';
import { digest, groupKey } from './group-pages.server.ts';
import type { GroupJson } from './groups.server.ts';

const group: GroupJson & { updatedAt: string } = {
  id: '24671c76-cfbe-4391-a074-8cb5cbcae039',
  title: 'Pokémon GO Brasil',
  description: 'Bem-vindo',
  link: 'https://chat.whatsapp.com/REgf6KJJj3xbGI4L7F9XOY',
  type: 'group',
  followers: null,
  image: null,
  cliques: 188,
  featured: false,
  featuredUntil: null,
  featuredPaid: false,
  approved: true,
  createdAt: '2025-11-19T17:30:21.686Z',
  renewedAt: null,
  category: 'Games',
  categorySlug: 'games',
  titleSlug: 'pokemon-go-brasil',
  adult: false,
  path: '/games/pokemon-go-brasil',
  linkStatus: 'unknown',
  linkCheckedAt: null,
  linkLiveAt: null,
  whatsappTitle: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const key = (g: typeof group) => digest(groupKey(g));

describe('group page cacheKey', () => {
  it('is stable for the same data', () => {
    expect(key(group)).toBe(key({ ...group }));
    expect(key(group)).toMatch(/^[\w-]{22}$/);
  });

  it('moves with an edit, a click rollup, featuring, a new path and an adult category', () => {
    const base = key(group);
    expect(key({ ...group, updatedAt: '2026-01-02T00:00:00.000Z' })).not.toBe(base);
    expect(key({ ...group, cliques: 189 })).not.toBe(base);
    expect(key({ ...group, featured: true, featuredUntil: '2026-02-01T00:00:00.000Z' })).not.toBe(base);
    expect(key({ ...group, path: '/games/outro' })).not.toBe(base);
    // An admin marking the category adult puts the page behind the age confirmation.
    expect(key({ ...group, adult: true })).not.toBe(base);
    // 'Destaque pago' and 'No WhatsApp: …' are on the page too (#41, #45).
    const featured = { ...group, featured: true, featuredUntil: '2026-02-01T00:00:00.000Z' };
    expect(key({ ...featured, featuredPaid: true })).not.toBe(key(featured));
    expect(key({ ...group, whatsappTitle: 'Outro nome' })).not.toBe(base);
  });

  it("moves with the 'Link verificado em' date, not with every check", () => {
    const live = { ...group, linkStatus: 'live' as const, linkLiveAt: '2026-11-24T12:00:00.000Z' };
    expect(key(live)).not.toBe(key(group));
    expect(key({ ...live, linkLiveAt: '2026-11-24T20:00:00.000Z' })).toBe(key(live));
    expect(key({ ...live, linkCheckedAt: '2026-11-24T21:00:00.000Z' })).toBe(key(live));
    expect(key({ ...live, linkLiveAt: '2026-11-25T12:00:00.000Z' })).not.toBe(key(live));
  });
});
