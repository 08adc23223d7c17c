// The opt-in e-mail 'Seu grupo já pode ser renovado': the panel setting (PUT/GET
// /api/user/renewal-reminders), the scheduled send-mail run writing at most one a day per owner for
// bumps that opened since the last one, sent over real SMTP to the local catcher, and the one-click
// unsubscribe (the mail's link and the List-Unsubscribe header) that needs no login.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, renewalReminders, users } from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as remindersFn from '../../functions/renewal-reminders.ts';
import * as sendMailFn from '../../functions/send-mail.ts';
import { signSession } from '../../src/features/auth/session.server.ts';
import { bumpGroup } from '../../src/features/panel/engage.server.ts';
import {
  queueRenewalReminders,
  unsubscribeToken,
} from '../../src/features/panel/renewal-reminders.server.ts';
import { setupTestDb } from '../support/db.ts';
import { callFunction } from '../support/functions.ts';
import { linkIn, setupMailCatcher } from '../support/mail.ts';
import { makeGroup, signedIn } from './payments-helpers.ts';

const { db } = await setupTestDb();
const catcher = await setupMailCatcher();
const HOUR = 3_600_000;
const SUBJECT = 'Seu grupo já pode ser renovado';

async function owner(name: string) {
  const [user] = await db
    .insert(users)
    .values({
      email: `${name.toLowerCase()}-${randomBytes(3).toString('hex')}@teste.local`,
      password: 'x',
      name,
      emailConfirmedAt: new Date(),
    })
    .returning();
  return { ...user!, token: await signSession(user!.id) };
}

const setting = (token: string, init: RequestInit = {}) =>
  callFunction(remindersFn, '/api/user/renewal-reminders', signedIn(token, init));
const optIn = (token: string, enabled: boolean) =>
  setting(token, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ enabled }),
  });
// Inserting lists a group at its creation (a trigger): both are set.
const listedAt = (at: Date) => ({ createdAt: at, bumpedAt: at });
const outboxFor = (email: string) => db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));

beforeAll(async () => {
  await seedDatabase(db, { groups: 4, now: new Date('2026-06-01T12:00:00Z') });
});

describe('the panel setting', () => {
  it('is off by default, turns on and off for the logged-in owner only', async () => {
    const ana = await owner('Ana');
    expect((await callFunction(remindersFn, '/api/user/renewal-reminders')).status).toBe(401);
    expect(await (await setting(ana.token)).json()).toEqual({ enabled: false });
    expect((await optIn(ana.token, true)).status).toBe(200);
    expect(await (await setting(ana.token)).json()).toEqual({ enabled: true });
    // Twice on keeps the first opt-in; a body that is not a yes/no is a pt-BR 400.
    expect((await optIn(ana.token, true)).status).toBe(200);
    const bad = await setting(ana.token, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"enabled":"sim"}',
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/avisos/);
    expect((await optIn(ana.token, false)).status).toBe(200);
    expect(await db.select().from(renewalReminders).where(eq(renewalReminders.userId, ana.id))).toEqual([]);
  });
});

describe('the reminder', () => {
  it('mails owners who opted in when a bump opens, at most once a day, and unsubscribes in one click', async () => {
    const bia = await owner('Bia');
    const caio = await owner('Caio'); // never opted in
    const now = Date.now();
    await optIn(bia.token, true);
    // Opted in now: a group that opens in the future is mailed when it opens, never before.
    const soon = await makeGroup(db, bia.id, listedAt(new Date(now - 23 * HOUR)));
    await makeGroup(db, caio.id, listedAt(new Date(now - 30 * HOUR)));
    const pending = await makeGroup(db, bia.id, { approved: false, ...listedAt(new Date(now - 30 * HOUR)) });
    expect(await queueRenewalReminders(db, new Date(now))).toBe(0);

    // An hour later the first bump opens: the scheduled run writes one message and sends it over SMTP.
    const opened = new Date(now + 1.5 * HOUR);
    expect(await queueRenewalReminders(db, opened)).toBe(1);
    // The scheduled function (no path) sends what is due over SMTP.
    const run = await sendMailFn.default();
    expect(run.status).toBe(200);
    const mail = await catcher.waitFor((m) => m.to.includes(bia.email) && m.subject === SUBJECT);
    expect(mail.text).toContain(`"${soon.title}"`);
    expect(mail.text).not.toContain(pending.title);
    expect(mail.text).toContain('/painel');
    const unsubscribe = linkIn(mail.text, '/api/renewal-reminders/unsubscribe');
    const header = mail.headers.find(([k]) => k.toLowerCase() === 'list-unsubscribe')?.[1];
    expect(header).toBe(`<${unsubscribe.toString()}>`);
    expect(mail.headers.find(([k]) => k.toLowerCase() === 'list-unsubscribe-post')?.[1]).toBe(
      'List-Unsubscribe=One-Click',
    );
    // The token does not stay in the outbox once sent; Caio got nothing.
    const [row] = await outboxFor(bia.email);
    expect(row!.status).toBe('sent');
    expect(row!.payload).not.toContain(unsubscribeToken(bia.id));
    expect(await outboxFor(caio.email)).toEqual([]);

    // She renews; the next opening comes 24 hours later. Within a day of the last mail: nothing.
    await bumpGroup(db, bia.id, soon.id, opened);
    const second = await makeGroup(db, bia.id, listedAt(new Date(opened.getTime() - 20 * HOUR)));
    expect(await queueRenewalReminders(db, new Date(opened.getTime() + 5 * HOUR))).toBe(0);
    // A day after the last one: one message naming both openings since then.
    const nextDay = new Date(opened.getTime() + 24 * HOUR + 60_000);
    expect(await queueRenewalReminders(db, nextDay)).toBe(1);
    expect(await queueRenewalReminders(db, nextDay)).toBe(0);
    const [, latest] = (await outboxFor(bia.email)).sort((a, b) => a.id - b.id);
    expect(JSON.parse(latest!.payload).groupTitles).toEqual([soon.title, second.title].sort());

    // The mail's link, without any session: off, and a page that says so. A forged token changes nothing.
    const forged = new URL(unsubscribe);
    forged.searchParams.set('token', `${bia.id}.${'A'.repeat(43)}`);
    const refused = await callFunction(remindersFn, `${forged.pathname}${forged.search}`);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Este link de cancelamento não é válido');
    expect(await db.select().from(renewalReminders).where(eq(renewalReminders.userId, bia.id))).toHaveLength(
      1,
    );
    const res = await callFunction(remindersFn, `${unsubscribe.pathname}${unsubscribe.search}`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/lembretes-cancelados');
    expect(await (await setting(bia.token)).json()).toEqual({ enabled: false });
    expect(await queueRenewalReminders(db, new Date(nextDay.getTime() + 48 * HOUR))).toBe(0);

    // The mail client's one-click POST (RFC 8058) does the same.
    await optIn(bia.token, true);
    const post = await callFunction(remindersFn, `${unsubscribe.pathname}${unsubscribe.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(post.status).toBe(200);
    expect(await (await setting(bia.token)).json()).toEqual({ enabled: false });
  });
});
