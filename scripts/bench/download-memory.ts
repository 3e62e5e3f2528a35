/**
 * `npx tsx scripts/bench/download-memory.ts [--mb 100]` (after `npx vite build`)
 *
 * Memory while downloading an episode (docs/performance.md, "Downloading an episode"): a server on a
 * fresh SQLite database with the sample data, an MP3 of `--mb` megabytes (the sample episode's
 * frames repeated) uploaded as an episode's audio, and Chromium (with the flags the browser tests
 * use) downloading it through the app's own 'Download' button on Saved → Episodes. The page's heap
 * (CDP Runtime.getHeapUsage: the JS heap, and the ArrayBuffer backing stores outside it) is sampled
 * every 100 ms from before the press until 'Downloaded'. For contrast, the same file is then read
 * whole into the page (`fetch().arrayBuffer()`), as a download must never do.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type CDPSession } from '@playwright/test';
import playwrightConfig from '../../playwright.config';
import { deploy, repoRoot, startServer } from '../../server/test/child-server';

const { values } = parseArgs({ options: { mb: { type: 'string', default: '100' } } });
const targetBytes = Number(values.mb) * 1_000_000;
if (!(targetBytes > 0)) {
  console.error('usage: npx tsx scripts/bench/download-memory.ts [--mb megabytes]');
  process.exit(2);
}

const EDITOR = { email: 'editor@ledgercommons.test', password: 'editor123' };
const MEMBER = { email: 'member@ledgercommons.test', password: 'member123' };
const SHOTS = process.env.SHOTS_DIR;

/** The test MP3's frames repeated up to `bytes` (an MP3 the server's sniffer and the browser accept). */
function bigMp3(bytes: number): Buffer {
  const sample = readFileSync(path.join(repoRoot, 'server/test/fixtures/speech-16s.mp3'));
  return Buffer.concat(Array.from({ length: Math.ceil(bytes / sample.length) }, () => sample)).subarray(0, bytes);
}

/** A signed-in cookie for `account`. */
async function login(url: string, account: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url }, body: JSON.stringify(account) });
  if (!res.ok) throw new Error(`login ${res.status}: ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

async function api<T>(url: string, cookie: string, method: string, route: string, body?: unknown): Promise<T> {
  const res = await fetch(`${url}${route}`, {
    method,
    headers: { cookie, origin: url, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${route} ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

interface Sample {
  ms: number;
  heap: number;
  backing: number;
}

async function heapNow(cdp: CDPSession): Promise<{ heap: number; backing: number }> {
  const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; backingStorageSize?: number };
  return { heap: usage.usedSize, backing: usage.backingStorageSize ?? 0 };
}

/** Samples the page's heap every 100 ms while `work` runs; collects garbage first so the baseline is settled. */
async function sampled(cdp: CDPSession, work: () => Promise<void>): Promise<{ baseline: Sample; samples: Sample[]; seconds: number; afterGc: Sample }> {
  await cdp.send('HeapProfiler.collectGarbage');
  const started = Date.now();
  const baseline = { ms: 0, ...(await heapNow(cdp)) };
  const samples: Sample[] = [];
  let running = true;
  const sampler = (async () => {
    while (running) {
      samples.push({ ms: Date.now() - started, ...(await heapNow(cdp)) });
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  try {
    await work();
  } finally {
    running = false;
    await sampler;
  }
  const seconds = (Date.now() - started) / 1000;
  samples.push({ ms: Date.now() - started, ...(await heapNow(cdp)) });
  // What is still held once the garbage is collected: what the page keeps, not what it passed through.
  await cdp.send('HeapProfiler.collectGarbage');
  return { baseline, samples, seconds, afterGc: { ms: Date.now() - started, ...(await heapNow(cdp)) } };
}

const MB = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;
const peak = (samples: Sample[], key: 'heap' | 'backing') => Math.max(...samples.map((s) => s[key]));

const deployment = await deploy('sqlite');
const server = await startServer({ url: deployment.url, env: { ...deployment.env, SEED: 'sample' } });
const browser = await chromium.launch({ ...playwrightConfig.use?.launchOptions });
try {
  const url = deployment.url;
  const file = bigMp3(targetBytes);
  // The editor uploads the file and gives the newest published episode it as its audio.
  const editor = await login(url, EDITOR);
  const { uploadURL } = await api<{ uploadURL: string }>(url, editor, 'POST', '/api/objects/upload', { kind: 'audio' });
  const put = await fetch(uploadURL, { method: 'PUT', headers: { cookie: editor, origin: url, 'content-type': 'audio/mpeg' }, body: new Uint8Array(file) });
  if (!put.ok) throw new Error(`upload ${put.status}: ${await put.text()}`);
  const { objectPath } = await api<{ objectPath: string }>(url, editor, 'PUT', '/api/podcasts/audio', { audioURL: uploadURL });
  const listed = await api<Array<{ id: string; title: string; status: string; isArchived: boolean }>>(url, editor, 'GET', '/api/podcasts?limit=50');
  const episode = listed.find((e) => e.status === 'published' && !e.isArchived)!;
  await api(url, editor, 'PATCH', `/api/podcasts/${episode.id}`, { audioUrl: objectPath });
  // The member is part-way through it, so it waits on Saved → Episodes with its Download button.
  const member = await login(url, MEMBER);
  await api(url, member, 'PUT', `/api/podcasts/${episode.id}/listening`, { positionSeconds: 30, deviceTime: new Date().toISOString() });

  const context = await browser.newContext({ baseURL: url, serviceWorkers: 'allow', viewport: { width: 412, height: 915 } });
  const page = await context.newPage();
  await page.request.post('/api/auth/login', { data: MEMBER });
  await page.goto('/saved');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
  });
  await page.getByRole('tab', { name: 'Episodes' }).click();
  const entry = page.getByRole('article', { name: episode.title });
  await entry.getByRole('button', { name: /^Download ".+" for offline listening$/ }).waitFor();
  const cdp = await context.newCDPSession(page);

  const download = await sampled(cdp, async () => {
    await entry.getByRole('button', { name: /^Download ".+" for offline listening$/ }).click();
    if (SHOTS) {
      await entry.getByText(/^Downloading \d+ %$/).waitFor();
      await page.screenshot({ path: path.join(SHOTS, 'saved-episodes-downloading-412.png') });
    }
    await entry.getByText('Downloaded', { exact: true }).waitFor({ timeout: 600_000 });
  });
  const stored = await page.evaluate(async (u) => (await (await caches.open('ledger-episodes-v1')).match(u))?.headers.get('content-length'), objectPath);

  // The contrast: the same file read whole into the page (from the episode cache, through the worker).
  const whole = await sampled(cdp, async () => {
    await page.evaluate(async (u) => {
      (globalThis as { held?: ArrayBuffer }).held = await (await fetch(u)).arrayBuffer();
    }, objectPath);
  });
  await page.evaluate(() => delete (globalThis as { held?: ArrayBuffer }).held);

  const line = (name: string, r: typeof download) =>
    `${name}: ${r.seconds.toFixed(1)} s; JS heap ${MB(r.baseline.heap)} before, peak ${MB(peak(r.samples, 'heap'))} (+${MB(peak(r.samples, 'heap') - r.baseline.heap)}); ` +
    `ArrayBuffer backing stores ${MB(r.baseline.backing)} before, peak ${MB(peak(r.samples, 'backing'))}; ` +
    `after a garbage collection: heap ${MB(r.afterGc.heap)}, backing stores ${MB(r.afterGc.backing)}; ${r.samples.length} samples`;
  console.log(`file: ${MB(file.length)} (${file.length} bytes), stored in the episode cache: ${stored} bytes`);
  console.log(line('download (Download button, streamed into the cache)', download));
  console.log(line('contrast (fetch().arrayBuffer() of the same file)', whole));
  await context.close();
} finally {
  await browser.close();
  await server.stop();
  await deployment.cleanup();
}
