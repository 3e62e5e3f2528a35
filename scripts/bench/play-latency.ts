/**
 * `npx tsx scripts/bench/play-latency.ts [--runs 5]` (after `npx vite build`)
 *
 * Time from pressing play to sound (docs/performance.md, "Pressing play"): a server on a fresh SQLite
 * database with the sample data and Chromium with the browser tests' flags at 412 px. Measured in the
 * page, from the press (pointerdown) to the first frame in which the audio element plays with its time advancing:
 *  - online, a first press on /podcasts in a fresh browser context, once the page is live (the
 *    player's chunk loads then);
 *  - online, a second episode pressed on the same page (the player already loaded);
 *  - offline, a downloaded episode played from Saved → Episodes after the page was reloaded offline
 *    (the service worker answers the shell, the chunks and the file's byte ranges from its caches).
 */
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import playwrightConfig from '../../playwright.config';
import { appStarted } from '../../pwa/e2e/support/hydration';
import { deploy, startServer } from '../../server/test/child-server';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);
const MEMBER = { email: 'member@ledgercommons.test', password: 'member123' };

/**
 * Arms the page: the next press is timed, and the first moment after it that an audio element is
 * playing with its time advancing (checked every frame: the player makes its element on first use).
 */
async function arm(page: Page): Promise<void> {
  // A string, not a function: the script runner's name helpers do not exist in the page.
  await page.evaluate(`(() => {
    delete window.pressedAt;
    delete window.playingAt;
    const first = document.querySelector('audio');
    const before = first ? first.currentTime : 0;
    const src = first ? first.currentSrc : undefined;
    document.addEventListener('pointerdown', () => { if (window.pressedAt === undefined) window.pressedAt = performance.now(); }, { capture: true, once: true });
    const check = () => {
      const audio = document.querySelector('audio');
      const moved = audio && !audio.paused && (audio.currentSrc !== src ? audio.currentTime > 0 : audio.currentTime > before);
      if (window.pressedAt !== undefined && moved) window.playingAt = performance.now();
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })()`);
}

async function elapsed(page: Page): Promise<number> {
  await page.waitForFunction(() => (window as unknown as { playingAt?: number }).playingAt !== undefined, undefined, { timeout: 30_000 }).catch(async (error: unknown) => {
    const state = await page.evaluate(`(() => { const a = document.querySelector('audio'); return JSON.stringify({ pressedAt: window.pressedAt, audio: !!a, paused: a && a.paused, time: a && a.currentTime, src: a && a.currentSrc, error: a && a.error && a.error.code }); })()`);
    throw new Error(`no sound after the press: ${String(state)}`, { cause: error });
  });
  return page.evaluate<number>('window.playingAt - window.pressedAt');
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const report = (name: string, xs: number[]) => console.log(`${name}: median ${median(xs).toFixed(0)} ms (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)}; ${xs.length} runs)`);

const deployment = await deploy('sqlite');
const server = await startServer({ url: deployment.url, env: { ...deployment.env, SEED: 'sample' } });
const browser = await chromium.launch({ ...playwrightConfig.use?.launchOptions });
const phone = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, serviceWorkers: 'allow' as const };
try {
  const url = deployment.url;
  const first: number[] = [];
  const second: number[] = [];
  const offline: number[] = [];

  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ baseURL: url, ...phone });
    const page = await context.newPage();
    await page.goto('/podcasts');
    const buttons = page.getByRole('button', { name: /^Listen Now: / });
    await buttons.nth(1).waitFor();
    // A server-rendered button does nothing until the app has taken the page over.
    await appStarted(page);
    // Two different episodes (the featured strip repeats some of the list's).
    const names = [...new Set(await buttons.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? el.textContent ?? '')))];
    await arm(page);
    await page.getByRole('button', { name: names[0], exact: true }).first().click();
    first.push(await elapsed(page));
    await arm(page);
    await page.getByRole('button', { name: names[1], exact: true }).first().click();
    second.push(await elapsed(page));
    await context.close();
  }

  // A member who has listened part-way, so the episode waits on Saved → Episodes with Download.
  const context = await browser.newContext({ baseURL: url, ...phone });
  const page = await context.newPage();
  await page.request.post('/api/auth/login', { data: MEMBER, headers: { origin: url } });
  const [episode] = await (await page.request.get('/api/podcasts?limit=1')).json();
  await page.request.put(`/api/podcasts/${episode.id}/listening`, { data: { positionSeconds: 1, deviceTime: new Date().toISOString() }, headers: { origin: url } });
  await page.goto('/saved');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
  });
  await page.getByRole('tab', { name: 'Episodes' }).click();
  // Saved → Episodes opens on Downloads; the episode begun elsewhere waits under In progress.
  await page.getByRole('tab', { name: 'In progress' }).click();
  await page.getByRole('button', { name: `Download "${episode.title}" for offline listening` }).click();
  await page.getByRole('button', { name: `Remove download of "${episode.title}"` }).waitFor({ timeout: 60_000 });
  await context.setOffline(true);
  for (let i = 0; i < runs; i++) {
    await page.reload();
    await appStarted(page);
    await page.getByRole('tab', { name: 'Episodes' }).click();
    const play = page.getByRole('tabpanel', { name: 'Downloads' }).getByRole('button', { name: `Play "${episode.title}"` });
    await play.waitFor();
    await arm(page);
    await play.click();
    offline.push(await elapsed(page));
  }
  await context.close();

  console.log(`Pressing play to sound, 412 px phone emulation, sample episode files (${episode.audioBytes} bytes)`);
  report('online, first press (player chunk loads)', first);
  report('online, second episode (player loaded)', second);
  report('offline, downloaded episode from Saved', offline);
} finally {
  await browser.close();
  await server.stop();
  await deployment.cleanup();
}
