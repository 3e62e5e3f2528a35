import { expectNoSeriousA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';

test.use({ seed: 'none' });

// One run, in the light theme: each axe check also reads the dark theme's colours (axe.ts).
const theme = 'light';
test(`on an empty database the resources page says nothing matches and counts zero (${theme} theme, accessible)`, async ({
  page,
}) => {
  await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
  await page.goto('/resources');

  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  await expect(page.getByRole('heading', { level: 1, name: 'Educational Resources' })).toBeVisible();
  await expect(page.getByText('No resources found matching your criteria.')).toBeVisible();
  const tiles = page.getByRole('list', { name: 'Resources by type' }).getByRole('listitem');
  await expect(tiles).toHaveText(['0E-Books', '0Webinars', '0Case Studies', '0Certifications']);
  await expectNoSeriousA11yViolations(page);
});
