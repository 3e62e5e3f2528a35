import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { episodeWithAudio, listenedTo, type EpisodeWithAudio } from '../support/downloads';
import { expect, test } from '../support/fixtures';
import { playableEpisodes } from '../support/audio';
import { expectSignedIn, header, main, navigate, SCREENS, signInWithForm } from '../support/journey';
import { cachedUrls, launchProfile, waitForServiceWorker, startSignedIn, firstPage } from '../support/offline';
import { startServer, type RunningServer } from '../support/server';
import { ACCOUNTS } from '../support/session';

test.use({ serviceWorkers: 'allow' });

/*
 * Listening on the train. A member signed in through the form opens Saved → Episodes → In progress,
 * where the episode they are half-way through waits (its length and where they are), and downloads
 * it (progress, then Downloaded, said once); Downloads then lists it once, with its size. The browser
 * closes; it opens again with no connection: the episode is still in the library, the audio plays
 * from the service worker's cache and seeks (range requests answered 206 from it), and Remove
 * download frees its space.
 */

let server: RunningServer;
let episode: EpisodeWithAudio;

test.beforeAll(async () => {
  server = await startServer('sample');
  episode = await episodeWithAudio(server.url);
  await listenedTo(server.url, ACCOUNTS.member, episode.id, 75, episode.duration);
});

test.afterAll(async () => {
  await server?.close();
});

const EPISODE_CACHE = 'ledger-episodes-v1';
const SHOTS = '/work/shots-downloads';
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;
type View = 'Downloads' | 'In progress';
const episodes = (page: Page, view: View = 'Downloads') => main(page).getByRole('list', { name: view });
const entry = (page: Page, view: View = 'Downloads') => episodes(page, view).getByRole('article', { name: episode.title });

async function openView(page: Page, view: View): Promise<void> {
  await main(page).getByRole('tab', { name: view }).click();
  await expect(main(page).getByRole('tab', { name: view })).toHaveAttribute('aria-selected', 'true');
}
const storageFigure = (page: Page) => main(page).getByText(/^Using .+ of \d+ MB on this device$/);

async function openEpisodesTab(page: Page): Promise<void> {
  await header(page).getByRole('link', { name: 'Saved' }).first().click();
  await expect(main(page).getByRole('heading', { level: 1, name: 'Saved' })).toBeVisible();
  await main(page).getByRole('tab', { name: 'Episodes' }).click();
  await expect(main(page).getByRole('tab', { name: 'Episodes' })).toHaveAttribute('aria-selected', 'true');
}

test('a member downloads an episode from Saved, restarts offline, plays and seeks it from the cache, and removes it', async ({}, testInfo) => {
  test.slow(); // two browser launches, a sign-in through the form, axe in both themes
  const screen = testInfo.project.name === 'desktop' ? SCREENS[2] : SCREENS[0];
  const width = screen.use.viewport.width;
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'ledger-downloads-'));
  const launch = (offline: boolean): Promise<BrowserContext> => launchProfile(userDataDir, { baseURL: server.url, offline, ...screen.use });
  try {
    let context = await launch(false);
    let page = await startSignedIn(context, ACCOUNTS.member);
    await openEpisodesTab(page);

    // Nothing downloaded yet: the Downloads view says so.
    await expect(main(page).getByText('No downloads yet.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The episode in progress, from the member's listening record: its length, where they are, not downloaded yet.
    await openView(page, 'In progress');
    await expect(entry(page, 'In progress')).toContainText(`1:15 of ${clock(episode.duration)}`);
    await expect(entry(page, 'In progress').getByRole('button', { name: `Download "${episode.title}" for offline listening` })).toBeVisible();
    await expect(entry(page, 'In progress').getByRole('link', { name: episode.title })).toHaveAttribute('href', `/podcasts/${episode.id}`);
    await page.screenshot({ path: `${SHOTS}/saved-episodes-before-${width}.png`, fullPage: true });
    const before = await storageFigure(page).textContent();

    // Every state the button passes through, as the member sees it.
    await page.evaluate(() => {
      const seen: string[] = ((window as unknown as { __downloadStates: string[] }).__downloadStates = []);
      new MutationObserver(() => {
        const text = document.querySelector('.episode-download')?.textContent ?? '';
        if (seen.at(-1) !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await entry(page, 'In progress').getByRole('button', { name: `Download "${episode.title}" for offline listening` }).click();
    await expect(entry(page, 'In progress').getByText('Downloaded')).toBeVisible();
    await expect(entry(page, 'In progress').getByRole('button', { name: `Remove download of "${episode.title}"` })).toBeVisible();
    const states = await page.evaluate(() => (window as unknown as { __downloadStates: string[] }).__downloadStates);
    expect(states.some((s) => /^Downloading \d+ %Cancel$/.test(s)), states.join(' | ')).toBe(true);
    await expect(entry(page, 'In progress')).toContainText(`${(episode.bytes.length / 1_000_000).toFixed(1)} MB`);

    // Downloads: the episode once, "Downloaded" once, with its size, length and where the member is.
    await openView(page, 'Downloads');
    await expect(episodes(page).getByRole('article')).toHaveCount(1);
    await expect(entry(page)).toContainText(`${(episode.bytes.length / 1_000_000).toFixed(1)} MB`);
    await expect(entry(page)).toContainText(`1:15 of ${clock(episode.duration)}`);
    expect((await entry(page).innerText()).match(/Downloaded/g)).toHaveLength(1);
    await expect.poll(() => cachedUrls(page, EPISODE_CACHE)).toEqual([episode.audioUrl]);
    await expect(storageFigure(page)).not.toHaveText(before!);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${SHOTS}/saved-episodes-downloaded-${width}.png`, fullPage: true });
    await context.close();

    // The tunnel: the browser opens again with no connection.
    context = await launch(true);
    page = await firstPage(context);
    await page.goto('/');
    await expectSignedIn(page, ACCOUNTS.member.name);
    await openEpisodesTab(page);
    await expect(entry(page).getByText('Downloaded')).toBeVisible();
    await expect(episodes(page).getByRole('article')).toHaveCount(1);

    // Played in the app's player from the cached copy, and seeked there (the worker answers ranges).
    await entry(page).getByRole('button', { name: `Play "${episode.title}"` }).click();
    const player = page.getByRole('region', { name: 'Player' });
    await expect(player).toContainText(episode.title);
    const audioTime = () => page.evaluate(() => document.querySelector('audio')?.currentTime ?? 0);
    await expect.poll(audioTime).toBeGreaterThan(0);
    await player.getByRole('button', { name: 'Forward 30 seconds' }).click();
    await expect.poll(audioTime).toBeGreaterThanOrEqual(30);
    const playback = await page.evaluate(() => {
      const audio = document.querySelector('audio')!;
      return { error: audio.error?.code ?? null, duration: audio.duration, src: audio.currentSrc };
    });
    expect(playback.error).toBeNull();
    // Chromium read the Ogg Opus file's length through the worker's ranges (its last page is at the end).
    expect(playback.duration).toBeCloseTo(episode.duration, 0);
    expect(new URL(playback.src).pathname).toBe(episode.audioUrl);
    await player.getByRole('button', { name: 'Pause' }).click();

    // A range request offline: 206 with exactly the asked bytes, from the cached file.
    const range = await page.evaluate(async (url) => {
      const response = await fetch(url, { headers: { Range: 'bytes=100-199' } });
      return { status: response.status, contentRange: response.headers.get('content-range'), bytes: [...new Uint8Array(await response.arrayBuffer())] };
    }, episode.audioUrl);
    expect(range.status).toBe(206);
    expect(range.bytes).toHaveLength(100);
    expect(range.bytes).toEqual([...episode.bytes.subarray(100, 200)]);
    expect(range.contentRange).toBe(`bytes 100-199/${episode.bytes.length}`);

    // Remove download frees the space.
    await entry(page).getByRole('button', { name: `Remove download of "${episode.title}"` }).click();
    await expect(main(page).getByText('No downloads yet.')).toBeVisible();
    await expect.poll(() => cachedUrls(page, EPISODE_CACHE)).toEqual([]);
    await expect(storageFigure(page)).toHaveText(before!);
    await page.screenshot({ path: `${SHOTS}/saved-episodes-offline-removed-${width}.png`, fullPage: true });
    await context.close();
  } finally {
    await rm(userDataDir, { recursive: true, force: true, maxRetries: 10 });
  }
});

test('"Download Up Next" in the player stores every queued episode for the train', async ({ browser }, testInfo) => {
  test.slow(); // a sign-in through the form and two downloads through the worker
  const screen = testInfo.project.name === 'desktop' ? SCREENS[2] : SCREENS[0];
  const tag = Math.random().toString(36).slice(2, 7);
  const [playing, next, after] = await playableEpisodes(server.url, [`Now ${tag}`, `Next ${tag}`, `After ${tag}`]);
  const context = await browser.newContext({ baseURL: server.url, serviceWorkers: 'allow', ...screen.use });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await waitForServiceWorker(page);
    await signInWithForm(page, ACCOUNTS.member);
    await navigate(page, 'Podcasts');
    const card = (title: string) => main(page).getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    await card(playing!.title).getByRole('button', { name: /^Listen Now/ }).click();
    for (const episode of [next!, after!]) await card(episode.title).getByRole('button', { name: `Add to Up Next: ${episode.title}` }).click();

    const mini = page.getByRole('region', { name: 'Player' });
    await mini.getByRole('button', { name: 'Pause' }).click();
    await mini.getByRole('button', { name: 'Open full player' }).click();
    const full = page.getByRole('dialog', { name: 'Now playing' });
    await full.getByRole('button', { name: 'Download Up Next' }).click();
    // Both queued files land in the episode cache (one after the other); the one playing is not downloaded.
    await expect.poll(async () => (await cachedUrls(page, EPISODE_CACHE)).sort(), { timeout: 30_000 }).toEqual([next!.audioUrl, after!.audioUrl].sort());
    await expect(full.getByRole('status')).toHaveText('All 2 downloaded for offline listening.');
    await expect(full.getByRole('button', { name: 'Download Up Next' })).toBeEnabled();
    await page.screenshot({ path: `${SHOTS}/download-up-next-${screen.use.viewport.width}.png` });
    await page.keyboard.press('Escape');

    // The library says so.
    await openEpisodesTab(page);
    for (const episode of [next!, after!]) {
      await expect(episodes(page).getByRole('article', { name: episode.title }).getByText('Downloaded')).toBeVisible();
    }
  } finally {
    await context.close();
  }
});
