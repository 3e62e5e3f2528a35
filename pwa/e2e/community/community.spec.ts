import type { APIRequestContext, Page } from '@playwright/test';
import type { CommunityStats, Contributor } from '../../../contracts/community';
import { changeAnswer } from '../support/answers';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { ACCOUNTS, signIn, type Account } from '../support/session';

const TILES = [
  ['activeMembers', 'Active Members'],
  ['discussionsThisWeek', 'This Week'],
  ['questionsAnswered', 'Answered'],
  ['resourcesShared', 'Resources'],
  ['podcastListeners', 'Listeners'],
  ['certificationsEarned', 'Certified'],
] as const;

const format = (n: number) => new Intl.NumberFormat('en-US').format(n);

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

function podium(page: Page) {
  return page.getByRole('region', { name: 'Top Contributors This Month' }).getByRole('article');
}

function leaderboard(page: Page) {
  return page.getByRole('region', { name: 'Monthly Leaderboard' }).getByRole('listitem');
}

test('community shows the stats, the top 3 contributors, badges, the top 5 leaderboard and tips', async ({ page, request }) => {
  const stats = await getJson<CommunityStats>(request, '/api/community/stats');
  const contributors = await getJson<Contributor[]>(request, '/api/community/contributors?limit=10');
  expect(contributors.length).toBeGreaterThan(5);
  await page.goto('/community');

  const tiles = page.getByRole('region', { name: 'Community statistics' }).getByRole('listitem');
  await expect(tiles).toHaveText(TILES.map(([key, label]) => `${format(stats[key])}${label}`));

  await expect(podium(page)).toHaveCount(3);
  for (const [index, contributor] of contributors.slice(0, 3).entries()) {
    const card = podium(page).nth(index);
    const name = `${contributor.firstName} ${contributor.lastName}`;
    await expect(card).toHaveAccessibleName(`Rank ${index + 1}: ${name}`);
    await expect(card.getByRole('heading', { name })).toBeVisible();
    await expect(card.locator('.medal')).toHaveText(`Rank ${index + 1}`);
    await expect(card).toContainText(contributor.title ?? 'Community Member');
    if (contributor.company) await expect(card).toContainText(contributor.company);
    await expect(card.getByRole('list', { name: 'Expertise' }).getByRole('listitem')).toHaveText(contributor.expertiseTags.slice(0, 2));
    await expect(card).toContainText(`${format(contributor.points)} points`);
  }
  const thirdTag = contributors[0].expertiseTags[2];
  if (thirdTag) await expect(podium(page).first()).not.toContainText(thirdTag);

  const badges = page.getByRole('region', { name: 'Achievement Badges' }).getByRole('listitem');
  await expect(badges).toHaveText([
    /^First Post/,
    /^Active Discussant50\+ forum replies$/,
    /^Knowledge Seeker10\+ resources accessed$/,
    /^Expert ContributorTop 1% contributors$/,
  ]);

  await expect(leaderboard(page)).toHaveCount(5);
  for (const [index, contributor] of contributors.slice(0, 5).entries()) {
    const row = leaderboard(page).nth(index);
    await expect(row).toContainText(`Rank ${index + 1}`);
    await expect(row).toContainText(`${contributor.firstName} ${contributor.lastName}`);
    await expect(row).toContainText(`${format(contributor.points)} pts`);
  }

  for (const tip of ['Share Knowledge', 'Create Content', 'Stay Active', 'Help Others']) {
    await expect(page.getByRole('heading', { level: 3, name: tip })).toBeVisible();
  }
});

test('a contributor without a title reads "Community Member"', async ({ page }) => {
  await changeAnswer<Contributor[]>(page, '**/api/community/contributors?*', (body) => {
    body[0] = { ...body[0], title: null, company: null, expertiseTags: [] };
  });
  await page.goto('/community');
  const first = podium(page).first();
  await expect(first.locator('.podium-card__title')).toHaveText('Community Member');
  await expect(first.getByRole('list', { name: 'Expertise' })).toHaveCount(0);
});

test('while the data loads, the tiles and lists show skeletons', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/community/**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/community');

  await expect(page.getByRole('status', { name: 'Loading top contributors' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading leaderboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Community statistics' }).getByTestId('skeleton')).toHaveCount(6);
  await expect(podium(page)).toHaveCount(0);
  release();
  await expect(podium(page)).toHaveCount(3);
  await expect(page.getByRole('status', { name: 'Loading top contributors' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Community statistics' }).getByTestId('skeleton')).toHaveCount(0);
});

test('a failed load says so and offers a retry', async ({ page }) => {
  let fail = true;
  await page.route('**/api/community/stats', (route) => (fail ? route.fulfill({ status: 500, body: 'oops' }) : route.continue()));
  await page.goto('/community');
  await expect(page.getByText('The community statistics could not be loaded.')).toBeVisible();
  fail = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('region', { name: 'Community statistics' }).getByRole('listitem')).toHaveCount(6);
});

test('the page has no controls for any role, only links to the members shown', async ({ page }) => {
  for (const account of [null, ACCOUNTS.member, ACCOUNTS.editor, ACCOUNTS.admin] as (Account | null)[]) {
    await page.context().clearCookies();
    if (account) await signIn(page, account);
    await page.goto('/community');
    await expect(podium(page)).toHaveCount(3);
    await expect(page.getByRole('main').getByRole('button')).toHaveCount(0);
    // Each name on the podium and the leaderboard opens that member's page.
    const links = page.getByRole('main').getByRole('link');
    await expect(links).toHaveCount(3 + 5);
    for (const href of await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))) expect(href).toMatch(/^\/members\/[0-9a-f-]{36}$/);
  }
});

// One run, in the light theme: each axe check also reads the dark theme's colours (axe.ts).
const theme = 'light';
test(`accessibility in the ${theme} theme`, async ({ page }) => {
  await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
  await page.goto('/community');
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  await expect(podium(page)).toHaveCount(3);
  await expect(leaderboard(page)).toHaveCount(5);
  await expectNoSeriousA11yViolations(page);
});
