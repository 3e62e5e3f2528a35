import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { holdRoute } from '../support/content';
import { playableEpisodes } from '../support/audio';
import { articleWithObjectives, logTime, memberApi, newLedgerMember, signInAs, type LedgerMember } from '../support/cpd';
import { expect, test } from '../support/fixtures';
import { goOffline, goOnline, ICON_PATH } from '../support/offline';

/*
 * /cpd, the member's CPD ledger, in each of its states (desktop), and /verify/<code>. Time is measured
 * by the device in the app; here it is posted as time records (POST /api/cpd/time), as the arrangement.
 * Screenshots go to SHOTS to be looked at.
 */

const SHOTS = '/tmp/shots-ledger';
const EMPTY = 'Nothing logged yet. Time you spend reading articles and listening to episodes appears here.';
const QUESTIONS = ['Why did I choose this? Which development need does it meet?', 'What did I learn?', 'How will I apply it?'];

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

const main = (page: Page) => page.getByRole('main');
const ledgerHeading = (page: Page) => main(page).getByRole('heading', { level: 1, name: 'CPD ledger' });

async function openLedger(page: Page, member: LedgerMember) {
  await signInAs(page, member);
  await page.goto('/cpd');
  await expect(ledgerHeading(page)).toBeVisible();
}

test('a visitor is sent to sign in first, and back to the ledger after', async ({ page }) => {
  await page.goto('/cpd');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcpd/);
});

test('loading: a skeleton until the year arrives', async ({ page, baseURL }) => {
  const member = await newLedgerMember(baseURL!);
  await signInAs(page, member);
  const { held, release } = holdRoute();
  await page.route(/\/api\/cpd(\?.*)?$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/cpd', { waitUntil: 'commit' });
  await expect(main(page).getByRole('status', { name: 'Loading your CPD ledger' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/loading.png` });
  release();
  await expect(main(page).getByText(EMPTY)).toBeVisible();
});

test('empty: a new member is told where time comes from; no serious accessibility violations', async ({ page, baseURL }) => {
  const member = await newLedgerMember(baseURL!);
  await openLedger(page, member);
  await expect(main(page).getByText(EMPTY, { exact: true })).toBeVisible();
  await expect(main(page).getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', /\/api\/cpd\/export\.csv\?year=\d{4}$/);
  await expect(main(page).getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', /\/api\/cpd\/export\.pdf\?year=\d{4}$/);
  await page.screenshot({ path: `${SHOTS}/empty.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page);
});

test('entries: grouped by item with their facts; the panel has the three questions, the objectives, the link and the changes', async ({ page, baseURL }) => {
  const member = await newLedgerMember(baseURL!);
  const api = await memberApi(baseURL!, member);
  const article = await articleWithObjectives(baseURL!, `Leases in practice ${Date.now()}`, ['Explain the lessee model', 'Apply it to a property lease']);
  await logTime(api, { itemType: 'article', itemId: article.id }, 2);
  await logTime(api, { itemType: 'article', itemId: article.id }, 1, { endedMinutesAgo: 30, recordedOffline: true });
  await api.dispose();

  await openLedger(page, member);
  const entry = main(page).getByRole('listitem').filter({ has: page.getByRole('link', { name: article.title }) });
  await expect(entry).toBeVisible();
  await expect(entry.getByRole('link', { name: article.title })).toHaveAttribute('href', `/news/${article.id}`);
  await expect(entry).toContainText('Ledger Commons');
  await expect(entry).toContainText('Article');
  await expect(entry).toContainText('3 min');
  await expect(entry.getByText('Synced later')).toBeVisible();
  await expect(entry.getByText('Verifiable-ready')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/entries.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page);

  await entry.getByRole('button', { name: `Details: ${article.title}` }).click();
  const panel = page.getByRole('dialog', { name: article.title });
  for (const question of QUESTIONS) await expect(panel.getByLabel(question)).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Learning objectives' })).toBeVisible();
  await expect(panel.getByRole('listitem').filter({ hasText: 'Explain the lessee model' })).toBeVisible();
  await expect(panel.getByRole('link', { name: /\/verify\/[A-Za-z0-9_-]{8,}$/ })).toBeVisible();
  await expect(panel.getByText('No changes since this entry began.')).toBeVisible();

  await panel.getByLabel(QUESTIONS[0]).fill('Our audit clients are moving to the new lease standard.');
  await panel.getByLabel(QUESTIONS[1]).fill('How the right-of-use asset is measured.');
  await panel.getByLabel(QUESTIONS[2]).fill('I will review our lease schedules against it.');
  await panel.getByRole('button', { name: 'Save reflection' }).click();
  await expect(panel.getByText('Verifiable-ready')).toBeVisible();
  await expect(panel.getByText(/What I learned: \(empty\) → How the right-of-use asset is measured\./)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/panel.png` });
  await expectNoSeriousA11yViolations(page);
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(entry.getByText('Verifiable-ready')).toBeVisible();

  // Deleting an entry asks first, in an alert dialog.
  await entry.getByRole('button', { name: `Details: ${article.title}` }).click();
  await page.getByRole('dialog', { name: article.title }).getByRole('button', { name: 'Delete entry' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this entry?' });
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(main(page).getByText(EMPTY)).toBeVisible();
});

test('error: the failure is said, with Try again', async ({ page, baseURL }) => {
  const member = await newLedgerMember(baseURL!);
  await signInAs(page, member);
  // A server failure cannot be caused through the real API on purpose.
  await page.route(/\/api\/cpd(\?.*)?$/, (route) => route.fulfill({ status: 500, json: { message: 'Something went wrong', code: 'internal' } }));
  await page.goto('/cpd');
  await expect(main(page).getByText('Your CPD ledger could not be loaded.')).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Try again' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/error.png` });
  await expectNoSeriousA11yViolations(page);
});

test('offline: the year last seen, marked as such, and no change offered', async ({ page, context, baseURL }) => {
  const member = await newLedgerMember(baseURL!);
  await openLedger(page, member);
  await expect(main(page).getByText(EMPTY)).toBeVisible();
  await goOffline(context);
  try {
    await expect(main(page).getByText(/^You're offline\. This is your ledger as last seen on this device/)).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'Add an activity' })).toBeDisabled();
    await page.screenshot({ path: `${SHOTS}/offline.png` });
  } finally {
    await goOnline(context);
  }
});

test('settings: Other asks for its own target; pause tracking; delete the whole ledger after typing DELETE', async ({ page, baseURL }) => {
  const member = await newLedgerMember(baseURL!);
  await openLedger(page, member);
  await page.getByRole('button', { name: /Professional body$/ }).click();
  await page.getByRole('option', { name: 'Other', exact: true }).click();
  await main(page).getByLabel('Hours a year').fill('30');
  await main(page).getByRole('button', { name: 'Save settings' }).click();
  await expect(main(page).getByText(/of 30 h/)).toBeVisible();

  const pause = main(page).getByRole('switch', { name: 'Pause tracking' });
  await pause.press('Space');
  await expect(main(page).getByText(/^Tracking is paused/)).toBeVisible();
  await expect(pause).toBeChecked();

  await main(page).getByRole('button', { name: 'Delete my whole ledger' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete your whole ledger?' });
  await expect(confirm.getByRole('button', { name: 'Delete ledger' })).toBeDisabled();
  await confirm.getByLabel('Type DELETE to confirm').fill('DELETE');
  await confirm.getByRole('button', { name: 'Delete ledger' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(main(page).getByText(/^Tracking is paused/)).toHaveCount(0);
});

test('/verify/<code>: a code that does not exist shows not found, and the page asks not to be indexed', async ({ page }) => {
  await page.goto('/verify/forged-code-0000');
  await expect(page.getByText('No entry has this verification code.')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await page.screenshot({ path: `${SHOTS}/verify-missing.png` });
  await expectNoSeriousA11yViolations(page);
});

test("the nudge on the home's Continue shelf; the profile's links to the ledger and to Download my data", async ({ page, baseURL }) => {
  const member = await newLedgerMember(baseURL!);
  const api = await memberApi(baseURL!, member);
  const article = await articleWithObjectives(baseURL!, `Going concern ${Date.now()}`, ['Judge going concern']);
  // Under the article's cap (a multiple of its reading time), so all of it counts.
  await logTime(api, { itemType: 'article', itemId: article.id }, 2);
  await api.dispose();
  await signInAs(page, member);
  await page.goto('/');
  const shelf = main(page).getByRole('region', { name: 'Continue' });
  await expect(shelf.getByText('2 min logged today', { exact: true })).toBeVisible();
  await shelf.getByRole('link', { name: 'CPD ledger' }).click();
  await expect(ledgerHeading(page)).toBeVisible();

  await page.goto('/profile');
  await expect(main(page).getByRole('link', { name: 'CPD ledger' })).toHaveAttribute('href', '/cpd');
  await expect(main(page).getByRole('link', { name: 'Download my data' })).toHaveAttribute('href', '/api/profile/export');
});

test('learning objectives: a field in the editor, a list at the top of the article', async ({ page, baseURL }) => {
  const article = await articleWithObjectives(baseURL!, `Impairment testing ${Date.now()}`, ['Identify a cash-generating unit', 'Estimate value in use']);
  await page.goto(`/news/${article.id}`);
  const objectives = main(page).getByRole('region', { name: 'Learning objectives' });
  await expect(objectives.getByRole('listitem')).toHaveText(['Identify a cash-generating unit', 'Estimate value in use']);

  await signInAs(page, { email: 'editor@ledgercommons.test', password: 'editor123' });
  await page.goto(`/news/${article.id}/edit`);
  await expect(main(page).getByLabel('Learning objectives')).toHaveValue('Identify a cash-generating unit\nEstimate value in use');
});

test('an activity of their own, with its certificate through the upload flow and a reflection: verifiable-ready', async ({ page, baseURL }) => {
  const member = await newLedgerMember(baseURL!);
  await openLedger(page, member);
  const course = `Audit data analytics ${Date.now()}`;
  await main(page).getByRole('button', { name: 'Add an activity' }).click();
  const form = page.getByRole('dialog', { name: 'Add an activity' });
  await form.getByLabel('Title').fill(course);
  await form.getByLabel('Provider').fill('ICAEW Academy');
  await form.getByLabel('Minutes').fill('120');
  await form.locator('input[type="file"]').setInputFiles(fileURLToPath(ICON_PATH));
  await expect(form.getByRole('img', { name: 'Preview of Certificate' })).toBeVisible();
  for (const question of QUESTIONS) await form.getByLabel(question).fill(`${question} Answered.`);
  await page.screenshot({ path: `${SHOTS}/add-activity.png` });
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Add activity' }).click();
  await expect(form).toHaveCount(0);
  const entry = main(page).getByRole('listitem').filter({ hasText: course });
  await expect(entry).toContainText('2 h');
  await expect(entry.getByText('Verifiable-ready')).toBeVisible();
  await entry.getByRole('button', { name: `Details: ${course}` }).click();
  await expect(page.getByRole('dialog', { name: course }).getByRole('link', { name: 'Certificate' })).toHaveAttribute('href', /\/objects\//);
});

test("the nudge in the player: today's minutes under the episode's show", async ({ page, baseURL }) => {
  const member = await newLedgerMember(baseURL!);
  const [episode] = await playableEpisodes(baseURL!, [`Month-end close ${Date.now()}`]);
  const article = await articleWithObjectives(baseURL!, `Accruals ${Date.now()}`, ['Record an accrual']);
  const api = await memberApi(baseURL!, member);
  await logTime(api, { itemType: 'article', itemId: article.id }, 3);
  await api.dispose();
  await signInAs(page, member);
  await page.goto(`/podcasts/${episode!.id}`);
  await main(page).getByRole('button', { name: `Listen Now: ${episode!.title}` }).click();
  const mini = page.getByRole('region', { name: 'Player' });
  await expect(mini).toContainText(episode!.title);
  await mini.getByRole('button', { name: 'Open full player' }).click();
  await expect(page.getByRole('dialog', { name: 'Now playing' }).getByText('3 min logged today', { exact: true })).toBeVisible();
});
