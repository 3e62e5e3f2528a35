import type { Page } from '@playwright/test';
import { playableEpisodes } from '../support/audio';
import { expect, test } from '../support/fixtures';
import { signInWithForm } from '../support/journey';
import { ACCOUNTS, signIn } from '../support/session';

interface ListedItem {
  id: string;
  title: string;
  likes: number;
  isFeatured: boolean;
}

function newsCards(page: Page) {
  return page.getByRole('list', { name: 'Latest news' }).getByRole('article');
}

function podcastCards(page: Page) {
  return page.getByRole('list', { name: 'Podcast episodes' }).getByRole('article');
}

test('home shows the sample data: 3 news cards, the podcast hub, the forums and the call to action', async ({
  page,
  request,
}) => {
  const articles = (await (await request.get('/api/news?limit=50')).json()) as ListedItem[];
  const featuredArticles = articles.filter((a) => a.isFeatured).slice(0, 3);
  const podcasts = (await (await request.get('/api/podcasts?limit=50')).json()) as ListedItem[];
  const featuredPodcasts = podcasts.filter((p) => p.isFeatured).slice(0, 3);
  await page.goto('/');

  await expect(newsCards(page)).toHaveCount(3);
  for (const article of featuredArticles) {
    const card = newsCards(page).filter({ has: page.getByRole('heading', { name: article.title }) });
    await expect(card.getByRole('link', { name: article.title, exact: true })).toHaveAttribute('href', `/news/${article.id}`);
    await expect(card.getByRole('link', { name: /^Read More/ })).toBeVisible();
    await expect(card.getByText('Share', { exact: true })).toBeVisible();
    await expect(card.getByRole('list', { name: 'Categories' }).getByRole('listitem').first()).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Load More Articles' })).toHaveAttribute('href', '/news');

  // Featured episodes first, then the newest others, each once (no repeats, no holes).
  const expected = [...featuredPodcasts, ...podcasts.filter((p) => !p.isFeatured)].slice(0, 3).map((p) => p.title);
  await expect(podcastCards(page).getByRole('heading')).toHaveText(expected);
  await expect(podcastCards(page).first().getByText(/^Episode \d+$/)).toBeVisible();
  await expect(podcastCards(page).first().getByRole('button', { name: /^Listen Now/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View All Episodes' })).toHaveAttribute('href', '/podcasts');

  // The forum cards count their categories as the forum page does (not the spec's static numbers).
  const categories = (await (await request.get('/api/forum/categories')).json()) as Array<{ name: string; discussionCount: number; lastActivityAt: string }>;
  for (const forum of ['AI Implementation', 'Regulatory Compliance', 'Learning & Development']) {
    const card = page.getByRole('list', { name: 'Forum highlights' }).getByRole('article').filter({ has: page.getByRole('heading', { level: 3, name: forum }) });
    const category = categories.find((c) => c.name === forum)!;
    await expect(card.getByText(`${category.discussionCount} ${category.discussionCount === 1 ? 'discussion' : 'discussions'}`, { exact: true })).toBeVisible();
    await expect(card.locator('time')).toHaveAttribute('datetime', category.lastActivityAt);
  }
  await expect(page.getByRole('heading', { name: 'Ready to Transform Your Accounting Practice?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Started Today' })).toHaveAttribute('href', '/login');
});

test('a member signed in with the form is not asked to join: Continue takes the hero\'s place, the closing call leads to the forums', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Join Community' })).toHaveAttribute('href', '/login');
  // The form leads back home, signed in.
  await signInWithForm(page, ACCOUNTS.member);
  await expect(page.getByRole('region', { name: 'Continue' }).getByRole('heading', { level: 1, name: 'Continue' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Ledger Commons' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Start a Discussion' })).toHaveAttribute('href', '/forums');
  await expect(page.getByRole('link', { name: /^(Join Community|Get Started Today)$/ })).toHaveCount(0);
  await expect(page.getByText('No spam, just powerful insights!')).toHaveCount(0);
  // The same on a reload, which the server renders for the member.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Continue' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Join Community' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Start a Discussion' }).click();
  await expect(page).toHaveURL(/\/forums$/);
});

test('home shows skeletons while the lists load', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/(news|podcasts)\?/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');

  await expect(page.getByRole('status', { name: 'Loading latest news' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading podcast episodes' })).toBeVisible();
  await expect(page.getByTestId('skeleton').first()).toBeVisible();
  await expect(newsCards(page)).toHaveCount(0);

  release();
  await expect(newsCards(page)).toHaveCount(3);
  await expect(page.getByRole('status', { name: 'Loading latest news' })).toHaveCount(0);
});

test('an anonymous like counts in this browser only: +2 after two likes, server count unchanged', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const card = newsCards(page).first();
  const title = (await card.getByRole('heading').textContent())!;
  const before = ((await (await request.get('/api/news?limit=50')).json()) as ListedItem[]).find((a) => a.title === title)!;
  const likeCount = card.getByTestId('like-count');
  await expect(likeCount).toHaveText(String(before.likes));

  await card.getByRole('button', { name: `Like "${title}"`, exact: false }).click();
  await expect(likeCount).toHaveText(String(before.likes + 1));
  await card.getByRole('button', { name: `Like "${title}"`, exact: false }).click();
  await expect(likeCount).toHaveText(String(before.likes + 2));

  const after = ((await (await request.get('/api/news?limit=50')).json()) as ListedItem[]).find((a) => a.id === before.id)!;
  expect(after.likes).toBe(before.likes);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('articleLikeCounts') ?? '{}'));
  expect(stored).toEqual({ [before.id]: 2 });

  await page.reload();
  await expect(newsCards(page).first().getByTestId('like-count')).toHaveText(String(before.likes + 2));
});

test('a signed-in like is a toggle counted by the server', async ({ page }) => {
  await signIn(page, ACCOUNTS.editor);
  await page.goto('/');
  const card = podcastCards(page).first();
  const button = card.getByRole('button', { name: /^Like "/ });
  const count = Number(await card.getByTestId('like-count').textContent());
  await expect(button).toHaveAttribute('aria-pressed', 'false');

  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByTestId('like-count')).toHaveText(String(count + 1));

  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await expect(card.getByTestId('like-count')).toHaveText(String(count));
});

test('a failed like shows the fallback error toast', async ({ page }) => {
  await page.route(/\/api\/news\/[^/]+\/like$/, (route) => route.fulfill({ status: 500, body: 'oops' }));
  await page.goto('/');
  await newsCards(page).first().getByRole('button', { name: /^Like "/ }).click();

  const toast = page.getByRole('alertdialog');
  await expect(toast).toContainText('Error');
  await expect(toast).toContainText('Failed to update like.');
});

test('Listen Now plays the episode in the page', async ({ page, baseURL }) => {
  const [episode] = await playableEpisodes(baseURL!, [`On the home page ${Date.now()}`]);
  await page.goto('/');
  await podcastCards(page).filter({ hasText: episode!.title }).getByRole('button', { name: /^Listen Now/ }).click();
  await expect(page.getByRole('region', { name: 'Player' })).toContainText(episode!.title);
  await expect.poll(() => page.evaluate(() => document.querySelector('audio')?.currentTime ?? 0)).toBeGreaterThan(0);
  await expect(page).toHaveURL('/');
});
