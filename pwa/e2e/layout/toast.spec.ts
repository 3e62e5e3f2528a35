import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

/** A failed sign-in is the simplest way to raise a toast from the UI. */
async function failSignIn(page: Page) {
  await page.getByLabel('Email').fill('member@ledgercommons.test');
  await page.getByLabel('Password').fill('wrong-password');
  const answered = page.waitForResponse('**/api/auth/login');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await answered;
}

test('one toast at a time; F8 moves focus to it; the close button dismisses it', async ({ page }) => {
  await page.goto('/login');
  await failSignIn(page);
  await expect(page.getByRole('alertdialog')).toContainText('Login Failed');
  const first = await page.getByRole('alertdialog').getAttribute('aria-labelledby');
  await failSignIn(page);
  // The second toast replaced the first: still exactly one.
  await expect(page.getByRole('alertdialog')).not.toHaveAttribute('aria-labelledby', first!);
  await expect(page.getByRole('alertdialog')).toHaveCount(1);

  await page.getByLabel('Password').focus();
  await page.keyboard.press('F8');
  await expect(page.getByRole('alertdialog')).toBeFocused();

  await page.getByRole('alertdialog').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test('a swipe to the right dismisses the toast', async ({ page }) => {
  await page.goto('/login');
  await failSignIn(page);
  const toast = page.getByRole('alertdialog');
  await expect(toast).toBeVisible();

  const box = (await toast.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 60, box.y + box.height / 2, { steps: 4 });
  await page.mouse.move(box.x + 100, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();

  await expect(toast).toHaveCount(0);
});
