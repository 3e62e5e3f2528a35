import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { playableEpisodes } from '../support/audio';
import { expectNoSeriousA11yViolations, setTheme } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { main, navigate, SCREENS, signInWithForm } from '../support/journey';
import { ACCOUNTS } from '../support/session';

/*
 * One player for the whole app, on a phone and on a desktop: an episode started from /podcasts
 * keeps playing (the same <audio>, its time advancing) while the member goes to News and back; the
 * lock screen gets its title; a pause keeps the position, and another device of the same member
 * offers "Resume at m:ss". Up Next plays on at an episode's end, unless the sleep timer says
 * "End of episode"; the episode in the player and Up Next outlive a reload. The episodes are real uploads of a sample episode's recording (about
 * 3 minutes of speech, Opus in Ogg); its end is reached with the seek slider's End key.
 */

const SHOTS = '/work/shots-player';
const suffix = () => Math.random().toString(36).slice(2, 7);

const cardFor = (page: Page, title: string) => main(page).getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const miniPlayer = (page: Page) => page.getByRole('region', { name: 'Player' });
const fullPlayer = (page: Page) => page.getByRole('dialog', { name: 'Now playing' });
const audio = (page: Page) =>
  page.evaluate(() => {
    const el = document.querySelector('audio');
    return el ? { time: el.currentTime, duration: el.duration, paused: el.paused, ended: el.ended, src: el.getAttribute('src'), mark: el.dataset.mark ?? null } : null;
  });
const sessionTitle = (page: Page) => page.evaluate(() => navigator.mediaSession.metadata?.title ?? null);
/** The seek slider's End key (its non-drag alternative): to the last second, which plays out at once. */
async function skipToEnd(page: Page): Promise<void> {
  const seek = fullPlayer(page).getByRole('slider', { name: 'Position' });
  await seek.focus();
  await seek.press('End');
}
/** An Up Next row: the episode's title, then its length. */
const titled = (title: string) => new RegExp(`^${title}(\\d+:\\d{2})?$`);
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/** axe on what is shown, in both themes, at the width this project checks (360 px on phones, 1280 on desktops). */
async function checkA11y(page: Page, name: string, phone: boolean): Promise<void> {
  const size = phone ? { width: 360, height: 740 } : { width: 1280, height: 800 };
  await page.setViewportSize(size);
  await expectNoSeriousA11yViolations(page);
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/${name}-${size.width}-${theme}.png` });
  }
  await setTheme(page, 'light');
}

test.beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
});

test('a member plays from /podcasts, keeps listening across pages, and resumes on another device', async ({ page, browser, baseURL }, testInfo) => {
  test.slow(); // two sign-ins through the form, real playback, and axe in two themes at two states
  const phone = testInfo.project.name !== 'desktop';
  const [episode] = await playableEpisodes(baseURL!, [`Closing the books ${suffix()}`]);
  await page.goto('/');
  await signInWithForm(page, ACCOUNTS.member);
  await navigate(page, 'Podcasts');
  await expect(page).toHaveURL(/\/podcasts$/);

  // Pressing Listen Now plays in the page: no new tab, the docked player shows the episode.
  await cardFor(page, episode!.title).getByRole('button', { name: /^Listen Now/ }).click();
  await expect(miniPlayer(page)).toContainText(episode!.title);
  await expect(miniPlayer(page).getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect.poll(async () => (await audio(page))?.time ?? 0).toBeGreaterThan(0.5);
  expect((await audio(page))!.src).toBe(episode!.audioUrl);
  await expect.poll(() => sessionTitle(page)).toBe(episode!.title);
  expect(await page.evaluate(() => ({ artist: navigator.mediaSession.metadata?.artist, album: navigator.mediaSession.metadata?.album }))).toEqual({
    artist: episode!.show?.name ?? '',
    album: 'Ledger Commons',
  });
  // The page's end stays reachable above the docked player.
  expect(await page.evaluate(() => parseFloat(getComputedStyle(document.body).paddingBottom))).toBeGreaterThan(40);

  // Moving to News and back: the same element keeps playing, its time advancing across the change.
  await page.evaluate(() => (document.querySelector('audio')!.dataset.mark = 'kept'));
  const before = (await audio(page))!.time;
  await navigate(page, 'News');
  await expect(page).toHaveURL(/\/news$/);
  await expect(miniPlayer(page)).toContainText(episode!.title);
  await expect.poll(async () => (await audio(page))!.time).toBeGreaterThan(before + 0.5);
  expect(await audio(page)).toMatchObject({ paused: false, mark: 'kept' });
  expect(await page.locator('audio').count()).toBe(1);
  await navigate(page, 'Podcasts');
  await expect(cardFor(page, episode!.title).getByRole('button', { name: /^Pause/ })).toBeVisible();

  // The full player: faster, then a pause keeps the position on this device and the server.
  await miniPlayer(page).getByRole('button', { name: 'Open full player' }).click();
  await expect(fullPlayer(page)).toBeVisible();
  await fullPlayer(page).getByRole('button', { name: '2× speed', exact: true }).click();
  await expect.poll(() => page.evaluate(() => document.querySelector('audio')!.playbackRate)).toBe(2);
  await expect(fullPlayer(page).getByRole('button', { name: '2× speed', exact: true })).toHaveAttribute('aria-pressed', 'true');
  // And back to 1×.
  await fullPlayer(page).getByRole('button', { name: '1× speed', exact: true }).click();
  await expect.poll(() => page.evaluate(() => document.querySelector('audio')!.playbackRate)).toBe(1);
  await expect.poll(async () => (await audio(page))!.time, { timeout: 15_000 }).toBeGreaterThan(6);
  await fullPlayer(page).getByRole('button', { name: 'Pause' }).click();
  await expect.poll(async () => (await audio(page))!.paused).toBe(true);
  const { time: stoppedAt, duration } = (await audio(page))!;
  const seek = fullPlayer(page).getByRole('slider', { name: 'Position' });
  await expect(seek).toHaveAttribute('aria-valuetext', `${clock(stoppedAt)} of ${clock(duration)}`);
  await expect
    .poll(async () => {
      const records = (await (await page.request.get('/api/listening')).json()) as Array<{ episodeId: string; positionSeconds: number }>;
      return records.find((r) => r.episodeId === episode!.id)?.positionSeconds;
    })
    .toBeCloseTo(stoppedAt, 0);
  await checkA11y(page, 'full-player', phone);
  await fullPlayer(page).getByRole('button', { name: 'Close', exact: true }).click();
  await expect(fullPlayer(page)).toHaveCount(0);
  await checkA11y(page, 'mini-player', phone);

  // Another device of the same member (a desktop) offers to resume there.
  const desktop = await browser.newContext({ baseURL, ...SCREENS[2].use });
  try {
    const other = await desktop.newPage();
    await other.goto('/');
    await signInWithForm(other, ACCOUNTS.member);
    await navigate(other, 'Podcasts');
    const resume = cardFor(other, episode!.title).getByRole('button', { name: new RegExp(`^Resume at ${clock(stoppedAt)}`) });
    await expect(resume).toBeVisible();
    await resume.click();
    await expect(miniPlayer(other)).toContainText(episode!.title);
    await expect.poll(async () => (await audio(other))?.time ?? 0).toBeGreaterThanOrEqual(Math.floor(stoppedAt));
  } finally {
    await desktop.close();
  }
});

test('Up Next plays on at the end of an episode; the sleep timer "End of episode" stops there', async ({ page, baseURL }) => {
  test.slow(); // three recordings of minutes uploaded, then played
  const tag = suffix();
  const [first, second, third] = await playableEpisodes(baseURL!, [`Queue one ${tag}`, `Queue two ${tag}`, `Queue three ${tag}`]);
  await page.goto('/podcasts');
  await cardFor(page, first!.title).getByRole('button', { name: /^Listen Now/ }).click();
  await expect(miniPlayer(page)).toContainText(first!.title);
  for (const episode of [second!, third!]) await cardFor(page, episode.title).getByRole('button', { name: `Add to Up Next: ${episode.title}` }).click();
  await cardFor(page, second!.title).screenshot({ path: `${SHOTS}/card.png` });

  // Reordered in the full player: the third goes first.
  await miniPlayer(page).getByRole('button', { name: 'Open full player' }).click();
  const queue = fullPlayer(page).getByRole('region', { name: 'Up Next' }).getByRole('listitem');
  await expect(queue).toHaveText([titled(second!.title), titled(third!.title)]);
  await fullPlayer(page).getByRole('button', { name: `Move up: ${third!.title}` }).click();
  await expect(queue).toHaveText([titled(third!.title), titled(second!.title)]);
  await page.screenshot({ path: `${SHOTS}/up-next.png` });

  // What is playing and Up Next outlive a reload: the episode waits, paused, and the queue is as it was.
  await page.reload();
  await expect(miniPlayer(page)).toContainText(first!.title);
  await expect(miniPlayer(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await miniPlayer(page).getByRole('button', { name: 'Open full player' }).click();
  await expect(queue).toHaveText([titled(third!.title), titled(second!.title)]);
  await fullPlayer(page).getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(async () => (await audio(page))?.src).toBe(first!.audioUrl);
  await expect.poll(async () => (await audio(page))?.paused).toBe(false);

  // At the end of the first, the next of Up Next plays.
  await skipToEnd(page);
  await expect(fullPlayer(page)).toContainText(third!.title);
  await expect.poll(() => sessionTitle(page)).toBe(third!.title);
  await expect.poll(async () => (await audio(page))!.src).toBe(third!.audioUrl);
  await expect.poll(async () => (await audio(page))!.paused).toBe(false);
  await expect(queue).toHaveText([titled(second!.title)]);

  // Sleep timer at the end of this episode: playback stops there and the queue waits.
  await fullPlayer(page).getByRole('button', { name: 'End of episode' }).click();
  await expect(fullPlayer(page).getByRole('button', { name: 'End of episode' })).toHaveAttribute('aria-pressed', 'true');
  await skipToEnd(page);
  await expect.poll(async () => (await audio(page))!.ended).toBe(true);
  expect(await audio(page)).toMatchObject({ paused: true, src: third!.audioUrl });
  await expect(fullPlayer(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await expect(queue).toHaveText([titled(second!.title)]);
  await expect(fullPlayer(page).getByRole('button', { name: 'Off', exact: true })).toHaveAttribute('aria-pressed', 'true');
});

test('a play counts once the episode was heard, not when it was skipped to its end', async ({ page, baseURL, request }) => {
  test.slow(); // a minute of the episode heard at 2×
  const tag = suffix();
  const [skipped, heard] = await playableEpisodes(baseURL!, [`Skipped ${tag}`, `Heard ${tag}`]);
  const plays: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/play')) plays.push(new URL(r.url()).pathname);
  });
  const playCount = async (id: string) => ((await (await request.get(`/api/podcasts/${id}`)).json()) as { playCount: number }).playCount;

  await page.goto('/');
  await signInWithForm(page, ACCOUNTS.member);
  await navigate(page, 'Podcasts');

  // Started, then skipped past its end at once: heard for a moment, not a play. The end's position
  // going to the server comes after the play would have been sent (player.ts onEnded), so once it
  // has gone, no play was sent.
  await cardFor(page, skipped!.title).getByRole('button', { name: /^Listen Now/ }).click();
  await expect.poll(async () => (await audio(page))?.paused).toBe(false);
  const endSaved = page.waitForResponse((r) => r.url().endsWith(`/api/podcasts/${skipped!.id}/listening`) && r.request().method() === 'PUT');
  await miniPlayer(page).getByRole('button', { name: 'Open full player' }).click();
  await skipToEnd(page);
  await expect.poll(async () => (await audio(page))?.ended).toBe(true);
  expect((await endSaved).status()).toBe(200);
  expect(plays).toEqual([]);
  expect(await playCount(skipped!.id)).toBe(0);

  // The other, heard for a minute (what makes a play of an episode this long), at double speed: half a minute.
  await fullPlayer(page).getByRole('button', { name: '2× speed', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(fullPlayer(page)).toBeHidden();
  const played = page.waitForResponse((r) => r.url().endsWith(`/api/podcasts/${heard!.id}/play`), { timeout: 120_000 });
  await cardFor(page, heard!.title).getByRole('button', { name: /^Listen Now/ }).click();
  expect((await played).status()).toBe(200);
  expect((await audio(page))!.ended).toBe(false);
  expect(plays).toEqual([`/api/podcasts/${heard!.id}/play`]);
  expect(await playCount(heard!.id)).toBe(1);
  // The card says so without a reload.
  await expect(cardFor(page, heard!.title)).toContainText('1 play');
});
