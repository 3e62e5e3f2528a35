// `npx tsx scripts/cold-start-paint.ts [runs]`: when a cold start paints the header's chrome (the site's
// name with the menu's links, and the account area: Login or the member's menu), in Debian's Chromium
// with the flags of playwright.config.ts, against the real server on the sample data and the build in
// dist/pwa (`npx vite build` first). A member signs in and visits once with a kept profile (the service
// worker installs, the app keeps its answers); then the browser is started again, `runs` times each,
// (a) offline and (b) on a slow network (CDP Network.emulateNetworkConditions), and the times since
// navigation start are printed as medians (docs/performance.md, "Cold start").
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import playwrightConfig from '../playwright.config';
import { startServer } from '../pwa/e2e/support/server';

const RUNS = Number(process.argv[2] ?? 5);
/** DevTools' "Slow 3G": 2 s round trips, 400 kbit/s down and up. */
const SLOW_NETWORK = { offline: false, latency: 2000, downloadThroughput: 50_000, uploadThroughput: 50_000 };
const MEMBER = { email: 'member@ledgercommons.test', password: 'member123' };
const COPY_KEY = 'ledger-queries';

interface Paint {
  /** The site's name and at least one menu link in the header's Main navigation. */
  chrome: number;
  /** Login or the signed-in member's account menu. */
  account: number;
  /** First contentful paint, for comparison. */
  fcp: number;
}

declare global {
  interface Window {
    __paint: Partial<Paint>;
  }
}

/**
 * Runs in the page before its scripts: notes the frame in which each part of the header appears. A
 * string, not a function: tsx would wrap the function's inner functions in a helper the page lacks.
 */
const WATCH_HEADER = `(() => {
  const marks = {};
  window.__paint = marks;
  const at = (name) => requestAnimationFrame(() => { if (marks[name] === undefined) marks[name] = performance.now(); });
  const check = () => {
    const header = document.querySelector('header.site-header');
    if (!header) return;
    const named = Boolean(header.querySelector('.site-logo__name')?.textContent);
    if (marks.chrome === undefined && named && header.querySelector('nav[aria-label="Main"] a')) at('chrome');
    if (marks.account === undefined && header.querySelector('.site-login, .site-account')) at('account');
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') marks.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
})();`;

const server = await startServer('sample');
const profile = await mkdtemp(path.join(tmpdir(), 'ledger-cold-start-'));
const launch = (offline: boolean): Promise<BrowserContext> =>
  chromium.launchPersistentContext(profile, { ...playwrightConfig.use?.launchOptions, baseURL: server.url, offline, viewport: { width: 1280, height: 720 } });
const firstPage = async (context: BrowserContext): Promise<Page> => context.pages()[0] ?? (await context.newPage());

try {
  // The one visit: signed in, the service worker in control, the header's answers kept on the device.
  let context = await launch(false);
  let page = await firstPage(context);
  expect((await context.request.post(`${server.url}/api/auth/login`, { data: MEMBER })).status(), 'sign-in', 200);
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
  });
  // Then a page the worker serves (the shell), as every later start is, and its answers stored.
  await page.reload();
  await page.getByRole('button', { name: 'Logout' }).waitFor();
  await page.waitForFunction(() =>
    new Promise<boolean>((resolve) => {
      const open = indexedDB.open('ledger-cache');
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('responses')) return resolve(false);
        const keys = db.transaction('responses').objectStore('responses').getAllKeys();
        keys.onsuccess = () => resolve(['/api/site', '/api/menu-settings'].every((p) => (keys.result as string[]).includes(p)));
      };
      open.onerror = () => resolve(false);
    }),
  );
  // A build with the persisted copy writes it within a second of the last answer (the persister's
  // throttle); a build without it never does.
  const copied = await page
    .waitForFunction((key) => localStorage.getItem(key)?.includes('menu-settings'), COPY_KEY, { timeout: 5_000 })
    .then(() => true, () => false);
  console.info(`persisted copy after the visit: ${copied ? 'yes' : 'no (a build without it)'}`);
  await context.close();

  const results: Record<string, Paint[]> = { offline: [], 'slow 3G': [] };
  for (let run = 0; run < RUNS; run++) {
    for (const condition of Object.keys(results)) {
      const offline = condition === 'offline';
      context = await launch(offline);
      page = await firstPage(context);
      await page.addInitScript(WATCH_HEADER);
      if (!offline) {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', SLOW_NETWORK);
      }
      await page.goto('/', { waitUntil: 'commit' });
      await page
        .waitForFunction(() => ['chrome', 'account', 'fcp'].every((name) => window.__paint[name as keyof Paint] !== undefined), undefined, {
          timeout: 60_000,
        })
        .catch(async (error: unknown) => {
          const seen = await page.evaluate(() => window.__paint).catch(() => 'no page');
          throw new Error(`${condition}, run ${run + 1}: the header was not painted (${JSON.stringify(seen)})`, { cause: error });
        });
      results[condition].push((await page.evaluate(() => window.__paint)) as Paint);
      await context.close();
    }
  }

  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return Math.round(sorted[Math.floor(sorted.length / 2)]);
  };
  console.info(`\nMedians of ${RUNS} cold starts of / (ms since navigation start):\n`);
  console.info('| cold start | first contentful paint | site name + menu links | account (Login / member) |');
  console.info('|---|---:|---:|---:|');
  for (const [condition, paints] of Object.entries(results)) {
    console.info(`| ${condition} | ${median(paints.map((p) => p.fcp))} | ${median(paints.map((p) => p.chrome))} | ${median(paints.map((p) => p.account))} |`);
  }
} finally {
  await server.close();
  await rm(profile, { recursive: true, force: true });
}

function expect(actual: number, what: string, wanted: number): void {
  if (actual !== wanted) throw new Error(`${what}: ${actual}, expected ${wanted}`);
}
