// Chromium for browser tests: CHROMIUM_PATH, the system's chromium, or Playwright's own download.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

/**
 * Launch headless Chromium with no background network traffic. With `whatsapp` (the fake WhatsApp's
 * address, tests/support/fake-whatsapp.ts), https://chat.whatsapp.com/ is that fake: the browser
 * resolves the host to a local TLS front (a throwaway self-signed certificate, so contexts need
 * `ignoreHTTPSErrors`) that forwards to it. A 302 to an invite link is then followed as in a visitor's
 * browser (Playwright's route() does not see the target of a redirect), and nothing leaves the machine.
 */
export async function launchBrowser(options: { whatsapp?: string } = {}): Promise<Browser> {
  if (!options.whatsapp) return sharedBrowser();
  return startBrowser(options);
}

let shared: Promise<Browser> | undefined;

/**
 * The site files run one after another in one worker (isolate: false), which imports this module once:
 * they share one Chromium instead of starting one each. Its close() closes what the file opened (its
 * contexts and pages) and leaves the browser to the next file; Playwright stops it when the worker exits.
 */
function sharedBrowser(): Promise<Browser> {
  shared ??= startBrowser({}).then((browser) => {
    browser.close = async () => {
      await Promise.all(browser.contexts().map((context) => context.close()));
    };
    return browser;
  });
  return shared;
}

async function startBrowser(options: { whatsapp?: string }): Promise<Browser> {
  const front = options.whatsapp ? await startWhatsAppFront(options.whatsapp) : null;
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: [
      ...(front ? [`--host-resolver-rules=MAP chat.whatsapp.com 127.0.0.1:${front.port}`] : []),
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  if (front) browser.on('disconnected', () => front.close());
  return browser;
}

/** An HTTPS server on a free local port that forwards every request to the fake WhatsApp. */
async function startWhatsAppFront(target: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'wa-tls-'));
  const [keyFile, certFile] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1']
        .concat(['-keyout', keyFile, '-out', certFile, '-subj', '/CN=chat.whatsapp.com'])
        .concat(['-addext', 'subjectAltName=DNS:chat.whatsapp.com']),
      { stdio: 'ignore' },
    );
  } catch (error) {
    throw new Error(`openssl is needed for the fake WhatsApp's TLS front: ${(error as Error).message}`);
  }
  const tls = { key: readFileSync(keyFile), cert: readFileSync(certFile) };
  rmSync(dir, { recursive: true, force: true });
  const upstream = new URL(target);
  const server = createHttpsServer(tls, (req, res) => {
    const forward = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
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
