import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectNoSeriousA11yViolations, setTheme } from '../support/axe';
import { signInWithForm } from '../support/journey';
import { choose } from '../support/select';
import { ACCOUNTS } from '../support/session';

/*
 * Journey: drafts before publishing. An admin at a desktop signs in through the form, writes an
 * article in the control panel's quick form, which saves a draft and links to it; the preview shows
 * it under "Draft preview"; a member signed in elsewhere gets the 404 page at the preview and the
 * article's own address; the admin gives it a publish time in the editor's field, finds it under
 * Scheduled in Content, and the publishing job (polling every 500 ms here) publishes it: it appears
 * on /news for everyone.
 */

test.use({ serverEnv: { SCHEDULE_POLL_MS: '500' } });

const unique = () => Math.random().toString(36).slice(2, 8);

/**
 * Types `at` (in the browser's time zone) into a react-aria date-and-time field, one segment at a
 * time: each segment is focused, typed, and its value checked before the next, so a digit can
 * never land in the segment the field has just moved on to.
 */
async function typeDateTime(page: Page, label: string, at: Date) {
  const field = page.getByRole('group', { name: label });
  const parts = await page.evaluate((ms) => {
    const d = new Date(ms);
    return { month: d.getMonth() + 1, day: d.getDate(), year: d.getFullYear(), hour: d.getHours(), minute: d.getMinutes() };
  }, at.getTime());
  const segment = (name: string) => field.getByRole('spinbutton', { name: new RegExp(`^${name}`, 'i') });
  const hour12 = parts.hour % 12 === 0 ? 12 : parts.hour % 12;
  const steps: Array<[string, number]> = [
    ['month', parts.month],
    ['day', parts.day],
    ['year', parts.year],
    ['hour', hour12],
    ['minute', parts.minute],
  ];
  for (const [name, value] of steps) {
    await segment(name).click();
    const digits = String(value);
    // Digit by digit, each one's effect seen before the next key.
    for (let i = 1; i <= digits.length; i++) {
      await page.keyboard.type(digits[i - 1]);
      await expect(segment(name)).toHaveAttribute('aria-valuenow', String(Number(digits.slice(0, i))));
    }
  }
  const period = field.getByRole('spinbutton', { name: /AM\/PM/i });
  await period.click();
  await page.keyboard.type(parts.hour < 12 ? 'A' : 'P');
  await expect(period).toHaveAttribute('aria-valuetext', parts.hour < 12 ? 'AM' : 'PM');
}

// One width, a wide desktop's (the desktop project's other specs run at 1280 px): the journey's subject is the
// publishing job, which waits for its minute in real time.
for (const width of [1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 }, isMobile: false, hasTouch: false });

    test('a draft is previewed, hidden from members, scheduled and published by the job', async ({ page, browser, baseURL }) => {
      // Two sign-ins and up to 80 s for the publishing time (a whole minute at least 20 s ahead).
      test.setTimeout(240_000);
      const title = `Drafted at ${width}px ${unique()}`;
      await page.goto('/');
      await signInWithForm(page, ACCOUNTS.admin);
      await page.goto('/admin');
      // The panel opens on its Overview; the quick form is one tab away.
      await page.getByRole('tablist', { name: 'Control panel sections' }).getByRole('tab', { name: 'Articles' }).click();
      const form = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Create Article' }) });
      await form.getByLabel('Title', { exact: true }).fill(title);
      await form.getByLabel('Content', { exact: true }).fill('Written in the control panel, read first in the preview.');
      await choose(page, 'Category', 'Regulatory');
      await form.getByRole('button', { name: 'Save draft' }).click();

      // Saved as a draft, with links to it; the form starts over for the next one.
      const saved = form.getByRole('status').filter({ hasText: title });
      await expect(saved).toContainText('is saved as a draft.');
      await expect(form.getByLabel('Title', { exact: true })).toHaveValue('');
      await page.screenshot({ path: `/tmp/shots-drafts/panel-saved-${width}.png`, fullPage: true });
      await saved.getByRole('link', { name: 'Open preview' }).click();
      await expect(page).toHaveURL(/\/news\/[^/]+\/preview$/);
      const previewUrl = new URL(page.url()).pathname;
      const articleUrl = previewUrl.replace(/\/preview$/, '');
      await expect(page.getByRole('complementary', { name: 'Draft preview' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await page.screenshot({ path: `/tmp/shots-drafts/preview-${width}.png`, fullPage: true });
      for (const theme of ['light', 'dark'] as const) {
        await setTheme(page, theme);
        await expectNoSeriousA11yViolations(page);
      }

      // Another member, in a browser of their own, signed in through the form: 404 at both addresses.
      const other = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
      const memberPage = await other.newPage();
      await memberPage.goto('/');
      await signInWithForm(memberPage, ACCOUNTS.member);
      for (const path of [previewUrl, articleUrl]) {
        await memberPage.goto(path);
        await expect(memberPage.getByRole('heading', { level: 1 })).toHaveText(/404 Page Not Found|Article Not Found/);
        await expect(memberPage.getByText(title)).toHaveCount(0);
      }

      // Scheduled through the editor's "Publish at" field, at the next whole minute (the field's
      // precision) at least 20 s away, typed segment by segment (typeDateTime).
      await page.getByRole('main').getByRole('link', { name: 'Edit', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Edit Article' })).toBeVisible();
      const at = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000);
      await typeDateTime(page, 'Publish at', at);
      await page.getByRole('button', { name: 'Schedule', exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: title })).toContainText('is scheduled for');
      const id = articleUrl.split('/').pop()!;
      const stored = await page.request.get(`/api/news/${id}`);
      expect(await stored.json()).toMatchObject({ status: 'draft', scheduledAt: at.toISOString() });

      // The control panel's Content lists it under Scheduled.
      await page.goto('/admin/content?status=scheduled');
      await expect(page.getByRole('main').getByRole('tab', { name: /^Scheduled/ })).toHaveAttribute('aria-selected', 'true');
      await page.getByRole('main').getByRole('searchbox', { name: 'Search articles' }).fill(title);
      await expect(page.getByRole('main').getByRole('grid', { name: 'Articles' }).getByRole('row').filter({ hasText: title })).toBeVisible();
      await page.goto(previewUrl);
      await expect(page.getByRole('complementary', { name: 'Draft preview' })).toContainText('Scheduled for');
      await page.screenshot({ path: `/tmp/shots-drafts/scheduled-${width}.png`, fullPage: true });

      // The job publishes it at its time (up to 30 s after it): the member's own requests are answered
      // 404 until then (asked each second through the member's session, not by reloading a page for up
      // to 80 s), and then the member sees it on /news.
      await expect
        .poll(async () => (await memberPage.request.get(`/api/news/${id}`)).status(), {
          timeout: at.getTime() - Date.now() + 30_000,
          intervals: [1_000],
        })
        .toBe(200);
      expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
      await memberPage.goto('/news');
      await expect(memberPage.getByRole('heading', { name: title })).toBeVisible();
      await memberPage.goto(articleUrl);
      await expect(memberPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await other.close();
    });
  });
}
