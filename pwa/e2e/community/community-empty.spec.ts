import type { CommunityStats } from '../../../contracts/community';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';

test.use({ seed: 'none' });

// One run, in the light theme: each axe check also reads the dark theme's colours (axe.ts).
const theme = 'light';
test(`on an empty database the community page shows its empty states (${theme} theme, accessible)`, async ({
  page,
  request,
}) => {
  const stats = (await (await request.get('/api/community/stats')).json()) as CommunityStats;
  await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
  await page.goto('/community');

  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  await expect(page.getByText('No contributors data available yet.')).toBeVisible();
  await expect(page.getByText('No leaderboard data yet')).toBeVisible();
  const tiles = page.getByRole('region', { name: 'Community statistics' }).getByRole('listitem');
  await expect(tiles.first()).toHaveText(`${stats.activeMembers}Active Members`);
  await expect(tiles.nth(1)).toHaveText('0This Week');
  await expect(page.getByRole('region', { name: 'Achievement Badges' }).getByRole('listitem')).toHaveCount(4);
  await expectNoSeriousA11yViolations(page);
});
