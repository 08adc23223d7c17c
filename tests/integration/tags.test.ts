// Tags (#43): the vocabulary and the admin's 'Tags', GET /api/tags counts, owners' tags at /enviar and in
// the edit (moderated on approved groups), the admin's edit, /api/groups?tag= and the topic pages' data.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  categories,
  groupRevisions,
  groups,
  groupTags,
  rateLimitBuckets,
  rebuildRequests,
  tags,
  users,
} from '../../db/schema.ts';
import { seedDatabase, seedTags } from '../../db/seed.ts';
import { TAGS } from '../../db/seed-data.ts';
import * as revisionsFn from '../../functions/admin-group-revisions.ts';
import * as adminGroupsFn from '../../functions/admin-groups.ts';
import * as adminTagsFn from '../../functions/admin-tags.ts';
import * as groupsFn from '../../functions/groups.ts';
import * as submitFn from '../../functions/submit-group.ts';
import * as tagsFn from '../../functions/tags.ts';
import * as userGroupsFn from '../../functions/user-groups.ts';
import { signSession } from '../../src/features/auth/session.server.ts';
import { liftHolds, placeHold } from '../../src/features/holds/holds.server.ts';
import { sitemapDocument } from '../../src/features/sitemap/sitemap.server.ts';
import { groupTagsOf } from '../../src/features/tags/tags.server.ts';
import { TAGS_TOO_MANY, type TagJson } from '../../src/features/tags/tags.ts';
import { topicPagesForBuild } from '../../src/features/topics/topic-pages.server.ts';
import { setupTestDb } from '../support/db.ts';
import { callFunction } from '../support/functions.ts';
import { signedIn, startBlobs } from './admin-support.ts';

const { db } = await setupTestDb();

let stopBlobs: () => Promise<void>;
let owner: { id: string; token: string };
let admin: { id: string; token: string };
let user: { id: string; token: string };
let category: { id: number; name: string; slug: string };
let adultCategory: { id: number; name: string; slug: string };

async function account(email: string, isAdmin = false) {
  const [row] = await db
    .insert(users)
    .values({ email, password: 'x', name: email, admin: isAdmin })
    .returning();
  return { id: row!.id, token: await signSession(row!.id) };
}

let n = 0;
const code = () => `TaGsCoDe${String(++n).padStart(6, '0')}`;

/** A group with the given tags (slugs), approved unless said otherwise. */
async function tagged(slugs: string[], values: Partial<typeof groups.$inferInsert> = {}) {
  const invite = code();
  const [row] = await db
    .insert(groups)
    .values({
      title: `Grupo com tags ${n}`,
      description: 'Um grupo para os testes de tags.',
      link: `https://chat.whatsapp.com/${invite}`,
      inviteCode: invite,
      categoryId: category.id,
      titleSlug: `grupo-com-tags-${n}`,
      approved: true,
      userId: owner.id,
      ...values,
    })
    .returning();
  const ids = slugs.length ? await db.select().from(tags).where(inArray(tags.slug, slugs)) : [];
  if (ids.length) await db.insert(groupTags).values(ids.map((t) => ({ groupId: row!.id, tagId: t.id })));
  return row!;
}

async function publicTags(): Promise<TagJson[]> {
  const res = await callFunction(tagsFn, '/api/tags');
  expect(res.status).toBe(200);
  return ((await res.json()) as { tags: TagJson[] }).tags;
}
const countOf = async (slug: string) => (await publicTags()).find((t) => t.slug === slug)?.count;

async function newTag(name: string, extra: Record<string, unknown> = {}) {
  const res = await callFunction(
    adminTagsFn,
    '/api/admin/tags',
    signedIn(admin.token, { method: 'POST', json: { name, ...extra } }),
  );
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; slug: string };
}

function submit(fields: Record<string, string>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return callFunction(submitFn, '/api/groups', { method: 'POST', body, ip: `198.51.100.${++n % 250}` });
}

const submission = (extra: Record<string, string> = {}) => ({
  title: `Concurso PM SP ${++n}`,
  description: 'Estudos para o concurso da Polícia Militar de São Paulo.',
  link: `https://chat.whatsapp.com/${code()}`,
  category: category.name,
  ...extra,
});

async function tagSlugsOf(groupId: string) {
  return ((await groupTagsOf(db, [groupId])).get(groupId) ?? []).map((t) => t.slug).sort();
}

function search(query: string) {
  return callFunction(groupsFn, `/api/groups?${query}`);
}

beforeAll(async () => {
  stopBlobs = await startBlobs();
  await seedDatabase(db, { groups: 0, now: new Date('2026-06-01T12:00:00Z') });
  owner = await account('dono-tags@teste.local');
  admin = await account('admin-tags@teste.local', true);
  user = await account('pessoa-tags@teste.local');
  const all = await db.select().from(categories).orderBy(categories.position);
  category = all.find((c) => c.slug === 'educacao')!;
  adultCategory = all.find((c) => c.adult)!;
});
afterAll(async () => {
  await stopBlobs();
});
beforeEach(async () => {
  await db.delete(rateLimitBuckets);
  await db.delete(rebuildRequests);
});

describe('the vocabulary', () => {
  it('is seeded once with at least 60 pt-BR tags, places among them, and never put back', async () => {
    const rows = await db.select().from(tags);
    expect(rows.length).toBe(TAGS.length);
    expect(rows.length).toBeGreaterThanOrEqual(60);
    expect(rows.find((t) => t.slug === 'campinas')).toMatchObject({ name: 'Campinas', hidden: false });
    expect(rows.find((t) => t.slug === 'concursos')?.synonyms).toContain('concurso público');
    expect(rows.find((t) => t.slug === 'free-fire')?.categoryId).toBe(
      (await db.select().from(categories).where(eq(categories.slug, 'games')))[0]!.id,
    );
    // A second migrate adds nothing, even after an admin renamed one.
    await db.update(tags).set({ slug: 'futebol-de-campo' }).where(eq(tags.slug, 'futebol'));
    expect(await seedTags(db)).toBe(0);
    expect(await db.select().from(tags).where(eq(tags.slug, 'futebol'))).toHaveLength(0);
    await db.update(tags).set({ slug: 'futebol' }).where(eq(tags.slug, 'futebol-de-campo'));
  });

  it("is the admin's: 401 without a session, 403 for anyone else", async () => {
    expect((await callFunction(adminTagsFn, '/api/admin/tags')).status).toBe(401);
    expect((await callFunction(adminTagsFn, '/api/admin/tags', signedIn(user.token))).status).toBe(403);
    const res = await callFunction(adminTagsFn, '/api/admin/tags', signedIn(admin.token));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { tags: unknown[] }).tags.length).toBe(TAGS.length);
  });

  it('creates a tag (slug from the name), refuses a duplicate in pt-BR, edits and hides it', async () => {
    const created = await newTag('Vagas em Jundiaí', { synonyms: 'jundiai, JDI', categoryId: category.id });
    expect(created.slug).toBe('vagas-em-jundiai');
    const again = await callFunction(
      adminTagsFn,
      '/api/admin/tags',
      signedIn(admin.token, { method: 'POST', json: { name: 'vagas em jundiaí' } }),
    );
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(
      'Já existe uma tag com este nome ou endereço',
    );
    const short = await callFunction(
      adminTagsFn,
      '/api/admin/tags',
      signedIn(admin.token, { method: 'POST', json: { name: 'x' } }),
    );
    expect(short.status).toBe(400);

    const edited = await callFunction(
      adminTagsFn,
      `/api/admin/tags/${created.id}`,
      signedIn(admin.token, { method: 'PATCH', json: { name: 'Jundiaí', slug: 'jundiai' } }),
    );
    expect(edited.status).toBe(200);
    expect((await publicTags()).find((t) => t.slug === 'jundiai')).toMatchObject({
      name: 'Jundiaí',
      categorySlug: 'educacao',
      count: 0,
    });

    await callFunction(
      adminTagsFn,
      `/api/admin/tags/${created.id}`,
      signedIn(admin.token, { method: 'PATCH', json: { hidden: true } }),
    );
    expect((await publicTags()).some((t) => t.slug === 'jundiai')).toBe(false);
    // A hidden tag is neither chosen nor filtered on.
    const refused = await submit(submission({ tags: 'jundiai' }));
    expect(refused.status).toBe(400);
    expect((await search('tag=jundiai')).status).toBe(400);
  });

  it('merges one tag into another: its groups move (a group with both keeps one), it redirects, and a merged slug filters as the other', async () => {
    const a = await newTag('Concurso Banco do Brasil');
    const b = await newTag('Concursos bancários');
    const onlyA = await tagged([a.slug]);
    const both = await tagged([a.slug, b.slug]);
    const res = await callFunction(
      adminTagsFn,
      `/api/admin/tags/${a.id}/merge`,
      signedIn(admin.token, { method: 'POST', json: { into: b.slug } }),
    );
    expect(res.status).toBe(200);
    expect(await tagSlugsOf(onlyA.id)).toEqual([b.slug]);
    expect(await tagSlugsOf(both.id)).toEqual([b.slug]);
    expect((await publicTags()).some((t) => t.slug === a.slug)).toBe(false);
    expect(await countOf(b.slug)).toBe(2);
    const filtered = (await (await search(`tag=${a.slug}`)).json()) as { groups: { id: string }[] };
    expect(filtered.groups.map((g) => g.id).sort()).toEqual([onlyA.id, both.id].sort());
    // Merging into itself or again is refused.
    const self = await callFunction(
      adminTagsFn,
      `/api/admin/tags/${b.id}/merge`,
      signedIn(admin.token, { method: 'POST', json: { into: b.slug } }),
    );
    expect(self.status).toBe(400);
    const twice = await callFunction(
      adminTagsFn,
      `/api/admin/tags/${a.id}/merge`,
      signedIn(admin.token, { method: 'POST', json: { into: b.slug } }),
    );
    expect(twice.status).toBe(409);
    expect((await db.select().from(rebuildRequests)).map((r) => r.reason)).toContain(
      `tag ${a.slug} juntada a ${b.slug}`,
    );
  });
});

describe('GET /api/tags counts public groups only', () => {
  it('leaves out pending, held and 18+ groups, and is cacheable by the CDN', async () => {
    const slug = (await newTag('Contagem de teste')).slug;
    await tagged([slug]);
    await tagged([slug]);
    await tagged([slug], { approved: false });
    const held = await tagged([slug]);
    await db.transaction((tx) => placeHold(tx, held.id, { reason: 'admin' }));
    await tagged([slug], { categoryId: adultCategory.id });
    expect(await countOf(slug)).toBe(2);
    const res = await callFunction(tagsFn, '/api/tags');
    expect(res.headers.get('cache-control')).toContain('public');
    const first = ((await res.json()) as { tags: TagJson[] }).tags[0]!;
    expect(Object.keys(first).sort()).toEqual(['adult', 'categorySlug', 'count', 'name', 'slug', 'synonyms']);
  });
});

describe('owners choose tags at /enviar', () => {
  it('stores up to five known tags with the group', async () => {
    const res = await submit(submission({ tags: 'concursos, concurso-policia,sao-paulo' }));
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect(await tagSlugsOf(id)).toEqual(['concurso-policia', 'concursos', 'sao-paulo']);
  });

  it('refuses six tags, an unknown slug and an 18+ tag on a non-18+ group with pt-BR messages, and writes nothing', async () => {
    const before = (await db.select().from(groups)).length;
    const six = await submit(submission({ tags: 'enem,oab,ingles,espanhol,redacao,matematica' }));
    expect(six.status).toBe(400);
    expect(((await six.json()) as { fields: Record<string, string> }).fields.tags).toBe(TAGS_TOO_MANY);
    const unknown = await submit(submission({ tags: 'enem,nao-existe' }));
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { message: string }).message).toBe(
      'Tag desconhecida: "nao-existe". Escolha uma tag da lista.',
    );
    const adult = await submit(submission({ tags: 'namoro-adulto' }));
    expect(adult.status).toBe(400);
    expect(((await adult.json()) as { message: string }).message).toBe(
      'A tag "Namoro adulto" é só para grupos da categoria 18+',
    );
    expect((await db.select().from(groups)).length).toBe(before);
  });
});

describe("a tag change is moderated like the owner's other text changes", () => {
  function edit(id: string, fields: Record<string, string>) {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    return callFunction(
      userGroupsFn,
      `/api/user/groups/${id}`,
      signedIn(owner.token, { method: 'PATCH', body }),
    );
  }

  it('keeps the public tags until an admin approves the revision, then applies them and asks for a rebuild', async () => {
    const group = await tagged(['enem']);
    const res = await edit(group.id, { tags: 'enem,vestibular' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ outcome: 'revision' });
    expect(await tagSlugsOf(group.id)).toEqual(['enem']);
    expect((await (await search('tag=vestibular')).json()) as { groups: unknown[] }).toMatchObject({
      groups: [],
    });

    const list = await callFunction(revisionsFn, '/api/admin/group-revisions', signedIn(admin.token));
    const { revisions } = (await list.json()) as {
      revisions: {
        id: string;
        groupId: string;
        changed: { tags: boolean };
        proposed: { tags: { slug: string }[] };
      }[];
    };
    const revision = revisions.find((r) => r.groupId === group.id)!;
    expect(revision.changed.tags).toBe(true);
    expect(revision.proposed.tags.map((t) => t.slug).sort()).toEqual(['enem', 'vestibular']);

    const approved = await callFunction(
      revisionsFn,
      `/api/admin/group-revisions/${revision.id}/approve`,
      signedIn(admin.token, { method: 'POST' }),
    );
    expect(approved.status).toBe(200);
    expect(await tagSlugsOf(group.id)).toEqual(['enem', 'vestibular']);
    expect((await db.select().from(rebuildRequests)).map((r) => r.reason)).toContain(
      `alteração aprovada: ${group.id}`,
    );
  });

  it('withdraws the revision when the owner goes back to the public tags, and updates a never-approved group at once', async () => {
    const group = await tagged(['oab']);
    await edit(group.id, { tags: 'oab,direito' });
    expect(
      await db
        .select()
        .from(groupRevisions)
        .where(and(eq(groupRevisions.groupId, group.id), eq(groupRevisions.status, 'pending'))),
    ).toHaveLength(1);
    await edit(group.id, { tags: 'oab' });
    expect(await db.select().from(groupRevisions).where(eq(groupRevisions.groupId, group.id))).toHaveLength(
      0,
    );

    const pending = await tagged([], { approved: false });
    expect(await (await edit(pending.id, { tags: 'direito' })).json()).toMatchObject({ outcome: 'updated' });
    expect(await tagSlugsOf(pending.id)).toEqual(['direito']);
  });

  it('lets an admin set any group’s tags at once, with the same checks', async () => {
    const group = await tagged(['enem']);
    const patch = (tagsField: string) =>
      callFunction(
        adminGroupsFn,
        `/api/admin/groups/${group.id}`,
        signedIn(admin.token, { method: 'PATCH', json: { tags: tagsField } }),
      );
    expect((await patch('medicina,residencia-medica')).status).toBe(200);
    expect(await tagSlugsOf(group.id)).toEqual(['medicina', 'residencia-medica']);
    expect((await patch('nao-existe')).status).toBe(400);
    expect(await tagSlugsOf(group.id)).toEqual(['medicina', 'residencia-medica']);
  });
});

describe('GET /api/groups?tag=', () => {
  it('answers the public groups carrying every given tag, with the other filters', async () => {
    const ab = await tagged(['minecraft', 'roblox']);
    const a = await tagged(['minecraft']);
    const channel = await tagged(['minecraft', 'roblox'], { type: 'channel' });
    await tagged(['minecraft', 'roblox'], { approved: false });
    const held = await tagged(['minecraft', 'roblox']);
    await db.transaction((tx) => placeHold(tx, held.id, { reason: 'admin' }));
    const ids = async (query: string) => {
      const res = await search(query);
      expect(res.status).toBe(200);
      return ((await res.json()) as { groups: { id: string }[] }).groups.map((g) => g.id).sort();
    };
    expect(await ids('tag=minecraft')).toEqual([ab.id, a.id, channel.id].sort());
    expect(await ids('tag=minecraft&tag=roblox')).toEqual([ab.id, channel.id].sort());
    expect(await ids('tag=minecraft&tag=roblox&type=group')).toEqual([ab.id]);
    expect(await ids('tag=roblox&search=tags')).toEqual([ab.id, channel.id].sort());
    const page = (await (await search('tag=minecraft&limit=2')).json()) as {
      pagination: { total: number; nextCursor: string | null };
    };
    expect(page.pagination.total).toBe(3);
    expect(page.pagination.nextCursor).not.toBeNull();
  });

  it('answers 400 in pt-BR for an unknown tag', async () => {
    const res = await search('tag=minecraft&tag=nao-existe');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('Tag desconhecida: "nao-existe"');
  });
});

describe('a tag list (one tag or several) reads few matches by sorting and walks the score index for many', () => {
  type Page = {
    groups: { id: string }[];
    pagination: { total: number; capped: boolean; nextCursor: string | null };
  };
  const page = async (query: string): Promise<Page> => {
    const res = await search(query);
    expect(res.status).toBe(200);
    return (await res.json()) as Page;
  };
  /** Every page of a query, followed by its cursors. */
  async function allPages(query: string) {
    const ids: string[] = [];
    let after: string | null = null;
    for (let p = 1; p <= 4; p++) {
      const got: Page = await page(
        `${query}&limit=12&page=${p}${after ? `&after=${encodeURIComponent(after)}` : ''}`,
      );
      ids.push(...got.groups.map((g) => g.id));
      after = got.pagination.nextCursor;
      if (!after) break;
    }
    return ids;
  }
  /** The same list by a plain sort of the tables: public groups carrying every tag, in the order's key. */
  async function sorted(slugs: string[], order: 'score' | 'listing') {
    const key =
      order === 'score'
        ? sql`g.rank_score desc, g.bumped_at desc, g.id desc`
        : sql`g.bumped_at desc, g.id desc`;
    const rows = await db.execute(sql`
      select g.id from ${groups} g join ${categories} c on c.id = g.category_id
      where g.approved and g.hidden_at is null and not c.adult and (
        select count(*) from ${groupTags} gt join ${tags} t on t.id = gt.tag_id
        where gt.group_id = g.id and t.slug in (${sql.join(
          slugs.map((slug) => sql`${slug}`),
          sql`, `,
        )})
      ) = ${slugs.length}
      order by ${key}`);
    return ((rows as { rows?: { id: string }[] }).rows ?? (rows as unknown as { id: string }[])).map(
      (r) => r.id,
    );
  }

  beforeAll(async () => {
    // 1,010 public 'pokemon' groups (many: past the count's cap), scores with ties at 0 and equal
    // listing times; every fortieth also 'k-pop' (few), and some not public that carry both.
    const [pokemon, kpop] = await Promise.all(
      ['pokemon', 'k-pop'].map(async (slug) => (await db.select().from(tags).where(eq(tags.slug, slug)))[0]!),
    );
    const listed = new Date('2026-05-01T12:00:00Z').getTime();
    const rows = Array.from({ length: 1010 }, (_, i) => {
      const invite = code();
      return {
        title: `Pokémon ${i}`,
        description: 'Trocas e batalhas.',
        link: `https://chat.whatsapp.com/${invite}`,
        inviteCode: invite,
        categoryId: category.id,
        titleSlug: `pokemon-${i}`,
        approved: true,
        rankScore: i % 3 === 0 ? 0 : (i * 37) % 500,
        bumpedAt: new Date(listed + (i % 5) * 60_000),
        userId: owner.id,
      };
    });
    const inserted = await db.insert(groups).values(rows).returning({ id: groups.id });
    await db.insert(groupTags).values(inserted.map((g) => ({ groupId: g.id, tagId: pokemon!.id })));
    await db
      .insert(groupTags)
      .values(inserted.filter((_, i) => i % 40 === 0).map((g) => ({ groupId: g.id, tagId: kpop!.id })));
    await tagged(['pokemon', 'k-pop'], { approved: false, rankScore: 9999 });
    const held = await tagged(['pokemon', 'k-pop'], { rankScore: 9999 });
    await db.transaction((tx) => placeHold(tx, held.id, { reason: 'admin' }));
  });

  it('gives the order, totals and cursors of a plain sort either way', async () => {
    const many = await page('tag=pokemon');
    expect(many.pagination).toMatchObject({ total: 1000, capped: true });
    const fewTotal = (await page('tag=k-pop')).pagination;
    expect(fewTotal).toMatchObject({ total: 26, capped: false });
    for (const [query, slugs] of [
      ['tag=pokemon', ['pokemon']],
      ['tag=k-pop', ['k-pop']],
      ['tag=pokemon&tag=k-pop', ['pokemon', 'k-pop']],
    ] as const) {
      const expected = await sorted([...slugs], 'score');
      expect(await allPages(query), query).toEqual(expected.slice(0, 48));
      const listing = await sorted([...slugs], 'listing');
      expect(await allPages(`${query}&sortBy=createdAt`), `${query} createdAt`).toEqual(listing.slice(0, 48));
    }
    // A deep page of many matches (read by sorting or walking, whichever is cheaper) and the last one.
    const expected = await sorted(['pokemon'], 'score');
    expect((await page('tag=pokemon&limit=12&page=40')).groups.map((g) => g.id)).toEqual(
      expected.slice(468, 480),
    );
    expect((await page('tag=pokemon&limit=12&page=84')).groups.map((g) => g.id)).toEqual(
      expected.slice(996, 1000),
    );
  });
});

describe('topic pages', () => {
  const pageOf = async (slug: string) => (await topicPagesForBuild(db)).find((p) => p.tag.slug === slug);

  it("rebuild a tag's page when one of its groups changes its tags, and leave other tags' pages alone", async () => {
    const group = await tagged(['valorant']);
    await tagged(['ciclismo']);
    const pages = async () => new Map((await topicPagesForBuild(db)).map((p) => [p.tag.slug, p]));
    const before = await pages();
    expect(before.get('valorant')!.page.groups.map((g) => g.id)).toContain(group.id);

    const patch = await callFunction(
      adminGroupsFn,
      `/api/admin/groups/${group.id}`,
      signedIn(admin.token, { method: 'PATCH', json: { tags: 'pets' } }),
    );
    expect(patch.status).toBe(200);
    const after = await pages();
    expect(after.get('valorant')!.cacheKey).not.toBe(before.get('valorant')!.cacheKey);
    expect(after.get('valorant')!.page.groups.map((g) => g.id)).not.toContain(group.id);
    expect(after.get('pets')!.cacheKey).not.toBe(before.get('pets')!.cacheKey);
    expect(after.get('pets')!.page.groups.map((g) => g.id)).toContain(group.id);
    // Another category's topic, untouched: its page is not rendered again.
    expect(after.get('ciclismo')!.cacheKey).toBe(before.get('ciclismo')!.cacheKey);
  });

  it('never show a held group, and go into the sitemap only with three public groups', async () => {
    const slug = (await newTag('Xadrez rápido')).slug;
    const groupsOfTag = [await tagged([slug]), await tagged([slug]), await tagged([slug])];
    const sitemap = async () => (await sitemapDocument(db, 'https://site.example', 'sitemap.xml')) ?? '';
    expect(await sitemap()).toContain(`https://site.example/tag/${slug}<`);
    await db.transaction((tx) => placeHold(tx, groupsOfTag[0]!.id, { reason: 'admin' }));
    const page = await pageOf(slug);
    expect(page!.page.groups.map((g) => g.id)).not.toContain(groupsOfTag[0]!.id);
    expect(page!.page.pagination.total).toBe(2);
    expect(await sitemap()).not.toContain(`/tag/${slug}<`);
  });
});

describe('the CSV import and export carry a tags column', () => {
  function upload(content: string) {
    const form = new FormData();
    form.set('csvFile', new Blob([content], { type: 'text/csv' }), 'grupos.csv');
    return callFunction(
      adminGroupsFn,
      '/api/admin/groups/import',
      signedIn(admin.token, { method: 'POST', body: form }),
    );
  }

  it('imports tags by slug or name, refuses a row with an unknown, 18+ or sixth tag, and exports them back', async () => {
    const [a, b, c, d] = [code(), code(), code(), code()];
    const csv = [
      'titulo,link,categoria,tags',
      `Importado com tags,https://chat.whatsapp.com/${a},Educação,"enem, Concursos"`,
      `Tag desconhecida,https://chat.whatsapp.com/${b},Educação,inexistente`,
      `Tag adulta,https://chat.whatsapp.com/${c},Educação,namoro-adulto`,
      `Seis tags,https://chat.whatsapp.com/${d},Educação,"enem,oab,ingles,espanhol,redacao,matematica"`,
    ].join('\n');
    const res = await upload(csv);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      results: { success: number; failures: { row: number; error: string }[] };
    };
    expect(body.results.success).toBe(1);
    expect(body.results.failures).toEqual([
      { row: 3, error: 'Tag desconhecida: "inexistente"' },
      { row: 4, error: 'A tag "Namoro adulto" é só para grupos da categoria 18+' },
      { row: 5, error: TAGS_TOO_MANY },
    ]);
    const [imported] = await db.select().from(groups).where(eq(groups.inviteCode, a));
    expect(await tagSlugsOf(imported!.id)).toEqual(['concursos', 'enem']);

    const exported = await callFunction(adminGroupsFn, '/api/admin/groups/export', signedIn(admin.token));
    const text = Buffer.from(await exported.arrayBuffer()).toString('utf8');
    expect(text.split(/\r?\n/)[0]).toMatch(/,tags$/);
    expect(text).toContain(`https://chat.whatsapp.com/${a},Educação,,Aprovado,`);
    expect(text).toMatch(new RegExp(`${a},Educação,,Aprovado,[^,]+,"concursos,enem"`));
  });
});

describe('groups.tag_ids and tags.public_groups', () => {
  /** Groups whose tag_ids differ from group_tags, and tags whose count differs from a count of the tables. */
  async function drift() {
    const rows = await db.execute(sql`
      select
        (select count(*) from ${groups} g where g.tag_ids <>
          array(select gt.tag_id from ${groupTags} gt where gt.group_id = g.id order by gt.tag_id))::int as groups,
        (select count(*) from ${tags} t where t.public_groups <> (
          select count(*) from ${groupTags} gt join ${groups} g on g.id = gt.group_id join ${categories} c on c.id = g.category_id
          where gt.tag_id = t.id and g.approved and g.hidden_at is null and not c.adult))::int as tags`);
    return ((rows as { rows?: { groups: number; tags: number }[] }).rows ?? [])[0];
  }

  it('follow group_tags and visibility whoever writes them: edits, merges, imports, holds, 18+, deletions', async () => {
    // Every test above wrote tags its own way (submission, moderation, an admin, a merge, the CSV).
    expect(await drift()).toEqual({ groups: 0, tags: 0 });
    const gone = await newTag('Tag apagada');
    const kept = await tagged([gone.slug, 'enem']);
    const deleted = await tagged([gone.slug, 'enem']);
    const enem = () => countOf('enem');
    const before = (await enem())!;
    // A tag deleted outright and a group deleted take their rows with them by cascade.
    await db.delete(tags).where(eq(tags.id, gone.id));
    await db.delete(groups).where(eq(groups.id, deleted.id));
    expect(await tagSlugsOf(kept.id)).toEqual(['enem']);
    expect(await enem()).toBe(before - 1);
    // A hold takes the group off its tags' counts at once; lifting it puts it back.
    await db.transaction((tx) => placeHold(tx, kept.id, { reason: 'admin' }));
    expect(await enem()).toBe(before - 2);
    await db.transaction((tx) => liftHolds(tx, kept.id, { reason: 'admin' }, { reason: 'teste' }));
    expect(await enem()).toBe(before - 1);
    // Unapproved, then its category made 18+ and back.
    await db.update(groups).set({ approved: false }).where(eq(groups.id, kept.id));
    expect(await enem()).toBe(before - 2);
    await db.update(groups).set({ approved: true }).where(eq(groups.id, kept.id));
    await db.update(categories).set({ adult: true }).where(eq(categories.id, category.id));
    expect(await drift()).toEqual({ groups: 0, tags: 0 });
    await db.update(categories).set({ adult: false }).where(eq(categories.id, category.id));
    expect(await enem()).toBe(before - 1);
    expect(await drift()).toEqual({ groups: 0, tags: 0 });
  });
});
