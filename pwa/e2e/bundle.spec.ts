import path from 'node:path';
import { initialChunks } from '../../scripts/check-bundle';
import { expect, test } from './fixtures';

const distDir = path.resolve(import.meta.dirname, '../../dist/pwa');

// scripts/check-bundle.ts holds `/` to its JS budget by reading the build manifest; this proves the
// chunks it counts are exactly the scripts a first visit to `/` downloads.
test('the bundle check counts exactly the scripts a first visit to / loads', async ({ page }) => {
  const requested = new Set<string>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.resourceType() === 'script' && pathname.startsWith('/assets/')) requested.add(pathname.slice(1));
  });

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Ledger Commons' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Read More/ }).first()).toBeVisible();

  const counted = initialChunks(distDir).map((chunk) => chunk.file);
  expect([...requested].sort()).toEqual([...counted].sort());
});
