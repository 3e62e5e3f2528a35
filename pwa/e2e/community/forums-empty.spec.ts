import { expectNoSeriousA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';

test.use({ seed: 'none' });

// One run, in the light theme: each axe check also reads the dark theme's colours (axe.ts).
const theme = 'light';
test(`on an empty database the forum says there is nothing yet (${theme} theme, accessible)`, async ({ page }) => {
  await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
  await page.goto('/forums');

  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  await expect(page.getByRole('heading', { level: 1, name: 'Community Forums' })).toBeVisible();
  await expect(page.getByText('No forum categories yet.')).toBeVisible();
  await expect(page.getByText('No discussions yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Discussion' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
