import { expect, test } from '../support/fixtures';

test.use({ seed: 'none' });

test('on an empty database the home page says there is nothing yet', async ({ page }) => {
  await page.goto('/');

  await expect(page.getByText('No podcast episodes available yet.')).toBeVisible();
  await expect(page.getByText('No news articles available yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View All Episodes' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ready to Transform Your Accounting Practice?' })).toBeVisible();
});
