// Chromium for browser tests: CHROMIUM_PATH, the system's chromium, or Playwright's own download.
import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';

export const INSTALL_HINT = 'apt-get update && apt-get install -y chromium   # or set CHROMIUM_PATH';

/** The Chromium binary this machine has, or an error that says how to install one. */
export function findChromium(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    safe(() => chromium.executablePath()),
  ];
  const found = candidates.find((p): p is string => Boolean(p && existsSync(p)));
  if (!found)
    throw new Error(`No Chromium found for the browser tests. Install one with:\n  ${INSTALL_HINT}`);
  return found;
}

function safe(fn: () => string) {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

/** Launch headless Chromium with no background network traffic. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: findChromium(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Full-page screenshots at phone and desktop widths into `dir` (a test's *_SCREENSHOTS variable; nothing
 * without it), then back to the phone viewport the journey runs in. With a dialog open, the window only:
 * a full-page shot stretches the page under a fixed dialog and cuts the dialog's footer.
 */
export async function screenshotWidths(page: Page, dir: string | undefined, name: string, height = 844) {
  if (!dir) return;
  const fullPage = (await page.getByRole('dialog').count()) === 0;
  // From the top: scrolled, the sticky header is drawn over the middle of a full-page shot.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage, animations: 'disabled' });
  }
  await page.setViewportSize({ width: 390, height });
}
