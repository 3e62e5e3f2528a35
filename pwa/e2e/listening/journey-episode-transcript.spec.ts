import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { episodeWithText, webVtt, type EpisodeWithText } from '../support/episodeText';
import { expect, test } from '../support/fixtures';
import { header, main, navigate, SCREENS } from '../support/journey';
import { firstPage, launchProfile, startSignedIn, storedPaths } from '../support/offline';
import { ACCOUNTS } from '../support/session';

/*
 * The episode page's Chapters and Transcript (docs/episode-page.md). A listener opens an episode with
 * a WebVTT transcript and chapters from the hub; a press on a chapter plays it from there, the
 * transcript follows the playback in its own box (not the page, and not while the listener scrolls
 * it), a press on a cue's time seeks. On the train: the episode downloaded from the hub's card, the
 * browser restarted with no connection, its page still shows both and a chapter plays the download
 * from there. An episode with neither shows neither.
 */

const SHOTS = '/work/shots-episode-page';
/** 64 s of audio (the 16 s sample four times): a cue every 2 s, three chapters. */
const REPEAT = 4;
const CUES = Array.from({ length: 32 }, (_, i) => ({
  start: i * 2,
  end: i * 2 + 2,
  text: `Sentence ${i + 1} of the conversation: how the new operating profit subtotal reads in the income statement.`,
}));
const CHAPTERS = [
  { start: 0, title: 'Opening' },
  { start: 20, title: 'The new subtotals' },
  { start: 40, title: 'Questions from listeners' },
];

const tag = () => Math.random().toString(36).slice(2, 7);
const article = (page: Page, episode: EpisodeWithText) => main(page).getByRole('article', { name: episode.title });
const chaptersOf = (page: Page, episode: EpisodeWithText) => article(page, episode).getByRole('region', { name: 'Chapters' });
const transcriptOf = (page: Page, episode: EpisodeWithText) => article(page, episode).getByRole('region', { name: 'Transcript' });
const chapter = (chapters: Locator, time: string) => chapters.getByRole('button', { name: new RegExp(`^Play from ${time} `) });
/** A cue of the transcript, by its start as shown ('0:20'). */
const cue = (transcript: Locator, time: string) => transcript.getByRole('listitem').filter({ has: transcript.page().getByRole('button', { name: `Play from ${time}`, exact: true }) });
const currentCue = (transcript: Locator) => transcript.locator('li[aria-current="true"]');
const audioTime = (page: Page) => page.evaluate(() => document.querySelector('audio')?.currentTime ?? 0);

/** The transcript's scrolling box: how far it is scrolled, and whether the current cue is inside its view. */
function transcriptBox(transcript: Locator) {
  const box = transcript.locator('.episode-transcript__box');
  return {
    box,
    scrollTop: () => box.evaluate((el) => Math.round(el.scrollTop)),
    showsCurrentCue: () =>
      box.evaluate((el) => {
        const current = el.querySelector('[aria-current="true"]');
        if (!current) return false;
        const view = el.getBoundingClientRect();
        const rect = current.getBoundingClientRect();
        return rect.top >= view.top - 1 && rect.bottom <= view.bottom + 1;
      }),
  };
}

async function openFromHub(page: Page, episode: EpisodeWithText): Promise<void> {
  await navigate(page, 'Podcasts');
  await main(page).getByRole('link', { name: episode.title, exact: true }).first().click();
  await expect(page).toHaveURL(`/podcasts/${episode.id}`);
  await expect(article(page, episode).getByRole('heading', { level: 1, name: episode.title })).toBeVisible();
}

test('the transcript follows the playback in its own box; a chapter and a cue seek; the listener scrolling it is left alone', async ({ page, baseURL }, testInfo) => {
  test.slow(); // real playback: the cues change as the audio plays
  const episode = await episodeWithText(baseURL!, `Following along ${tag()}`, { repeat: REPEAT, transcript: webVtt(CUES), chapters: CHAPTERS });
  // Rendered with the page on the server: the transcript is the episode's text for search engines too.
  const html = await (await page.request.get(`/podcasts/${episode.id}`)).text();
  expect(html).toContain(CUES[31]!.text);
  expect(html).toContain('Questions from listeners');
  await page.goto('/');
  await openFromHub(page, episode);

  const chapters = chaptersOf(page, episode);
  const transcript = transcriptOf(page, episode);
  await expect(chapters.getByRole('listitem')).toHaveCount(3);
  await expect(chapters.getByRole('listitem').nth(1)).toHaveText('Play from 0:20 The new subtotals');
  await expect(transcript.getByRole('listitem')).toHaveCount(CUES.length);
  await expect(cue(transcript, '1:02')).toContainText(CUES[31]!.text);
  // Nothing playing: nothing marked.
  await expect(article(page, episode).locator('[aria-current]')).toHaveCount(0);
  // A long transcript starts as a box of its own, following along.
  await expect(transcript.getByRole('button', { name: 'Show full transcript' })).toHaveAttribute('aria-expanded', 'false');
  await expect(transcript.getByRole('button', { name: 'Follow along' })).toHaveAttribute('aria-pressed', 'true');

  // A chapter plays the episode from its start (nothing was playing).
  const { scrollTop, showsCurrentCue } = transcriptBox(transcript);
  // (Brought into view first, as the click would: the page must not move after it.)
  await chapter(chapters, '0:20').scrollIntoViewIfNeeded();
  const pageScroll = await page.evaluate(() => window.scrollY);
  await chapter(chapters, '0:20').click();
  const player = page.getByRole('region', { name: 'Player' });
  await expect(player).toContainText(episode.title);
  await expect.poll(() => audioTime(page)).toBeGreaterThanOrEqual(20);
  await expect(chapter(chapters, '0:20')).toHaveAttribute('aria-current', 'true');
  await expect(chapter(chapters, '0:00')).not.toHaveAttribute('aria-current');
  // The cue being spoken is marked, and moves on with the audio.
  await expect(cue(transcript, '0:22')).toHaveAttribute('aria-current', 'true', { timeout: 10_000 });
  await expect(currentCue(transcript)).toHaveCount(1);
  // Kept in view by scrolling the transcript's box, the page where it was.
  expect(await scrollTop()).toBeGreaterThan(0);
  expect(await showsCurrentCue()).toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBe(pageScroll);
  await expect(cue(transcript, '0:24')).toHaveAttribute('aria-current', 'true', { timeout: 10_000 });
  expect(await showsCurrentCue()).toBe(true);

  // A cue's time seeks there: the chapter follows.
  await cue(transcript, '0:50').getByRole('button').click();
  await expect.poll(() => audioTime(page)).toBeGreaterThanOrEqual(50);
  await expect(chapter(chapters, '0:40')).toHaveAttribute('aria-current', 'true');
  await expect(chapter(chapters, '0:20')).not.toHaveAttribute('aria-current');
  await expect(currentCue(transcript)).toContainText(/Sentence 2[67] /);

  // The listener scrolls the box back to the start: it stays there while the cues move on.
  await transcriptBox(transcript).box.hover();
  await page.mouse.wheel(0, -5_000);
  await expect.poll(scrollTop).toBe(0);
  const spoken = await currentCue(transcript).textContent();
  await expect(currentCue(transcript)).not.toHaveText(spoken!, { timeout: 10_000 });
  expect(await scrollTop()).toBe(0);
  expect(await showsCurrentCue()).toBe(false);
  // "Follow along" off, then on again: back to the cue at once.
  const follow = transcript.getByRole('button', { name: 'Follow along' });
  await follow.click();
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await follow.click();
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(showsCurrentCue).toBe(true);
  await transcript.screenshot({ path: `${SHOTS}/following-${testInfo.project.name}.png` });

  // The whole transcript, down the page: no box of its own (nothing scrolls by itself), still marked.
  await transcript.getByRole('button', { name: 'Show full transcript' }).click();
  await expect(transcript.getByRole('button', { name: 'Collapse transcript' })).toHaveAttribute('aria-expanded', 'true');
  await expect(transcript.getByRole('button', { name: 'Follow along' })).toHaveCount(0);
  expect(await transcriptBox(transcript).box.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
  await expect(currentCue(transcript)).toHaveCount(1);
  // Both sections, a chapter and a cue marked current.
  await expectNoSeriousA11yViolations(page);
  await chapters.screenshot({ path: `${SHOTS}/chapters-${testInfo.project.name}.png` });
});

test('an episode with neither chapters nor a transcript shows neither; a pasted transcript is plain paragraphs', async ({ page, baseURL }) => {
  test.slow(); // two episodes uploaded, two pages opened, axe in both themes
  const plain = await episodeWithText(baseURL!, `Nothing to read ${tag()}`);
  const pasted = await episodeWithText(baseURL!, `Pasted words ${tag()}`, {
    transcript: 'Welcome to the close.\n\nToday we look at leases.',
  });
  await page.goto('/');
  await openFromHub(page, plain);
  await expect(article(page, plain).getByRole('button', { name: `Listen Now: ${plain.title}` })).toBeVisible();
  await expect(article(page, plain).getByRole('heading', { name: 'Chapters' })).toHaveCount(0);
  await expect(article(page, plain).getByRole('heading', { name: 'Transcript' })).toHaveCount(0);

  await openFromHub(page, pasted);
  const transcript = transcriptOf(page, pasted);
  await expect(transcript.locator('p')).toHaveText(['Welcome to the close.', 'Today we look at leases.']);
  // No times to press, nothing to follow, nothing to collapse.
  await expect(transcript.getByRole('button')).toHaveCount(0);
  await expect(article(page, pasted).getByRole('heading', { name: 'Chapters' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a downloaded episode takes its chapters and transcript offline: after a restart with no connection a chapter plays the download from there', async ({ baseURL }, testInfo) => {
    test.slow(); // two browser launches, a sign-in through the form, a download through the worker
    const screen = testInfo.project.name === 'desktop' ? SCREENS[2] : SCREENS[0];
    const episode = await episodeWithText(baseURL!, `On the train ${tag()}`, { repeat: REPEAT, transcript: webVtt(CUES), chapters: CHAPTERS });
    const userDataDir = await mkdtemp(path.join(tmpdir(), 'ledger-transcript-'));
    const launch = (offline: boolean): Promise<BrowserContext> => launchProfile(userDataDir, { baseURL: baseURL!, offline, ...screen.use });
    try {
      let context = await launch(false);
      let page = await startSignedIn(context, ACCOUNTS.member);
      // Downloaded from the hub's card, by keyboard: the episode's page is never opened before the
      // train, nor preloaded (a pointer over the card would preload it: its title link covers the
      // card), so only the download can have kept the page's answer.
      await navigate(page, 'Podcasts');
      await page.mouse.move(1, 1);
      const card = main(page).getByRole('article').filter({ has: page.getByRole('heading', { name: episode.title, exact: true }) });
      const detail = `/api/podcasts/${episode.id}`;
      await expect(card).toBeVisible();
      expect(await storedPaths(page)).not.toContain(detail);
      await card.getByRole('button', { name: `Download "${episode.title}" for offline listening` }).press('Enter');
      await expect(card.getByRole('button', { name: `Downloaded: remove the download of "${episode.title}"` })).toBeVisible({ timeout: 30_000 });
      expect(await storedPaths(page)).toContain(detail);
      await context.close();

      // The tunnel: the browser opens again with no connection.
      context = await launch(true);
      page = await firstPage(context);
      await page.goto('/');
      await header(page).getByRole('link', { name: 'Saved' }).first().click();
      await main(page).getByRole('tab', { name: 'Episodes' }).click();
      await main(page).getByRole('tab', { name: 'Downloads' }).click();
      const entry = main(page).getByRole('list', { name: 'Downloads' }).getByRole('article', { name: episode.title });
      await expect(entry.getByText('Downloaded')).toBeVisible();
      await entry.getByRole('link', { name: episode.title }).click();
      await expect(page).toHaveURL(`/podcasts/${episode.id}`);

      const chapters = chaptersOf(page, episode);
      const transcript = transcriptOf(page, episode);
      await expect(chapters.getByRole('listitem')).toHaveCount(3);
      await expect(transcript.getByRole('listitem')).toHaveCount(CUES.length);
      await expect(cue(transcript, '0:40')).toContainText(CUES[20]!.text);

      // A chapter plays the downloaded file from its start (the worker answers the ranges from the cache).
      await chapter(chapters, '0:40').click();
      await expect(page.getByRole('region', { name: 'Player' })).toContainText(episode.title);
      await expect.poll(() => audioTime(page)).toBeGreaterThanOrEqual(40);
      await expect(chapter(chapters, '0:40')).toHaveAttribute('aria-current', 'true');
      await expect(cue(transcript, '0:42')).toHaveAttribute('aria-current', 'true', { timeout: 10_000 });
      const playback = await page.evaluate(() => ({ error: document.querySelector('audio')?.error?.code ?? null, src: document.querySelector('audio')?.currentSrc ?? '' }));
      expect(playback.error).toBeNull();
      expect(new URL(playback.src).pathname).toBe(episode.audioUrl);
      await page.screenshot({ path: `${SHOTS}/offline-${testInfo.project.name}.png` });
      await context.close();
    } finally {
      await rm(userDataDir, { recursive: true, force: true, maxRetries: 10 });
    }
  });
});
