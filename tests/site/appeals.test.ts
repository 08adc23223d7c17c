// Contestar (#41) in real Chromium against the local platform: the owner of a group an admin hid opens
// the e-mail's link (/painel?contestar=<id>), reads the reason, contests; an admin restores it in
// 'Contestações' and the group is public again.
import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { categories, groupHolds, groups, users } from '../../db/schema.ts';
import { SESSION_COOKIE, signSession } from '../../src/features/auth/session.server.ts';
import { launchBrowser } from '../support/browser.ts';
import { withSiteDb } from '../support/site-db.ts';

const site = inject('siteUrl');
const WAIT = { timeout: 45_000 };
const REASON = 'Divulgação de apostas sem autorização';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signedInContext(userId: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
  await context.addCookies([
    { name: SESSION_COOKIE, value: await signSession(userId), url: site, httpOnly: true, sameSite: 'Lax' },
    { name: 'logged_in', value: '1', url: site, sameSite: 'Lax' },
  ]);
  return context;
}

describe('an owner contests, an admin restores', { timeout: 300_000 }, () => {
  it('the reason in the panel, the appeal sent, the group back after Restaurar', async () => {
    const tag = randomBytes(4).toString('hex');
    const { ownerId, adminId, groupId } = await withSiteDb(async (db) => {
      const [owner, admin] = await db
        .insert(users)
        .values([
          { email: `dono-${tag}@teste.local`, password: 'x', name: 'Dono', emailConfirmedAt: new Date() },
          { email: `admin-${tag}@teste.local`, password: 'x', name: 'Admin', admin: true },
        ])
        .returning();
      const [category] = await db
        .select()
        .from(categories)
        .where(eq(categories.adult, false))
        .orderBy(asc(categories.position))
        .limit(1);
      const code = `Appeal${tag}Site`;
      // Hidden by an admin's hold (placed by no one in particular: any admin may decide the appeal).
      const [group] = await db
        .insert(groups)
        .values({
          title: `Futebol amador ${tag}`,
          description: 'Peladas de fim de semana.',
          link: `https://chat.whatsapp.com/${code}`,
          inviteCode: code,
          categoryId: category!.id,
          titleSlug: `futebol-amador-${tag}`,
          approved: true,
          userId: owner!.id,
          hiddenAt: new Date(),
          hiddenReason: 'admin',
        })
        .returning();
      await db.insert(groupHolds).values({ groupId: group!.id, reason: 'admin', note: REASON });
      return { ownerId: owner!.id, adminId: admin!.id, groupId: group!.id };
    });

    const owner = await signedInContext(ownerId);
    const panel = await owner.newPage();
    await panel.goto(`${site}/painel?contestar=${groupId}`);
    const dialog = panel.getByRole('dialog', { name: 'Contestar a decisão' });
    await dialog.waitFor(WAIT);
    await dialog
      .getByLabel(/Seus argumentos/)
      .fill('Só falamos de futebol; quem divulgou apostas já saiu do grupo.');
    await dialog.getByRole('button', { name: 'Enviar contestação' }).click();
    await panel.getByText('Contestação enviada: em análise pela equipe.').waitFor(WAIT);
    await panel.getByText(`Motivo: “${REASON}”`, { exact: false }).first().waitFor(WAIT);
    await owner.close();

    const admin = await signedInContext(adminId);
    const screen = await admin.newPage();
    await screen.goto(`${site}/admin/contestacoes`);
    const card = screen.locator('li').filter({ hasText: `Futebol amador ${tag}` });
    await card.getByRole('button', { name: 'Restaurar' }).click();
    const decision = screen.getByRole('dialog', { name: 'Restaurar o grupo' });
    await decision.getByLabel('Motivo').fill('O conteúdo de apostas foi removido.');
    await decision.getByRole('button', { name: 'Restaurar' }).click();
    await screen.getByText('Aceita: grupo restaurado').first().waitFor(WAIT);
    await admin.close();

    expect((await fetch(`${site}/api/groups/${groupId}`)).status).toBe(200);
    const active = await withSiteDb((db) =>
      db.select().from(groupHolds).where(eq(groupHolds.groupId, groupId)),
    );
    expect(active[0]!.liftReason).toBe('Contestação aceita: O conteúdo de apostas foi removido.');
  });
});
