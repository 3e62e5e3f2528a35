/**
 * `npx tsx scripts/bench/first-visit.ts [--pwa-dir dist/pwa] [--runs 3] [--save-data] [--verbose] [paths…]`
 *
 * What a first visit costs a phone's data plan (docs/performance.md, "First visit on a phone"): a
 * built server on the sample data (its server renderer beside the build, `<pwa-dir>/../ssr`), a
 * fresh Chromium profile on the phone project's emulation (412 px, playwright.config.ts's flags),
 * the service worker allowed. For each path (default `/` and `/news`) it reports
 *  - page: the bytes the page transferred (CDP Network.loadingFinished encodedDataLength: headers
 *    and compressed bodies) until the page is idle — load, then requestIdleCallback, then no request
 *    for a second;
 *  - worker: the bytes the service worker fetched (its precache) until it is active and quiet
 *    (Playwright's request sizes: the page's CDP session does not see a worker's requests).
 * `--pwa-dir` measures another build (e.g. main's, copied aside), so two builds can be set side by side.
 * `--verbose` breaks each page's bytes down by resource type.
 * `--save-data` sends `Save-Data` and makes `navigator.connection.saveData` true.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import config from '../../playwright.config';
import { startServer } from '../../pwa/e2e/support/server';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'pwa-dir': { type: 'string', default: 'dist/pwa' },
    runs: { type: 'string', default: '3' },
    'save-data': { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
});
const pwaDir = path.resolve(values['pwa-dir']);
const runs = Number(values.runs);
const paths = positionals.length > 0 ? positionals : ['/', '/news'];
const QUIET_MS = 1000;

const server = await startServer('sample', { PWA_DIR: pwaDir });
const browser = await chromium.launch(config.use?.launchOptions);
try {
  console.log(`build: ${pwaDir}${values['save-data'] ? ' (Save-Data)' : ''}`);
  for (const pathname of paths) {
    const results: Array<{ page: number; worker: number }> = [];
    for (let run = 0; run < runs; run++) results.push(await visit(pathname));
    const median = (key: 'page' | 'worker') => results.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(results.length / 2)];
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    console.log(
      `${pathname.padEnd(8)} page until idle ${kb(median('page')).padStart(9)}   worker precache ${kb(median('worker')).padStart(9)}   total ${kb(median('page') + median('worker')).padStart(9)}   (median of ${runs})`,
    );
  }
} finally {
  await browser.close();
  await server.close();
}

async function visit(pathname: string): Promise<{ page: number; worker: number }> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 412, height: 915 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2.625,
    serviceWorkers: 'allow',
    extraHTTPHeaders: values['save-data'] ? { 'Save-Data': 'on' } : {},
  });
  if (values['save-data']) {
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g', addEventListener() {} } });
    });
  }
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    let pageBytes = 0;
    let pageActivity = Date.now();
    const types = new Map<string, string>();
    const urls = new Map<string, string>();
    const byType = new Map<string, number>();
    const byUrl = new Map<string, number>();
    cdp.on('Network.requestWillBeSent', (event) => {
      types.set(event.requestId, event.type ?? 'Other');
      urls.set(event.requestId, new URL(event.request.url).pathname);
      pageActivity = Date.now();
    });
    cdp.on('Network.loadingFinished', (event) => {
      const type = types.get(event.requestId) ?? 'Other';
      byType.set(type, (byType.get(type) ?? 0) + event.encodedDataLength);
      const url = urls.get(event.requestId) ?? '?';
      byUrl.set(url, (byUrl.get(url) ?? 0) + event.encodedDataLength);
      pageBytes += event.encodedDataLength;
      pageActivity = Date.now();
    });

    let workerBytes = 0;
    let workerActivity = Date.now();
    context.on('requestfinished', (request) => {
      if (!request.serviceWorker()) return;
      workerActivity = Date.now();
      void request.sizes().then((sizes) => {
        workerBytes += sizes.responseHeadersSize + sizes.responseBodySize;
        if (process.env.BENCH_WORKER) console.log(`    worker ${((sizes.responseHeadersSize + sizes.responseBodySize) / 1024).toFixed(1).padStart(7)} KB  ${new URL(request.url()).pathname}`);
      });
    });

    await page.goto(pathname, { waitUntil: 'load' });
    await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
    await quiet(() => pageActivity);
    const firstPage = pageBytes;
    if (values.verbose) {
      console.log(`  ${pathname}: ${[...byType].map(([type, bytes]) => `${type} ${(bytes / 1024).toFixed(1)} KB`).join(', ')}`);
      for (const [url, bytes] of [...byUrl].sort((a, b) => b[1] - a[1]).filter(([, b]) => b >= (process.env.BENCH_ALL ? 0 : 2048))) console.log(`    ${(bytes / 1024).toFixed(1).padStart(7)} KB  ${url}`);
    }

    // The worker: registered (now or later, as the build decides), active, and done fetching.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await quiet(() => Math.max(workerActivity, pageActivity));
    return { page: firstPage, worker: workerBytes };
  } finally {
    await context.close();
  }
}

/** Waits until `last()` (the time of the last network activity) is QUIET_MS ago. */
async function quiet(last: () => number): Promise<void> {
  for (;;) {
    const idleFor = Date.now() - last();
    if (idleFor >= QUIET_MS) return;
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS - idleFor));
  }
}

