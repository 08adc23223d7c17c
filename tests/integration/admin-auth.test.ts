// Every admin endpoint: 401 without a session, 403 for a non-admin, and cookie-authenticated mutations
// from a foreign origin refused even for an admin.
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../db/seed.ts';
import * as adSettingsFn from '../../functions/admin-ad-settings.ts';
import * as adsFn from '../../functions/admin-advertisements.ts';
import * as categoriesFn from '../../functions/admin-categories.ts';
import * as dashboardFn from '../../functions/admin-dashboard.ts';
import * as groupsFn from '../../functions/admin-groups.ts';
import * as plansFn from '../../functions/admin-plans.ts';
import * as pwaFn from '../../functions/admin-pwa.ts';
import * as reportsFn from '../../functions/admin-reports.ts';
import * as sessionFn from '../../functions/admin-session.ts';
import * as sitemapFn from '../../functions/admin-sitemap.ts';
import { setupTestDb } from '../support/db.ts';
import { callFunction } from '../support/functions.ts';
import { makeAccounts, ORIGIN, signedIn } from './admin-support.ts';

const { db } = await setupTestDb();
let accounts: Awaited<ReturnType<typeof makeAccounts>>;

beforeAll(async () => {
  await seedDatabase(db, { groups: 20, now: new Date('2026-06-01T12:00:00Z') });
  accounts = await makeAccounts(db);
});

const ID = '00000000-0000-4000-8000-000000000000';
type Module = Parameters<typeof callFunction>[0];
const ENDPOINTS: [Module, string, string, unknown?][] = [
  [groupsFn, 'GET', '/api/admin/groups'],
  [groupsFn, 'PATCH', `/api/admin/groups/${ID}`, { title: 'x' }],
  [groupsFn, 'PATCH', `/api/admin/groups/${ID}/approve`],
  [groupsFn, 'PATCH', `/api/admin/groups/${ID}/feature`, { days: 30 }],
  [groupsFn, 'DELETE', `/api/admin/groups/${ID}`],
  [groupsFn, 'POST', '/api/admin/groups/reset-featured'],
  [groupsFn, 'DELETE', '/api/admin/groups/delete-empty-titles'],
  [groupsFn, 'POST', '/api/admin/groups/approve-all-pending'],
  [groupsFn, 'DELETE', '/api/admin/groups/delete-by-title/Qualquer'],
  [groupsFn, 'POST', '/api/admin/groups/import'],
  [groupsFn, 'GET', '/api/admin/groups/export'],
  [dashboardFn, 'GET', '/api/admin/dashboard-metrics'],
  [dashboardFn, 'GET', '/api/admin/rebuild'],
  [dashboardFn, 'POST', '/api/admin/rebuild'],
  [categoriesFn, 'GET', '/api/admin/categories'],
  [categoriesFn, 'POST', '/api/admin/categories', { name: 'Nova', slug: 'nova', icon: 'tag' }],
  [categoriesFn, 'PATCH', '/api/admin/categories/1', { name: 'Outra' }],
  [categoriesFn, 'DELETE', '/api/admin/categories/1'],
  [adsFn, 'GET', '/api/admin/advertisements?page=1&limit=6'],
  [adsFn, 'POST', '/api/admin/advertisements'],
  [adsFn, 'PATCH', `/api/admin/advertisements/${ID}`, { active: false }],
  [adsFn, 'DELETE', `/api/admin/advertisements/${ID}`],
  [adSettingsFn, 'GET', '/api/admin/ad-settings'],
  [adSettingsFn, 'PUT', '/api/admin/ad-settings', { cardsPerAd: 10 }],
  [plansFn, 'GET', '/api/admin/feature-plans'],
  [plansFn, 'POST', '/api/admin/feature-plans', { name: 'Plano', days: 3, price: '9,90' }],
  [plansFn, 'PATCH', '/api/admin/feature-plans/1', { active: false }],
  [reportsFn, 'GET', '/api/admin/reports'],
  [reportsFn, 'POST', `/api/admin/reports/${ID}`, { action: 'dismiss' }],
  [pwaFn, 'GET', '/api/admin/pwa-settings'],
  [pwaFn, 'PUT', '/api/admin/pwa-settings', {}],
  [pwaFn, 'POST', '/api/admin/pwa-settings/icon/192'],
  [sitemapFn, 'GET', '/api/admin/sitemap'],
  [sessionFn, 'GET', '/api/admin/session'],
];

function init(method: string, body: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
}

describe('admin endpoints', () => {
  it.each(ENDPOINTS)('%#: answer 401 without a session', async (fn, method, path, body) => {
    const res = await callFunction(fn, path, init(method, body));
    expect(res.status, `${method} ${path}`).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it.each(ENDPOINTS)('%#: answer 403 to a logged-in non-admin', async (fn, method, path, body) => {
    const res = await callFunction(fn, path, signedIn(accounts.userToken, init(method, body)));
    expect(res.status, `${method} ${path}`).toBe(403);
    expect(await res.json()).toEqual({
      message: 'Acesso negado - Esta conta não possui privilégios de administrador',
      code: 'FORBIDDEN',
    });
  });

  it.each(ENDPOINTS.filter(([, method]) => method !== 'GET'))(
    '%#: refuse a cookie-authenticated mutation from a foreign origin',
    async (fn, method, path, body) => {
      const headers = { cookie: `session=${accounts.adminToken}`, origin: 'https://evil.example' };
      const res = await callFunction(fn, path, init(method, body, headers));
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await res.json()).toMatchObject({ message: 'Requisição de origem não permitida.' });
    },
  );

  it('accept the admin by cookie from the same origin, never by an Authorization header', async () => {
    const byCookie = await callFunction(groupsFn, '/api/admin/groups', {
      headers: { cookie: `session=${accounts.adminToken}` },
    });
    expect(byCookie.status).toBe(200);
    const byBearer = await callFunction(dashboardFn, '/api/admin/dashboard-metrics', {
      headers: { authorization: `Bearer ${accounts.adminToken}` },
    });
    expect(byBearer.status).toBe(401);
    const sameOrigin = await callFunction(groupsFn, '/api/admin/groups/reset-featured', {
      method: 'POST',
      headers: { cookie: `session=${accounts.adminToken}`, origin: ORIGIN },
    });
    expect(sameOrigin.status).toBe(200);
  });

  it('refuse a session token in the query string (it would end up in logs and history)', async () => {
    const res = await callFunction(groupsFn, `/api/admin/groups/export?token=${accounts.adminToken}`);
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).not.toContain('text/csv');
    const post = await callFunction(
      groupsFn,
      `/api/admin/groups/reset-featured?token=${accounts.adminToken}`,
      {
        method: 'POST',
      },
    );
    expect(post.status).toBe(401);
    // The admin screen downloads it with the session cookie (fetch + blob).
    const byHeader = await callFunction(groupsFn, '/api/admin/groups/export', signedIn(accounts.adminToken));
    expect(byHeader.status).toBe(200);
    expect(byHeader.headers.get('content-type')).toContain('text/csv');
  });
});
