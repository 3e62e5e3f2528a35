import { getJson, type ListedArticle } from '../support/content';
import { expect, test } from '../support/fixtures';
import { expectSignedIn, header, main, navigate, openArticleFromList, saveOpenArticle, signInWithForm } from '../support/journey';
import { storedPaths, waitForServiceWorker, goOffline } from '../support/offline';
import { ACCOUNTS, emptyReadingList } from '../support/session';

// Works offline, or with what the service worker caches (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/*
 * Point 4: who is signed in is one truth, online and offline. Each test signs in through
 * the form (the API's cookie would start the app signed in and hide the defect) and never reloads
 * online before going offline.
 */

// Each test signs in through the form and reloads offline: longer than 30 s on a busy machine.
test.slow();

// Each test starts with nothing saved, and leaves nothing saved to the specs sharing this worker's
// server: the member's Saved is their account's.
test.beforeEach(async ({ baseURL }) => {
  await emptyReadingList(baseURL!, ACCOUNTS.member);
});
test.afterEach(async ({ baseURL }) => {
  await emptyReadingList(baseURL!, ACCOUNTS.member);
});

const savedList = (page: import('@playwright/test').Page) => main(page).getByRole('list', { name: 'Saved articles' });

test('signed in through the form, a member stays signed in offline after a reload and keeps what they saved', async ({ page, context }) => {
  const [article] = (await getJson<ListedArticle[]>(page.request, '/api/news?limit=50')).filter((a) => a.status === 'published');
  await page.goto('/');
  await waitForServiceWorker(page);
  await signInWithForm(page, ACCOUNTS.member);
  await navigate(page, 'News');
  await openArticleFromList(page, article.title);
  await saveOpenArticle(page);
  await navigate(page, 'News');
  await expect(main(page).getByRole('link', { name: article.title, exact: true })).toBeVisible();
  await expect.poll(async () => (await storedPaths(page)).some((path) => path.startsWith('/api/news?'))).toBe(true);

  await goOffline(context);
  await page.reload();
  await expectSignedIn(page, ACCOUNTS.member.name);
  await expect(main(page).getByRole('link', { name: article.title, exact: true })).toBeVisible();
  await page.goto('/saved');
  await expect(savedList(page).getByRole('link', { name: article.title })).toBeVisible();
  await savedList(page).getByRole('link', { name: article.title }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: article.title })).toBeVisible();
  await expectSignedIn(page, ACCOUNTS.member.name);
});

test('registered through the form, a new member stays signed in offline after a reload', async ({ page, context }) => {
  const email = `commuter-${Date.now()}@example.com`;
  const [article] = (await getJson<ListedArticle[]>(page.request, '/api/news?limit=50')).filter((a) => a.status === 'published');
  await page.goto('/');
  await waitForServiceWorker(page);
  await header(page).getByRole('link', { name: 'Login' }).click();
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('First name').fill('Rita');
  await page.getByLabel('Last name').fill('Commuter');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Commuter-lark-ferry-123');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  await expectSignedIn(page, 'Rita Commuter');
  await navigate(page, 'News');
  await openArticleFromList(page, article.title);
  await saveOpenArticle(page);

  await goOffline(context);
  await page.reload();
  await expectSignedIn(page, 'Rita Commuter');
  await page.goto('/saved');
  await expect(savedList(page).getByRole('link', { name: article.title })).toBeVisible();
});

test('signing out through the header removes what the member saved from the device', async ({ page }) => {
  const [article] = (await getJson<ListedArticle[]>(page.request, '/api/news?limit=50')).filter((a) => a.status === 'published');
  await page.goto('/');
  await signInWithForm(page, ACCOUNTS.member);
  await navigate(page, 'News');
  await openArticleFromList(page, article.title);
  await saveOpenArticle(page);
  await header(page).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
  // The article left the screen before the member left: it is not fetched again as a visitor's.
  await expect.poll(() => storedPaths(page)).not.toContain(`/api/news/${article.id}`);
  await page.goto('/saved');
  await expect(main(page)).toContainText('No saved articles yet.');
  expect(await storedPaths(page)).not.toContain(`/api/news/${article.id}`);
});
