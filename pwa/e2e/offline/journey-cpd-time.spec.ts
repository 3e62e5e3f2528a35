import type { Page, Request } from '@playwright/test';
import { CPD_IDLE_MS } from '../../../contracts/constants';
import type { CpdTimeInput } from '../../../contracts/cpd';
import { playableEpisodes } from '../support/audio';
import { expect, test } from '../support/fixtures';
import { main, navigate, signInWithForm } from '../support/journey';
import { goOffline, goOnline, readOutbox, waitForServiceWorker } from '../support/offline';
import { openLedgerFromMenu } from '../support/cpd';
import { newMember } from '../support/mail';

test.use({ serviceWorkers: 'allow' });

/*
 * Honest measurement, on the device. A member signed in through the form reads an article actively
 * for two minutes (keys and the wheel while Playwright's clock moves on): the records the device
 * sends add up to two minutes. Left alone for five minutes, the page sends no more than the idle
 * limit. Then, offline, they listen to a downloaded episode for a minute: the records wait in the
 * outbox, marked recordedOffline, and arrive once each when the connection is back. Minutes pass on
 * page.clock, installed 8 minutes behind so the device never runs ahead of the server's clock.
 */

type TimeRecord = CpdTimeInput & { startedAt: string; endedAt: string };


const seconds = (records: TimeRecord[]) => records.reduce((sum, r) => sum + r.activeSeconds, 0);

/**
 * Seconds the records counted between two moments of the page's clock. A stretch counts without a
 * gap from its start while the member is active and on to the idle limit, so its counted time is
 * the `activeSeconds` that end at its `endedAt`.
 */
function countedBetween(records: TimeRecord[], from: number, to: number): number {
  return records.reduce((sum, r) => {
    const end = Date.parse(r.endedAt);
    const start = end - r.activeSeconds * 1000;
    return sum + Math.max(0, Math.min(end, to) - Math.max(start, from)) / 1000;
  }, 0);
}

/** A second or two of the page's clock passes between an action and the moment it is read. */
const SLACK_S = 3;
/** The clock's step. The scroll a wheel causes reaches the page when the browser next draws, which may be during the next step. */
const STEP_MS = 10_000;

/** Moves the page's clock on in 10-second steps, with `between` (activity, or nothing) before each. */
async function minutesPass(page: Page, ms: number, between: () => Promise<void> = async () => {}): Promise<void> {
  for (let passed = 0; passed < ms; passed += STEP_MS) {
    await between();
    await page.clock.runFor(STEP_MS);
  }
}

test('reading and listening become time records: two active minutes, no more than the idle limit, and a minute offline sent once when the app opens again online', async ({ page, context, playwright, baseURL }) => {
  test.slow(); // a sign-in through the form, a download through the worker, nine minutes on the page's clock
  const tag = Math.random().toString(36).slice(2, 7);
  // A member of their own, so the ledger holds only what this journey measured.
  const member = await newMember(playwright, baseURL!, 'Priya');
  const [episode] = await playableEpisodes(baseURL!, [`CPD minute ${tag}`]);

  // Every time record the page sends, with its answer (the API is not routed by the service worker).
  const sent: TimeRecord[] = [];
  const answers: number[] = [];
  // On the context, so the app opened again after the restart is heard too.
  context.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/cpd/time') sent.push(request.postDataJSON() as TimeRecord);
  });
  context.on('response', (response) => {
    if (response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/cpd/time') answers.push(response.status());
  });

  await page.clock.install({ time: Date.now() - 8 * 60_000 });
  await page.goto('/');
  await waitForServiceWorker(page);
  await signInWithForm(page, member);

  // The newest article, opened by its card's link. Found again by its title: the list shown first may
  // be the device's copy, and the fresh answer can put another spec's newer article above it.
  await navigate(page, 'News');
  // The News list itself, not the member's home still on screen while the route changes.
  const card = main(page).getByRole('list', { name: 'Articles' }).getByRole('article').first();
  const title = (await card.getByRole('heading').first().textContent())!.trim();
  await main(page).getByRole('link', { name: title, exact: true }).first().click();
  await expect(main(page).getByRole('heading', { level: 1, name: title })).toBeVisible();
  const articleId = new URL(page.url()).pathname.split('/').at(-1)!;
  const ofArticle = () => sent.filter((r) => r.itemType === 'article' && r.itemId === articleId);
  const pageNow = () => page.evaluate(() => Date.now());

  // Two minutes of reading: keys and the wheel between the clock's steps.
  const opened = await pageNow();
  let lastActive = opened;
  await page.mouse.move(200, 300);
  await minutesPass(page, 2 * 60_000, async () => {
    await page.keyboard.press('Shift');
    await page.mouse.wheel(0, 120);
    lastActive = await pageNow();
  });
  await expect.poll(() => ofArticle().length).toBeGreaterThanOrEqual(2);
  // The ledger: one entry for the article, two minutes give or take one.
  const articleMinutes = async () => {
    const ledger = (await (await page.request.get('/api/cpd')).json()) as { entries: Array<{ itemId: string | null; minutes: number }> };
    const entries = ledger.entries.filter((entry) => entry.itemId === articleId);
    expect(entries.length).toBeLessThanOrEqual(1);
    return entries[0]?.minutes ?? 0;
  };
  await expect.poll(() => answers.length).toBe(ofArticle().length);
  expect(answers.every((status) => status === 200)).toBe(true);
  const readMinutes = await articleMinutes();
  expect(readMinutes).toBeGreaterThanOrEqual(1);
  expect(readMinutes).toBeLessThanOrEqual(3);

  // Then five minutes without a key, a scroll or a touch.
  await minutesPass(page, 5 * 60_000);
  await expect.poll(() => Math.max(...ofArticle().map((r) => Date.parse(r.endedAt)))).toBeGreaterThan(lastActive + 60_000);
  const records = ofArticle();
  // Two active minutes (the last activity 10 s before their end): 120 s, give or take a minute.
  const active = countedBetween(records, opened, lastActive);
  expect(active).toBeGreaterThanOrEqual(60);
  expect(active).toBeLessThanOrEqual(180);
  // After the last activity (its scroll at most one step later): counted up to the idle limit, and no further.
  const lastSeen = lastActive + STEP_MS;
  expect(countedBetween(records, lastActive, Number.POSITIVE_INFINITY)).toBeGreaterThan(0);
  expect(countedBetween(records, lastSeen, Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(CPD_IDLE_MS / 1000 + SLACK_S);
  // The ledger counted no more than the idle limit on top of the active minutes.
  await expect.poll(() => answers.length).toBe(sent.length);
  expect(await articleMinutes()).toBeLessThanOrEqual(readMinutes + CPD_IDLE_MS / 60_000 + 1);
  for (const record of records) {
    expect(Date.parse(record.endedAt)).toBeLessThanOrEqual(lastSeen + CPD_IDLE_MS + SLACK_S * 1000);
    expect(record.recordedOffline).toBe(false);
    expect(record.activeSeconds).toBeLessThanOrEqual((Date.parse(record.endedAt) - Date.parse(record.startedAt)) / 1000 + 1);
  }

  // The episode, downloaded while online, then played offline for a minute.
  await navigate(page, 'Podcasts');
  const episodeCard = main(page).getByRole('article').filter({ has: page.getByRole('heading', { name: episode!.title, exact: true }) });
  await episodeCard.getByRole('button', { name: `Download "${episode!.title}" for offline listening` }).click();
  await expect(episodeCard.getByRole('button', { name: `Downloaded: remove the download of "${episode!.title}"` })).toBeVisible();
  const sentBeforeOffline = sent.length;
  await goOffline(context);
  await episodeCard.getByRole('button', { name: /^Listen Now/ }).click();
  const player = page.getByRole('region', { name: 'Player' });
  await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.querySelector('audio')?.currentTime ?? 0)).toBeGreaterThan(0);
  await minutesPass(page, 60_000);
  await player.getByRole('button', { name: 'Pause' }).click();
  // What was still open is cut a minute after it began.
  await minutesPass(page, 60_000);

  const queued = async (on = page) => (await readOutbox(on)).filter((row) => row.kind === 'cpdTime' && row.body?.itemId === episode!.id).map((row) => ({ ...row, body: row.body as unknown as TimeRecord }));
  await expect.poll(async () => (await queued()).length).toBeGreaterThanOrEqual(1);
  const waiting = await queued();
  for (const row of waiting) {
    expect(row.body!.recordedOffline).toBe(true);
    expect(row.body!.id).toBe(row.id);
  }
  const listened = seconds(waiting.map((row) => row.body!));
  expect(listened).toBeGreaterThanOrEqual(50);
  expect(listened).toBeLessThanOrEqual(70);
  // Nothing went out while offline.
  expect(sent.slice(sentBeforeOffline).filter((r) => r.itemType === 'episode')).toEqual([]);

  // The sync list shows the waiting time as one line for the episode, its minutes summed, beside the
  // listening position the pause queued (the member's one change: the time is not counted as one).
  const syncStatus = page.getByRole('group', { name: 'Sync status' });
  await expect(syncStatus.getByRole('status')).toHaveText('1 pending');
  await syncStatus.getByRole('button', { name: 'Sync details: 1 pending' }).click();
  const details = page.getByRole('dialog', { name: 'Changes waiting to sync' });
  const lines = details.getByRole('list', { name: 'Queued changes' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(lines.filter({ hasText: 'Listening position' })).toHaveCount(1);
  const timeLine = lines.filter({ hasText: 'CPD time' });
  await expect(timeLine).toHaveCount(1);
  await expect(timeLine).toContainText(episode!.title);
  await expect(timeLine).toContainText('1 minute measured');
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  // The member closes the app on the train and opens it again once back online: each record waiting on
  // the device is sent once, with its own id, and leaves the queue.
  await page.close();
  await goOnline(context);
  const app = await context.newPage();
  await app.goto('/');
  await expect.poll(async () => (await queued(app)).length).toBe(0);
  const replayed = sent.filter((r) => r.itemType === 'episode' && r.itemId === episode!.id);
  expect(replayed.map((r) => r.id).sort()).toEqual(waiting.map((row) => row.id).sort());
  expect(replayed.every((r) => r.recordedOffline)).toBe(true);

  // The ledger shows the minute once, synced later.
  await expect.poll(() => answers.length).toBe(sent.length);
  expect(answers.every((status) => status === 200)).toBe(true);
  const ledger = (await (await app.request.get('/api/cpd')).json()) as { entries: Array<{ itemId: string | null; minutes: number; syncedLater: boolean }> };
  const entries = ledger.entries.filter((entry) => entry.itemId === episode!.id);
  expect(entries).toHaveLength(1);
  expect(entries[0]!.minutes).toBeGreaterThanOrEqual(1);
  expect(entries[0]!.minutes).toBeLessThanOrEqual(2);
  expect(entries[0]!.syncedLater).toBe(true);
  // And the member sees it so in their ledger.
  await openLedgerFromMenu(app, member.name);
  const row = main(app).getByRole('listitem').filter({ has: app.getByRole('link', { name: episode!.title, exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Synced later')).toBeVisible();
});
