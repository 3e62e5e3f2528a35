import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import playwrightConfig from '../../playwright.config';
import { playableEpisodes } from './audio';
import { expect, test } from './fixtures';
import { firstPage, goOffline, goOnline, launchProfile, waitForServiceWorker } from './offline';

test.use({ serviceWorkers: 'allow' });

/*
 * The helper every offline spec goes through takes the service worker off the network too. The
 * proof is an episode's audio that was never downloaded: the worker passes it to the network
 * (pwa/sw/sw.ts), so offline it must fail, and an <audio> must not play it.
 */

/** The page asks for the first bytes of `url`, as the player does; the worker handles it. */
function fetchThroughWorker(page: Page, url: string): Promise<number | 'failed'> {
  return page.evaluate(async (url) => {
    try {
      return (await fetch(url, { headers: { Range: 'bytes=0-99' } })).status;
    } catch {
      return 'failed' as const;
    }
  }, url);
}

function playsInThePage(page: Page, url: string): Promise<boolean> {
  return page.evaluate(async (url) => {
    const audio = new Audio(url);
    return audio.play().then(
      () => {
        audio.pause();
        return true;
      },
      () => false,
    );
  }, url);
}

/** The worker's own requests for `url` that failed, as the context sees them. */
function failedWorkerRequests(context: BrowserContext, url: string): string[] {
  const failed: string[] = [];
  context.on('requestfailed', (request) => {
    if (request.serviceWorker() && new URL(request.url()).pathname === url) failed.push(request.failure()?.errorText ?? '');
  });
  return failed;
}

test("offline, the worker's own fetch fails: an episode not downloaded neither loads nor plays", async ({ page, context, baseURL }) => {
  const [episode] = await playableEpisodes(baseURL!, ['An episode never downloaded']);
  await page.goto('/');
  await waitForServiceWorker(page);
  const failed = failedWorkerRequests(context, episode!.audioUrl);

  await goOffline(context);
  expect(await fetchThroughWorker(page, episode!.audioUrl)).toBe('failed');
  expect(await playsInThePage(page, episode!.audioUrl)).toBe(false);
  expect(failed).toContain('net::ERR_INTERNET_DISCONNECTED');

  await goOnline(context);
  expect(await fetchThroughWorker(page, episode!.audioUrl)).toBe(206);
});

test("a kept profile started offline: Chromium's emulation alone lets its worker fetch, the helper does not", async ({ baseURL }) => {
  // One episode per step: a range fetched once may be answered from the profile's HTTP cache later, as
  // a phone's would be, so each offline step asks for one this profile never fetched.
  const [leaked, blocked, blockedAgain] = await playableEpisodes(baseURL!, [
    'An episode a kept profile never downloaded',
    'A second episode a kept profile never downloaded',
    'A third episode a kept profile never downloaded',
  ]);
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'ledger-offline-worker-'));
  try {
    let context = await launchProfile(userDataDir, { baseURL: baseURL! });
    let page = await firstPage(context);
    await page.goto('/');
    await waitForServiceWorker(page);
    await context.close();

    // What the restarts offline did before the helper: the emulation from launch. The pages are
    // offline, the worker is not. If this starts failing, Chromium's emulation reaches the worker
    // itself (the helper still holds).
    context = await chromium.launchPersistentContext(userDataDir, { ...playwrightConfig.use?.launchOptions, baseURL, offline: true });
    page = await firstPage(context);
    await page.goto('/');
    await waitForServiceWorker(page);
    expect(await fetchThroughWorker(page, leaked!.audioUrl)).toBe(206);
    expect(await playsInThePage(page, leaked!.audioUrl)).toBe(true);
    await context.close();

    context = await launchProfile(userDataDir, { baseURL: baseURL!, offline: true });
    page = await firstPage(context);
    await page.goto('/');
    await waitForServiceWorker(page);
    const failed = failedWorkerRequests(context, blocked!.audioUrl);
    expect(await fetchThroughWorker(page, blocked!.audioUrl)).toBe('failed');
    expect(await playsInThePage(page, blocked!.audioUrl)).toBe(false);
    expect(failed).toContain('net::ERR_INTERNET_DISCONNECTED');

    // And back: online the worker fetches it again, offline again it does not.
    await goOnline(context);
    expect(await fetchThroughWorker(page, blocked!.audioUrl)).toBe(206);
    await goOffline(context);
    expect(await fetchThroughWorker(page, blockedAgain!.audioUrl)).toBe('failed');
    await context.close();
  } finally {
    await rm(userDataDir, { recursive: true, force: true });
  }
});
