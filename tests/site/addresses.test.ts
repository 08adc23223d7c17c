// Client addresses through the real local platform (issue #32): context.ip comes from the connection,
// as on Netlify. Six made-up x-forwarded-for headers from one socket are one client; three sockets
// bound to three loopback addresses (127.0.0.0/8 is all local on Linux) are three. Reports, visitors
// (clicks) and the login limits all count by that address.
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { categories, engagementEvents, groupReports, groups, users } from '../../db/schema.ts';
import { hashPassword } from '../../src/features/auth/password.server.ts';
import { fetchFrom } from '../support/from-address.ts';
import { withSiteDb } from '../support/site-db.ts';

const site = inject('siteUrl');
// Addresses of this file only (other site tests come from 127.0.0.1): 127.0.0.1xx.
const address = (n: number) => `127.0.0.${100 + n}`;
const forged = (n: number) => ({
  'x-forwarded-for': `198.51.100.${n}`,
  'x-nf-client-connection-ip': `203.0.113.${n}`,
});

async function addGroup(cliques: number) {
  const code = `Addr${randomBytes(9).toString('hex')}`;
  return withSiteDb(async (db) => {
    const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
    const [group] = await db
      .insert(groups)
      .values({
        title: `Grupo dos endereços ${code}`,
        description: 'Um grupo para contar endereços',
        link: `https://chat.whatsapp.com/${code}`,
        inviteCode: code,
        categoryId: category!.id,
        titleSlug: `grupo-dos-enderecos-${code.toLowerCase()}`,
        approved: true,
        cliques,
      })
      .returning({ id: groups.id });
    return group!.id;
  });
}

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: {
    'content-type': 'application/json',
    'user-agent': 'Mozilla/5.0 (teste de endereços)',
    ...headers,
  },
  body: JSON.stringify(body),
});

const report = (from: string, groupId: string, headers: Record<string, string> = {}) =>
  fetchFrom(
    from,
    `${site}/api/groups/${groupId}/reports`,
    json({ reason: 'scam', description: 'Golpe do pix' }, headers),
  );

const hiddenReason = (groupId: string) =>
  withSiteDb(async (db) => {
    const [row] = await db.select({ reason: groups.hiddenReason }).from(groups).where(eq(groups.id, groupId));
    return row?.reason ?? null;
  });

describe('client addresses come from the connection', () => {
  it('reports: six forged addresses from one socket weigh as one reporter; three real addresses hide a group', async () => {
    // 5,678 clicks: hiding takes a weight of 6, which six made-up addresses would have reached.
    const popular = await addGroup(5678);
    const forgedReports = [];
    for (let n = 1; n <= 6; n++) forgedReports.push((await report(address(1), popular, forged(n))).status);
    // The first counts; the other five are the same visitor reporting the same group again today.
    expect(forgedReports[0]).toBe(201);
    expect(await hiddenReason(popular)).toBeNull();
    const reporters = await withSiteDb(async (db) =>
      db
        .select({ n: sql<number>`count(distinct ${groupReports.addressHash})::int` })
        .from(groupReports)
        .where(eq(groupReports.groupId, popular)),
    );
    expect(reporters[0]!.n).toBe(1);

    // A group with few clicks hides at a weight of 3: three anonymous reporters at three addresses.
    const small = await addGroup(10);
    for (const n of [2, 3]) expect((await report(address(n), small)).status).toBe(201);
    expect(await hiddenReason(small)).toBeNull();
    expect((await report(address(4), small)).status).toBe(201);
    expect(await hiddenReason(small)).toBe('reports');
  });

  it('visitors: six forged addresses from one socket click once; three real addresses click three times', async () => {
    const id = await addGroup(0);
    const click = (from: string, headers: Record<string, string> = {}) =>
      fetchFrom(from, `${site}/api/groups/${id}/click`, json({}, headers));
    for (let n = 1; n <= 6; n++) expect((await click(address(5), forged(n))).status).toBe(200);
    const visitors = () =>
      withSiteDb(async (db) => {
        const [row] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(engagementEvents)
          .where(and(eq(engagementEvents.targetId, id), eq(engagementEvents.kind, 'group_click')));
        return row!.n;
      });
    expect(await visitors()).toBe(1);
    for (const n of [6, 7, 8]) expect((await click(address(n))).status).toBe(200);
    expect(await visitors()).toBe(4);
  });

  it('login limits count per real address: forged headers do not reset them, another address is not blocked', async () => {
    const email = `enderecos-${randomBytes(4).toString('hex')}@teste.local`;
    await withSiteDb(async (db) =>
      db
        .insert(users)
        .values({ name: 'Dona', email, password: await hashPassword('senha-certa-123'), admin: false }),
    );
    const login = (from: string, headers: Record<string, string> = {}) =>
      fetchFrom(from, `${site}/api/login`, json({ email, password: 'senha-errada' }, headers));
    // Five attempts on one account from one address, each claiming another address: the sixth is refused.
    for (let n = 1; n <= 5; n++) expect((await login(address(9), forged(n))).status).toBe(401);
    const refused = await login(address(9), forged(6));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    // The owner, from their own address, is still let in.
    const owner = await fetchFrom(
      address(10),
      `${site}/api/login`,
      json({ email, password: 'senha-certa-123' }),
    );
    expect(owner.status).toBe(200);
  });
});
