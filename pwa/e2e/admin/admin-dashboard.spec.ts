import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { Dashboard, MetricKey } from '../../../contracts/dashboard';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { getJson, type ListedArticle, type ListedPodcast } from '../support/content';
import { expect, test } from '../support/fixtures';
import { header, signInWithForm } from '../support/journey';
import { ACCOUNTS } from '../support/session';
import { METRIC_LABELS } from '../../features/admin/dashboard/figures';

/*
 * The control panel's Overview (the admin's dashboard): signed in through the form, its figures
 * equal the API's after writes the test makes, the period tabs change what is shown, each chart's
 * numbers are a table in the accessibility tree, and at 412 px the tiles stack without sideways scroll.
 */

const SHOTS = '/tmp/shots-dashboard';
mkdirSync(SHOTS, { recursive: true });

const tile = (page: Page, key: MetricKey) => page.getByRole('region', { name: METRIC_LABELS[key], exact: true });

/** A member (a fresh browser context, signed in through the API) comments on and likes an article and plays an episode. */
async function memberWrites(browser: Browser, baseURL: string): Promise<void> {
  const context = await browser.newContext({ baseURL });
  try {
    const api = context.request;
    expect((await api.post('/api/auth/login', { data: { email: ACCOUNTS.member.email, password: ACCOUNTS.member.password } })).status()).toBe(200);
    const [article] = await getJson<ListedArticle[]>(api, '/api/news?limit=1');
    const [episode] = await getJson<ListedPodcast[]>(api, '/api/podcasts?limit=1');
    expect((await api.post(`/api/news/${article.id}/comments`, { data: { content: `Dashboard check ${Date.now()}` } })).status()).toBe(201);
    // A like may already be there from another run of this worker: take it back, then like again.
    await api.delete(`/api/news/${article.id}/like`);
    expect((await api.post(`/api/news/${article.id}/like`)).status()).toBe(200);
    expect((await api.post(`/api/podcasts/${episode.id}/play`)).status()).toBe(200);
  } finally {
    await context.close();
  }
}

async function expectTilesEqualApi(page: Page, api: APIRequestContext, days: 7 | 30 | 90): Promise<Dashboard> {
  const figures = await getJson<Dashboard>(api, `/api/admin/dashboard?days=${days}`);
  expect(figures.metrics.map((m) => m.key)).toEqual(['members', 'newMembers', 'articles', 'episodes', 'comments', 'replies', 'plays', 'likes']);
  for (const metric of figures.metrics) {
    const shown = tile(page, metric.key);
    await expect(shown.locator('.dash-tile__value'), metric.key).toHaveText(metric.total.toLocaleString('en-US'));
    await expect(shown, metric.key).toContainText(`vs previous ${days} days`);
    // The chart's numbers, for screen readers: one row per day plus the header.
    const table = shown.getByRole('table', { name: `${METRIC_LABELS[metric.key]} per day: the last ${days} days and the ${days} days before` });
    await expect(table.getByRole('row')).toHaveCount(days + 1);
    await expect(table.getByRole('row').nth(days)).toContainText(String(metric.current.at(-1)));
  }
  return figures;
}

for (const width of [1280, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the Overview shows the API’s figures after known writes, for 7, 30 and 90 days', async ({ page, browser, baseURL }) => {
      // Three periods of eight tiles checked against the API, and axe in both themes.
      test.slow();
      await page.goto('/');
      await signInWithForm(page, ACCOUNTS.admin);
      const before = await getJson<Dashboard>(page.request, '/api/admin/dashboard?days=7');
      const total = (d: Dashboard, key: MetricKey) => d.metrics.find((m) => m.key === key)!.total;

      await memberWrites(browser, baseURL!);
      const after = await getJson<Dashboard>(page.request, '/api/admin/dashboard?days=7');
      expect(total(after, 'comments')).toBe(total(before, 'comments') + 1);
      expect(total(after, 'likes')).toBeGreaterThanOrEqual(total(before, 'likes'));
      expect(total(after, 'plays')).toBeGreaterThanOrEqual(total(before, 'plays'));

      // The admin landed on the panel before those writes: a reload reads its figures anew.
      await expect(page).toHaveURL('/admin');
      await page.reload();
      await header(page).getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
      await expect(page).toHaveURL('/admin');
      await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tab', { name: '7 days' })).toHaveAttribute('aria-selected', 'true');
      // The spec's tabs and the other admin screens stay one click away.
      await expect(page.getByRole('tablist', { name: 'Control panel sections' }).getByRole('tab')).toHaveText(['Overview', 'Articles', 'Podcasts', 'Users']);
      const links = page.getByRole('navigation', { name: 'Admin' });
      await expect(links.getByRole('link', { name: 'Content', exact: true })).toHaveAttribute('href', /^\/admin\/content\?(.+&)?status=draft/);
      await expect(links.getByRole('link', { name: 'Audit log', exact: true })).toHaveAttribute('href', '/admin/audit');

      const week = await expectTilesEqualApi(page, page.request, 7);
      expect(total(week, 'comments')).toBe(total(after, 'comments'));
      await expect(tile(page, 'comments').locator('canvas')).toHaveCount(1);
      const lists = page.getByRole('region', { name: 'Recent sign-ups' });
      await expect(lists.getByRole('link')).toHaveCount(week.recentSignups!.length);
      await expect(page.getByRole('region', { name: /^Drafts waiting \(\d+\)$/ })).toContainText(`Drafts waiting (${week.drafts.count})`);
      if (week.topArticles[0]) {
        await expect(page.getByRole('region', { name: 'Top articles' }).getByRole('link').first()).toHaveAttribute('href', `/news/${week.topArticles[0].id}`);
      }
      await page.screenshot({ path: `${SHOTS}/overview-7-${width}.png`, fullPage: true });

      await page.getByRole('tab', { name: '30 days' }).click();
      await expect(page.getByRole('tab', { name: '30 days' })).toHaveAttribute('aria-selected', 'true');
      await expectTilesEqualApi(page, page.request, 30);
      await page.getByRole('tab', { name: '90 days' }).click();
      await expectTilesEqualApi(page, page.request, 90);
      await page.screenshot({ path: `${SHOTS}/overview-90-${width}.png`, fullPage: true });

      await expectNoSeriousA11yViolations(page);
      await page.locator('html').evaluate((html) => (html.dataset.theme = 'dark'));
      await page.screenshot({ path: `${SHOTS}/overview-90-${width}-dark.png`, fullPage: true });
    });
  });
}

test('an editor’s Overview has the content figures, without members, sign-ups or the audit log', async ({ page }) => {
  await page.goto('/');
  await signInWithForm(page, ACCOUNTS.editor);
  await page.goto('/admin');
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await expect(tile(page, 'comments')).toBeVisible();
  await expect(tile(page, 'members')).toHaveCount(0);
  await expect(tile(page, 'newMembers')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Recent sign-ups' })).toHaveCount(0);
  const links = page.getByRole('navigation', { name: 'Admin' });
  await expect(links.getByRole('link', { name: 'Content', exact: true })).toBeVisible();
  await expect(links.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
});

test.describe('on a 412 px phone', () => {
  test.use({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2.625 });

  test('the tiles stack and the charts fit, without sideways scroll', async ({ page }) => {
    await page.goto('/');
    await signInWithForm(page, ACCOUNTS.admin);
    await page.goto('/admin');
    const first = tile(page, 'members');
    await expect(first.locator('canvas')).toHaveCount(1);
    const a = (await first.boundingBox())!;
    const b = (await tile(page, 'newMembers').boundingBox())!;
    expect(b.x).toBe(a.x);
    expect(b.y).toBeGreaterThanOrEqual(a.y + a.height);
    const canvas = (await first.locator('canvas').boundingBox())!;
    expect(canvas.x + canvas.width).toBeLessThanOrEqual(a.x + a.width);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await page.screenshot({ path: `${SHOTS}/overview-412.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });
});
