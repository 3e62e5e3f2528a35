import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { waitForServiceWorker, goOffline } from '../support/offline';

// Works offline, or with what the service worker caches (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/*
 * A footer on every page (pwa/e2e/layout/layout-sweep.spec.ts checks it is there, and fits, on
 * every route for every role) with the site's pages, the feeds and the theme switch; the pages behind
 * it are real texts that work offline once the app is installed.
 */

const PAGES = [
  { link: 'About', path: '/about', heading: 'About Ledger Commons' },
  { link: 'Contact', path: '/contact', heading: 'Contact us' },
  { link: 'Privacy', path: '/privacy', heading: 'Privacy policy' },
  { link: 'Terms', path: '/terms', heading: 'Terms of use' },
] as const;

const FEEDS = [
  { link: 'News RSS feed', path: '/feed.xml', type: /application\/rss\+xml/ },
  { link: 'News Atom feed', path: '/feed.atom', type: /application\/atom\+xml/ },
  { link: 'Podcast feed', path: '/podcasts/feed.xml', type: /application\/rss\+xml/ },
] as const;

/** The placeholder the server gives without CONTACT_EMAIL or a PUBLIC_URL domain (README). */
const CONTACT = 'contact@ledgercommons.example';

const footer = (page: Page) => page.getByRole('contentinfo');

for (const device of ['desktop', '320px phone'] as const) {
  test.describe(device, () => {
    if (device !== 'desktop') test.use({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

    test('every footer link works: the pages open in the app with their heading, the feeds answer 200', async ({ page }) => {
      await page.goto('/news');
      for (const { link, path, heading } of PAGES) {
        const anchor = footer(page).getByRole('link', { name: link, exact: true });
        await expect(anchor).toHaveAttribute('href', path);
        expect((await page.request.get(path)).status()).toBe(200);
        await anchor.click();
        await expect(page).toHaveURL(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        // Not the header's navigation again.
        await expect(footer(page).getByRole('link', { name: /^(News|Podcasts|Forums|Resources|Community)$/ })).toHaveCount(0);
      }
      for (const { link, path, type } of FEEDS) {
        await expect(footer(page).getByRole('link', { name: link })).toHaveAttribute('href', path);
        const response = await page.request.get(path);
        expect(response.status(), path).toBe(200);
        expect(response.headers()['content-type']).toMatch(type);
      }
      // No link of the footer is wider than the screen (they wrap at 320px).
      const width = page.viewportSize()!.width;
      for (const box of await footer(page).getByRole('link').evaluateAll((links) => links.map((l) => l.getBoundingClientRect().right))) {
        expect(box).toBeLessThanOrEqual(width);
      }
    });

    test("the footer's theme switch is the header's: both follow it, and the footer is axe-clean in both themes", async ({ page }) => {
      await page.goto('/about');
      const html = page.locator('html');
      await expect(html).toHaveAttribute('data-theme', 'light');
      await expectNoSeriousA11yViolations(page);
      await footer(page).getByRole('button', { name: 'Dark theme' }).click();
      await expect(html).toHaveAttribute('data-theme', 'dark');
      await expect(footer(page).getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');
      // The header's own (on phones it lives in the menu sheet) says the same.
      await expect(page.getByRole('banner').getByRole('button', { name: 'Dark theme', includeHidden: true })).toHaveAttribute('aria-pressed', 'true');
      await expectNoSeriousA11yViolations(page);
    });
  });
}

test('the pages say what the site is, what it stores, its terms and how to reach it', async ({ page }) => {
  await page.goto('/about');
  const main = page.getByRole('main');
  await expect(main.getByText(/Ledger Commons is a community for the people who keep the books/)).toBeVisible();
  await expect(main.getByRole('heading', { level: 2, name: 'How we work' })).toBeVisible();

  await page.goto('/privacy');
  for (const text of [/lc\.sid/, /No advertising, analytics or social-media trackers/, /in your browser's storage on your own device/, /salted hash of your password/]) {
    await expect(main.getByText(text)).toBeVisible();
  }
  await expect(main.getByRole('link', { name: CONTACT })).toHaveAttribute('href', `mailto:${CONTACT}`);

  await page.goto('/terms');
  await expect(main.getByRole('heading', { level: 2, name: 'Not professional advice' })).toBeVisible();
  await expect(main.getByText(/not accounting, audit, tax, legal or investment advice/)).toBeVisible();

  await page.goto('/contact');
  await expect(main.getByRole('link', { name: CONTACT })).toHaveAttribute('href', `mailto:${CONTACT}`);
  // Markdown, formatted: headings and lists, not the raw text.
  await expect(main.getByRole('heading', { level: 2, name: 'What to write about' })).toBeVisible();
  await expect(main.locator('li').first()).toBeVisible();
  await expect(main.getByText('{siteName}')).toHaveCount(0);
  await expect(main.getByText('{contactEmail}')).toHaveCount(0);

  // Rendered on the server like the other public pages: the text is in the HTML itself.
  const html = await (await page.request.get('/privacy')).text();
  expect(html).toContain('Privacy policy');
  expect(html).toContain('lc.sid');
});

test('the pages open offline once the app is installed, also after a reload', async ({ page, context }) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  await goOffline(context);
  // Never visited online: its text ships with the app.
  await footer(page).getByRole('link', { name: 'Terms', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
  await expect(page.getByRole('main').getByText(/These terms apply to everyone/)).toBeVisible();
});
