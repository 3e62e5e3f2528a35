import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import playwrightConfig from '../../../playwright.config';
import { playableEpisodes } from '../support/audio';
import { expect, test } from '../support/fixtures';
import { firstPage, goOffline, goOnline, launchProfile, waitForServiceWorker } from '../support/offline';

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

/**
 * Runs `steps` with Playwright's own hold on a service worker's requests switched off (its routes and
 * its offline emulation reach no worker started meanwhile), as it is when an installed worker fetches
 * before Playwright has attached to it: that race is what let a kept profile's worker out, and it goes
 * either way from one run to the next. Playwright runs in this process, and each of its workers runs
 * one test at a time.
 */
async function withoutWorkerInterception<T>(steps: () => Promise<T>): Promise<T> {
  const name = 'PLAYWRIGHT_DISABLE_SERVICE_WORKER_NETWORK';
  const before = process.env[name];
  process.env[name] = '1';
  try {
    return await steps();
  } finally {
    if (before === undefined) delete process.env[name];
    else process.env[name] = before;
  }
}

test("a kept profile started offline: Chromium's emulation alone lets its worker fetch, the helper does not", async ({ baseURL }) => {
  // Three starts of a browser with a kept profile: on a busy machine each takes as long as a whole test elsewhere.
  test.setTimeout(4 * test.info().timeout);
  // One episode per step: a range fetched once may be answered from the profile's HTTP cache later, as
  // a phone's would be, so each offline step asks for one this profile never fetched.
  const [leaked, blocked, blockedAgain] = await playableEpisodes(baseURL!, [
    'An episode a kept profile never downloaded',
    'A second episode a kept profile never downloaded',
    'A third episode a kept profile never downloaded',
  ]);
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'ledger-offline-worker-'));
  const restart = async (launch: () => Promise<BrowserContext>) => {
    const context = await launch();
    const page = await firstPage(context);
    await page.goto('/');
    await waitForServiceWorker(page);
    return { context, page };
  };
  try {
    let { context } = await restart(() => launchProfile(userDataDir, { baseURL: baseURL! }));
    await context.close();

    await withoutWorkerInterception(async () => {
      // What the restarts offline did before the helper, when Playwright had not reached the worker in
      // time: the emulation from launch. The pages are offline, the worker is not. If this starts
      // failing, Chromium's emulation reaches the worker itself (the helper still holds).
      let page: Page;
      ({ context, page } = await restart(() =>
        chromium.launchPersistentContext(userDataDir, { ...playwrightConfig.use?.launchOptions, baseURL, offline: true }),
      ));
      expect(await fetchThroughWorker(page, leaked!.audioUrl)).toBe(206);
      expect(await playsInThePage(page, leaked!.audioUrl)).toBe(true);
      await context.close();

      // The helper, in the same plight: its relay is down below the browser, so nothing the worker
      // sends reaches the server, whether Playwright intercepts it or not. Without the plight the
      // route may fail the fetch first, which proves nothing about the relay.
      ({ context, page } = await restart(() => launchProfile(userDataDir, { baseURL: baseURL!, offline: true })));
      expect(await fetchThroughWorker(page, blocked!.audioUrl)).toBe('failed');
      expect(await playsInThePage(page, blocked!.audioUrl)).toBe(false);

      // And back: online the worker fetches it again, offline again it does not.
      await goOnline(context);
      expect(await fetchThroughWorker(page, blocked!.audioUrl)).toBe(206);
      await goOffline(context);
      expect(await fetchThroughWorker(page, blockedAgain!.audioUrl)).toBe('failed');
      await context.close();
    });
  } finally {
    await rm(userDataDir, { recursive: true, force: true, maxRetries: 10 });
  }
});
