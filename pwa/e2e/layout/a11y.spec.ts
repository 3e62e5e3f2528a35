import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { ACCOUNTS, signIn } from '../support/session';

/** Stores the theme before any page script runs, as a returning visitor's browser would have it. */
async function useTheme(page: Page, theme: 'light' | 'dark') {
  await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
}

// One run, in the light theme: each axe check also reads the dark theme's colours (axe.ts).
const theme = 'light';
test.describe(`accessibility in the ${theme} theme`, () => {
  // Each axe pass can take seconds on a busy machine, and some tests run several.
  test.describe.configure({ timeout: 60_000 });

  test.beforeEach(async ({ page }) => {
    await useTheme(page, theme);
  });

  test('home with data', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(page.getByRole('list', { name: 'Latest news' }).getByRole('article')).toHaveCount(3);
    await expect(page.getByRole('list', { name: 'Podcast episodes' }).getByRole('article').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('home while loading', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/(news|podcasts)\?/, async (route) => {
      await held; // the skeletons stay until axe has looked at them
      await route.continue();
    });
    await page.goto('/');
    await expect(page.getByRole('status', { name: 'Loading latest news' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    release();
    await expect(page.getByRole('list', { name: 'Latest news' })).toBeVisible();
  });

  test('login: sign in with field errors and a toast, then sign up', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('nope');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Invalid email format')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Email').fill(ACCOUNTS.member.email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('alertdialog')).toContainText('Login Failed');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await expect(page.getByLabel('First name')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('logout screen', async ({ page }) => {
    await signIn(page, ACCOUNTS.member);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/logout', async (route) => {
      await held; // the screen stays up until axe has looked at it
      await route.continue();
    });
    await page.goto('/logout');
    await expect(page.getByRole('heading', { name: 'Logging out...' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    release();
    await expect(page).toHaveURL('/login');
  });

  test('404 page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('home with the signed-in admin header', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Admin' })).toBeVisible();
    await expect(page.getByRole('banner').getByText(ACCOUNTS.admin.name)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Latest news' }).getByRole('article')).toHaveCount(3);
    await expectNoSeriousA11yViolations(page);
  });

  test('mobile menu open', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, ACCOUNTS.member);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
