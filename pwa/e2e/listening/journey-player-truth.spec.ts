import { request, type Page } from '@playwright/test';
import { playableEpisodes, type PlayableEpisode } from '../support/audio';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { main, navigate, signInWithForm } from '../support/journey';
import { cachedUrls, goOffline, waitForServiceWorker } from '../support/offline';
import { pressToSound } from '../support/pressToSound';
import { ACCOUNTS } from '../support/session';
import { toast } from '../support/toast';

/*
 * A player that tells the truth. Offline, an episode whose audio is not on the phone is marked "Not
 * downloaded" on its card, its page and in Up Next, and pressing play says so instead of opening a
 * player with nothing to play; a downloaded one plays. The full player's remaining time follows the
 * speed, its title leads to the episode's page, Up Next shows each episode's picture and length,
 * and an episode that ends leaves Up Next as the next one starts.
 */

const NOT_DOWNLOADED = 'Not downloaded — connect to listen, or download it next time';
const EPISODE_CACHE = 'ledger-episodes-v1';
const SHOTS = '/work/shots-player';
const suffix = () => Math.random().toString(36).slice(2, 7);
const cardFor = (page: Page, title: string) => main(page).getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const listen = (page: Page, title: string) => cardFor(page, title).getByRole('button', { name: /^(Listen Now|Resume at)/ });
const miniPlayer = (page: Page) => page.getByRole('region', { name: 'Player' });
const fullPlayer = (page: Page) => page.getByRole('dialog', { name: 'Now playing' });
const upNext = (page: Page) => fullPlayer(page).getByRole('region', { name: 'Up Next' }).getByRole('listitem');
const audio = (page: Page) =>
  page.evaluate(() => {
    const el = document.querySelector('audio');
    return el ? { time: el.currentTime, duration: el.duration, paused: el.paused, ended: el.ended, src: el.getAttribute('src'), rate: el.playbackRate } : null;
  });
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/** Edits the episodes as the editor's form does (e.g. their Duration or Chapters). */
async function editEpisodes(baseURL: string, episodes: PlayableEpisode[], data: Record<string, unknown>): Promise<void> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  try {
    expect((await api.post('/api/auth/login', { data: { email: ACCOUNTS.editor.email, password: ACCOUNTS.editor.password } })).status()).toBe(200);
    for (const episode of episodes) {
      const patched = await api.patch(`/api/podcasts/${episode.id}`, { data });
      expect(patched.status(), await patched.text()).toBe(200);
    }
  } finally {
    await api.dispose();
  }
}

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('an episode that was not downloaded says so and plays nothing; a downloaded one plays', async ({ page, context, baseURL }, testInfo) => {
    test.slow(); // a sign-in through the form, a download through the worker, axe offline
    const tag = suffix();
    const [kept, missing] = await playableEpisodes(baseURL!, [`On the phone ${tag}`, `Left at home ${tag}`]);
    await page.goto('/');
    await waitForServiceWorker(page);
    await signInWithForm(page, ACCOUNTS.member);
    await navigate(page, 'Podcasts');
    // The missing one's page, seen once online (its data and code kept for offline reading).
    await cardFor(page, missing!.title).getByRole('link', { name: missing!.title }).click();
    await expect(main(page).getByRole('heading', { level: 1, name: missing!.title })).toBeVisible();
    await expect(main(page).getByText('Not downloaded', { exact: true })).toHaveCount(0);
    await page.goBack();
    await cardFor(page, kept!.title).getByRole('button', { name: `Download "${kept!.title}" for offline listening` }).click();
    await expect.poll(() => cachedUrls(page, EPISODE_CACHE)).toEqual([kept!.audioUrl]);
    // Online nothing is marked.
    await expect(main(page).getByText('Not downloaded', { exact: true })).toHaveCount(0);

    await goOffline(context);
    await expect(cardFor(page, missing!.title).getByText('Not downloaded', { exact: true })).toBeVisible();
    await expect(cardFor(page, kept!.title).getByText('Not downloaded', { exact: true })).toHaveCount(0);
    await expect(listen(page, missing!.title)).toHaveAccessibleDescription('Not downloaded');
    await cardFor(page, missing!.title).screenshot({ path: `${SHOTS}/offline-card-${testInfo.project.name}.png` });

    // Pressed anyway: said, and nothing plays (no player opens).
    await listen(page, missing!.title).click();
    await expect(toast(page)).toContainText(NOT_DOWNLOADED);
    await page.screenshot({ path: `${SHOTS}/offline-not-downloaded-${testInfo.project.name}.png` });
    await expect(miniPlayer(page)).toHaveCount(0);
    expect((await audio(page))?.src ?? null).toBeNull();
    await expectNoSeriousA11yViolations(page);

    // The downloaded one plays, from the worker's cache.
    const offline = await pressToSound(page, listen(page, kept!.title), kept!.audioUrl);
    testInfo.annotations.push({ type: 'press-to-sound offline', description: `playing ${offline.playing} ms, advancing ${offline.advancing} ms` });
    await expect(miniPlayer(page)).toContainText(kept!.title);
    expect(await audio(page)).toMatchObject({ paused: false, src: kept!.audioUrl });

    // Up Next marks it too, and its Play now says the same.
    await cardFor(page, missing!.title).getByRole('button', { name: `Add to Up Next: ${missing!.title}` }).click();
    await miniPlayer(page).getByRole('button', { name: 'Open full player' }).click();
    await expect(upNext(page)).toHaveCount(1);
    await expect(upNext(page).first()).toContainText('Not downloaded');
    await expect(fullPlayer(page).getByRole('button', { name: `Play now: ${missing!.title}` })).toHaveAccessibleDescription('Not downloaded');
    await fullPlayer(page).getByRole('button', { name: `Play now: ${missing!.title}` }).click();
    await expect(toast(page)).toContainText(NOT_DOWNLOADED);
    expect(await audio(page)).toMatchObject({ src: kept!.audioUrl });
    await expect(upNext(page)).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(fullPlayer(page)).toBeHidden();

    // And on its page.
    await cardFor(page, missing!.title).getByRole('link', { name: missing!.title }).click();
    await expect(main(page).getByRole('heading', { level: 1, name: missing!.title })).toBeVisible();
    await expect(main(page).getByText('Not downloaded', { exact: true })).toBeVisible();
    await main(page).getByRole('button', { name: /^Listen Now/ }).click();
    await expect(toast(page)).toContainText(NOT_DOWNLOADED);
    expect(await audio(page)).toMatchObject({ src: kept!.audioUrl });
  });
});

test('remaining time follows the speed, the title leads to the episode, Up Next shows picture and length and lets a finished episode go', async ({ page, baseURL }, testInfo) => {
  test.slow(); // real playback to an episode's end, and axe
  const tag = suffix();
  const episodes = await playableEpisodes(baseURL!, [`Speed one ${tag}`, `Speed two ${tag}`, `Speed three ${tag}`]);
  const [first, second, third] = episodes;
  await page.goto('/');
  await navigate(page, 'Podcasts');
  await listen(page, first!.title).click();
  await expect(miniPlayer(page)).toContainText(first!.title);
  for (const episode of [second!, third!]) await cardFor(page, episode.title).getByRole('button', { name: `Add to Up Next: ${episode.title}` }).click();

  // At 2×, paused somewhere: the time left is half the audio left.
  await miniPlayer(page).getByRole('button', { name: 'Open full player' }).click();
  await fullPlayer(page).getByRole('button', { name: '2× speed', exact: true }).click();
  await expect.poll(async () => (await audio(page))?.rate).toBe(2);
  await fullPlayer(page).getByRole('button', { name: 'Pause' }).click();
  await expect.poll(async () => (await audio(page))?.paused).toBe(true);
  const { time, duration } = (await audio(page))!;
  const remaining = fullPlayer(page).locator('[data-remaining]');
  await expect(remaining).toHaveText(`-${clock((duration - time) / 2)}`);
  await fullPlayer(page).getByRole('button', { name: '1× speed', exact: true }).click();
  await expect(remaining).toHaveText(`-${clock(duration - time)}`);

  // Up Next: each row with its picture (loaded) and its length.
  await expect(upNext(page)).toHaveCount(2);
  for (const [index, episode] of [second!, third!].entries()) {
    const row = upNext(page).nth(index);
    await expect(row).toContainText(episode.title);
    // The same sample file each: its length as the element measured it (the row may round the other way).
    await expect(row).toContainText(new RegExp(`${clock(Math.floor(duration))}|${clock(Math.ceil(duration))}`));
    await expect.poll(() => row.locator('img').first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/up-next-artwork-${testInfo.project.name}.png` });

  // The first ends: it is gone from Up Next and the second plays, leaving the third queued.
  await fullPlayer(page).getByRole('button', { name: 'Play', exact: true }).click();
  // The slider's End key (its non-drag alternative): to the last second, which plays out at once.
  const seek = fullPlayer(page).getByRole('slider', { name: 'Position' });
  await seek.focus();
  await seek.press('End');
  await expect.poll(async () => (await audio(page))?.src).toBe(second!.audioUrl);
  await expect(upNext(page)).toHaveCount(1);
  await expect(upNext(page).first()).toContainText(third!.title);
  await expect(fullPlayer(page).getByRole('region', { name: 'Up Next' })).not.toContainText(first!.title);

  // The title leads to the episode's page; the full player closes on the way, the playing goes on.
  await fullPlayer(page).getByRole('link', { name: second!.title }).click();
  await expect(page).toHaveURL(new RegExp(`/podcasts/${second!.id}$`));
  await expect(fullPlayer(page)).toHaveCount(0);
  await expect(main(page).getByRole('heading', { level: 1, name: second!.title })).toBeVisible();
  await expect(miniPlayer(page)).toContainText(second!.title);
});

test('the player and the lock screen name the chapter playing, and the full player moves by chapter', async ({ page, baseURL }, testInfo) => {
  test.slow(); // real playback across a chapter's start, and axe
  const [episode] = await playableEpisodes(baseURL!, [`Chapters ${suffix()}`]);
  await editEpisodes(baseURL!, [episode!], {
    chapters: [
      { start: 0, title: 'Opening remarks' },
      { start: 8, title: 'The standard itself' },
    ],
  });
  const lockScreen = () => page.evaluate(() => ({ title: navigator.mediaSession.metadata?.title, artist: navigator.mediaSession.metadata?.artist }));
  await page.goto('/');
  await navigate(page, 'Podcasts');
  await listen(page, episode!.title).click();
  await expect(miniPlayer(page)).toContainText(episode!.title);
  await expect(miniPlayer(page)).toContainText('Opening remarks');
  await expect.poll(lockScreen).toEqual({ title: 'Opening remarks', artist: `${episode!.title} · ${episode!.show!.name}` });

  // Next chapter (paused, so the position is where the press put it): the full player and the lock screen follow.
  await miniPlayer(page).getByRole('button', { name: 'Open full player' }).click();
  await expect(fullPlayer(page)).toContainText('Opening remarks');
  await fullPlayer(page).getByRole('button', { name: 'Pause' }).click();
  await expect.poll(async () => (await audio(page))!.paused).toBe(true);
  await fullPlayer(page).getByRole('button', { name: 'Next chapter' }).click();
  await expect.poll(async () => (await audio(page))!.time).toBeGreaterThanOrEqual(8);
  await expect(fullPlayer(page)).toContainText('The standard itself');
  await expect(fullPlayer(page).getByRole('button', { name: 'Next chapter' })).toBeDisabled();
  await expect.poll(lockScreen).toMatchObject({ title: 'The standard itself' });
  await page.screenshot({ path: `${SHOTS}/chapters-full-${testInfo.project.name}.png` });

  // Previous chapter, just after the second began: back to the first. Then playback itself crosses into the second.
  await fullPlayer(page).getByRole('button', { name: 'Previous chapter' }).click();
  await expect.poll(async () => (await audio(page))!.time).toBeLessThan(8);
  await expect.poll(lockScreen).toMatchObject({ title: 'Opening remarks' });
  await fullPlayer(page).getByRole('button', { name: 'Play', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(miniPlayer(page)).toContainText('Opening remarks');
  await expect(miniPlayer(page)).toContainText('The standard itself', { timeout: 15_000 });
  await expect.poll(lockScreen).toMatchObject({ title: 'The standard itself' });
  await expectNoSeriousA11yViolations(page);
});
