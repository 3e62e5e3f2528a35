import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { ACCOUNTS, signIn } from '../support/session';

const AUTHENTICATED_ONLY = [
  '/admin',
  '/admin/users',
  '/admin/menu',
  '/admin/categories',
  '/admin/shows',
  '/admin/main-page',
  '/admin/moderation',
  '/admin/content',
  '/admin/audit',
  '/news/add',
  '/podcasts/add',
] as const;

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/definitely/not/here');
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
});

test('signed out, every authenticated-only route shows the 404 page', async ({ page }) => {
  for (const path of AUTHENTICATED_ONLY) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' }), path).toBeVisible();
  }
});

test('signed in, the authenticated-only routes exist (case-insensitively)', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  // What each screen shows is its own spec's business; here only that it is not the 404 page.
  for (const path of [...AUTHENTICATED_ONLY, '/ADMIN/Users']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' }), path).toHaveCount(0);
  }
});

test('after signing out in the app, /admin is a 404 again', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Content Control Panel' })).toBeVisible();

  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
});

/** The script files a page load fetched, by file name (vite names route chunks after their module). */
function scriptsLoaded(page: Page): string[] {
  const names: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js')) names.push(url.pathname.slice('/assets/'.length));
  });
  return names;
}

const EDITOR_OR_ADMIN_CHUNK = /^(Admin|ArticleEditor|PodcastEditor|ArticleForm|PodcastForm|EditorPage|UserManagement|UsersTab|Categories|MenuSettings|MainPage|FileField)/;

test('the home page loads no editor or admin code; opening /admin does', async ({ page }) => {
  const loaded = scriptsLoaded(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Ledger Commons' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(loaded.length).toBeGreaterThan(0);
  expect(loaded.filter((name) => EDITOR_OR_ADMIN_CHUNK.test(name))).toEqual([]);

  await signIn(page, ACCOUNTS.admin);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Content Control Panel' })).toBeVisible();
  expect(loaded.some((name) => name.startsWith('AdminPanelScreen-'))).toBe(true);
});
