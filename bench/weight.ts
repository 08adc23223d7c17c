// Page weight in real Chromium (playwright-core): HTML gzipped, JavaScript gzipped before and after
// interaction, request count; and, when the site ships Pagefind, the bytes of the first search.
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../tests/support/browser.ts';
import { KB, log, round } from './lib.ts';

export interface PageWeight {
  name: string;
  path: string;
  status: number;
  htmlGzKb: number;
  jsGzKbBeforeInteraction: number;
  jsGzKbAfterInteraction: number;
  requests: number;
}

interface Loaded {
  url: string;
  type: string;
  gz: number;
}

function track(page: Page) {
  const loaded: Loaded[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    pending.push(
      response
        .body()
        .then((body) => {
          loaded.push({
            url: response.url(),
            type: response.request().resourceType(),
            gz: gzipSync(body).length,
          });
        })
        .catch(() => {}),
    );
  });
  return {
    loaded,
    // Until the network has been quiet for 500 ms. (waitForLoadState('networkidle') resolves at once
    // once the page reached it, so it never waited for what an interaction fetched.)
    settle: async () => {
      await page.waitForLoadState('networkidle').catch(() => {});
      for (let seen = -1, waited = 0; seen !== pending.length && waited < 10_000; waited += 500) {
        seen = pending.length;
        await page.waitForTimeout(500);
      }
      await Promise.all(pending);
    },
  };
}

const jsKb = (items: Loaded[]) =>
  round(items.filter((l) => l.type === 'script').reduce((s, l) => s + l.gz, 0) / KB, 1);

/** What a visitor does first: scroll through, focus the first field, tab around. */
async function interact(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 50));
    }
  });
  const field = page.locator('input:visible').first();
  if (await field.count()) await field.focus().catch(() => {});
  for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
}

export async function pageWeights(
  base: string,
  pages: { name: string; path: string }[],
): Promise<PageWeight[]> {
  const browser = await launchBrowser();
  const out: PageWeight[] = [];
  try {
    for (const { name, path } of pages) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
      const page = await context.newPage();
      const tracker = track(page);
      const response = await page.goto(base + path, { waitUntil: 'load' });
      await tracker.settle();
      const before = [...tracker.loaded];
      const document = before.find((l) => l.type === 'document');
      await interact(page);
      await tracker.settle();
      out.push({
        name,
        path,
        status: response?.status() ?? 0,
        htmlGzKb: round((document?.gz ?? 0) / KB, 1),
        jsGzKbBeforeInteraction: jsKb(before),
        jsGzKbAfterInteraction: jsKb(tracker.loaded),
        requests: before.length,
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

/** Bytes (gzipped) fetched from /pagefind/ by the first search typed in the home search box; null without Pagefind. */
export async function firstSearchBytes(base: string, word: string): Promise<number | null> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const tracker = track(page);
    // The search box with instant suggestions (home's hero box); /buscar's own form queries the API.
    const response = await page.goto(`${base}/`, { waitUntil: 'load' });
    if (response?.status() !== 200) return null;
    await tracker.settle();
    const field = page.getByRole('combobox', { name: 'Buscar grupos' }).first();
    if (!(await field.count())) return null;
    await field.focus();
    const start = tracker.loaded.length;
    await field.fill(word);
    await page.waitForTimeout(1500);
    await tracker.settle();
    const fetched = tracker.loaded.slice(start).filter((l) => l.url.includes('/pagefind/'));
    if (!fetched.length) {
      log('no /pagefind/ request after typing in the search box');
      return null;
    }
    return fetched.reduce((s, l) => s + l.gz, 0);
  } finally {
    await browser.close();
  }
}
