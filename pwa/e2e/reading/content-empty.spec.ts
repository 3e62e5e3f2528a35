import { expectNoSeriousA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';

// The empty states of the news list and the podcast hub, on a database without sample data.
// (A worker-scoped option cannot be set per describe group, hence this file beside news/podcasts.)
test.use({ seed: 'none' });

test("/news says 'No articles found matching your criteria.' and shows no chips", async ({ page }) => {
  await page.goto('/news');
  await expect(page.getByText('No articles found matching your criteria.')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Filter by category' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Load More Articles' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test("/podcasts says 'No episodes available yet.' without a featured card", async ({ page }) => {
  await page.goto('/podcasts');
  await expect(page.getByText('No episodes available yet.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Featured Episode' })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Filter by category' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Recent Episodes' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
