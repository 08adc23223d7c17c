// npm run bench -- --only takedown (issue #40, decision 0015): through the local platform serving a full
// build, a 'child_abuse' legal notice on a pre-rendered group, then the admin's 'keep'. For each
// surface, seconds from the notice's 201 until it answers 404/410 (or, for the category page, until the
// group's card is gone), and from the keep's 200 until it answers again. No rebuild runs meanwhile (the
// bench sets no build hook): what changes is the takedown list only.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { type DbHandle, rowsOf } from '../db/client.ts';
import { groups, legalNotices, rateLimitBuckets, users } from '../db/schema.ts';
import { SESSION_COOKIE, signSession } from '../src/features/auth/session.server.ts';
import { joinPath } from '../src/features/groups/groups.ts';
import { thumbnailKey } from '../src/features/images/group-image.ts';
import { type Latency, latency, log, round } from './lib.ts';

export interface TakedownSection {
  samples: number;
  /** seconds from the notice to 404/410, per surface */
  gone: Record<string, Latency>;
  /** seconds from 'keep' back to 200, per surface */
  back: Record<string, Latency>;
  /** surfaces that did not change within the wait, per phase */
  timedOut: { gone: string[]; back: string[] };
}

const WAIT_MS = 30_000;
const POLL_MS = 50;

interface Sample {
  id: string;
  path: string;
  categorySlug: string;
}

/** The pre-rendered groups shown on their category's first page: every surface applies to them. */
async function samples(handle: DbHandle, base: string, count: number): Promise<Sample[]> {
  const rows = rowsOf<Sample>(
    await handle.db.execute(sql`
      select g.id, '/' || c.slug || '/' || g.title_slug as path, c.slug as "categorySlug"
      from groups g join categories c on c.id = g.category_id
      where g.approved and g.hidden_at is null and not c.adult
      order by g.bumped_at desc limit 200`),
  );
  const chosen: Sample[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    if (chosen.length >= count || seen.has(row.categorySlug)) continue;
    const list = await (await fetch(`${base}/categoria/${row.categorySlug}`)).text();
    if (list.includes(`<!--takedown:${row.id}-->`)) {
      chosen.push(row);
      seen.add(row.categorySlug);
    }
  }
  return chosen;
}

/** Each surface of a sample, and whether it is up (true), gone (false) or neither yet (null). */
function surfaces(base: string, s: Sample, picture: string, card: string) {
  const status = async (path: string) => (await fetch(`${base}${path}`, { redirect: 'manual' })).status;
  const up = (code: number) =>
    code >= 200 && code < 400 ? true : code === 404 || code === 410 ? false : null;
  return {
    'group page (pre-rendered)': async () => up(await status(s.path)),
    'group page, other address': async () => up(await status(`${s.path}/index.html`)),
    '/grupo/{id}': async () => up(await status(`/grupo/${s.id}`)),
    '/entrar/{id}': async () => up(await status(joinPath(s.id))),
    picture: async () => up(await status(`/api/images/${picture}`)),
    thumbnail: async () => up(await status(`/api/images/${thumbnailKey(picture)}`)),
    'share card': async () => up(await status(card)),
    'GET /api/groups/{id}': async () => up(await status(`/api/groups/${s.id}`)),
    'category list': async () =>
      (await (await fetch(`${base}/categoria/${s.categorySlug}`)).text()).includes(`<!--takedown:${s.id}-->`),
  };
}

/** Poll every surface at once until each reads `want`; seconds each took (null: not within the wait). */
async function until(
  checks: Record<string, () => Promise<boolean | null>>,
  want: boolean,
  since: number,
): Promise<Record<string, number | null>> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      while (performance.now() - since < WAIT_MS) {
        if ((await check().catch(() => null)) === want) return [name, (performance.now() - since) / 1000];
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      return [name, null];
    }),
  );
  return Object.fromEntries(entries);
}

/** Add one sample's seconds per surface to `into`; the surfaces that never changed to `missed`. */
function record(taken: Record<string, number | null>, into: Record<string, number[]>, missed: Set<string>) {
  for (const [name, seconds] of Object.entries(taken)) {
    if (seconds === null) missed.add(name);
    else into[name] = [...(into[name] ?? []), seconds];
  }
}

export async function benchTakedown(handle: DbHandle, base: string, count: number): Promise<TakedownSection> {
  const { db } = handle;
  const [admin] = await db
    .insert(users)
    .values({
      email: `bench-admin-${randomBytes(4).toString('hex')}@bench.local`,
      password: 'x',
      name: 'Bench',
      admin: true,
    })
    .returning();
  const token = await signSession(admin!.id);
  const chosen = await samples(handle, base, count);
  if (!chosen.length) throw new Error('takedown: no pre-rendered group on its category page');
  const gone: Record<string, number[]> = {};
  const back: Record<string, number[]> = {};
  const timedOut = { gone: new Set<string>(), back: new Set<string>() };

  for (const [i, sample] of chosen.entries()) {
    // A stored picture, sent as a visitor sends one, given to the group.
    const code = `BenchTakedown${randomBytes(6).toString('hex')}`;
    const form = new FormData();
    form.set('title', `Bench foto ${code}`);
    form.set('description', 'Grupo enviado pelo bench só pela foto.');
    form.set('link', `https://chat.whatsapp.com/${code}`);
    const [{ name: categoryName }] = rowsOf<{ name: string }>(
      await db.execute(sql`select name from categories where slug = ${sample.categorySlug}`),
    ) as [{ name: string }];
    form.set('category', categoryName);
    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#334155' } })
      .jpeg()
      .toBuffer();
    form.set('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'foto.jpg');
    await db.delete(rateLimitBuckets);
    const sent = await fetch(`${base}/api/groups`, { method: 'POST', body: form, headers: { origin: base } });
    if (sent.status !== 201) throw new Error(`takedown: submission answered ${sent.status}`);
    const [submitted] = await db.select().from(groups).where(eq(groups.inviteCode, code));
    await db.update(groups).set({ image: submitted!.image }).where(eq(groups.id, sample.id));
    const picture = submitted!.image!.replace('/api/images/', '');
    const html = await (await fetch(`${base}${sample.path}`)).text();
    const card = new URL(
      /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1] ?? `/og/${sample.id}/x.png`,
    ).pathname;
    const checks = surfaces(base, sample, picture, card);
    // Everything up first (the share card is drawn once here, as a first share would).
    const before = await until(checks, true, performance.now());
    const down = Object.entries(before)
      .filter(([, s]) => s === null)
      .map(([name]) => name);
    if (down.length) throw new Error(`takedown: not up before the notice: ${down.join(', ')}`);

    await db.delete(rateLimitBuckets);
    const started = performance.now();
    const notice = await fetch(`${base}/api/legal-notices`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({
        kind: 'child_abuse',
        groupUrl: `${base}${sample.path}`,
        name: 'Bench Notificante',
        email: `bench-${i}-${randomBytes(3).toString('hex')}@bench.local`,
        description: 'Notificação do bench: material de abuso sexual infantil.',
        declaration: true,
      }),
    });
    if (notice.status !== 201) throw new Error(`takedown: notice answered ${notice.status}`);
    const since = performance.now();
    record(await until(checks, false, since), gone, timedOut.gone);

    const [row] = await db.select().from(legalNotices).where(eq(legalNotices.groupId, sample.id));
    const kept = await fetch(`${base}/api/admin/legal-notices/${row!.id}`, {
      method: 'POST',
      // The session is the cookie only (#46), and a cookie's mutation must come from the site's origin.
      headers: { 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${token}`, origin: base },
      body: JSON.stringify({ decision: 'keep', reason: 'Bench: analisado e mantido.' }),
    });
    if (kept.status !== 200) throw new Error(`takedown: keep answered ${kept.status}`);
    const keptAt = performance.now();
    record(await until(checks, true, keptAt), back, timedOut.back);
    log(
      `takedown sample ${i + 1}/${chosen.length}: notice answered in ${round((since - started) / 1000)} s, ` +
        `slowest surface gone ${round(Math.max(...Object.values(gone).map((v) => v.at(-1) ?? 0)))} s`,
    );
  }
  const summary = (m: Record<string, number[]>) =>
    Object.fromEntries(Object.entries(m).map(([name, values]) => [name, latency(values)]));
  return {
    samples: chosen.length,
    gone: summary(gone),
    back: summary(back),
    timedOut: { gone: [...timedOut.gone], back: [...timedOut.back] },
  };
}
