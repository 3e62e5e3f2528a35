import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { expectSignedIn, header, main, navigate } from '../support/journey';
import { selectButton } from '../support/select';
import { goOffline, goOnline } from '../support/offline';
import { dismissToast, toast } from '../support/toast';

/*
 * Following and muting topics (docs/decisions/2026-12-04-topics.md): a member who has just signed up
 * through the form follows Audit and mutes Regulatory on "Your topics" (the seeded news categories),
 * and the choices are still there after a reload; a category's and a show's own page follow them too;
 * a forum category followed there is Watching in the forums; the first-visit step at /welcome greets
 * them (never "Welcome back"), says to confirm the email, and follows three picks. Desktop, and a
 * phone in this file (the phone project runs only journey-*.spec.ts).
 */

const PHONE = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2.625 };

let n = 0;
/** Signs up a new member through the form; ends signed in. */
async function signUp(page: Page, firstName: string): Promise<{ name: string; email: string }> {
  const email = `topics-${Date.now().toString(36)}${n++}${Math.random().toString(36).slice(2, 6)}@example.org`;
  const name = `${firstName} Newcomer`;
  await page.goto('/');
  await header(page).getByRole('link', { name: 'Login' }).click();
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill('Newcomer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Quiet-harbour-lamp-42');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectSignedIn(page, name);
  return { name, email };
}

/**
 * "Your topics" from the header's account menu on a desktop, from the menu sheet on a phone (chosen by the
 * device, not by what the header shows at one moment: right after a sign-up it may still show the visitor's).
 */
async function openTopics(page: Page, name: string, device: 'desktop' | 'phone'): Promise<void> {
  if (device === 'desktop') {
    await header(page).getByRole('button', { name: `Account menu for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Your topics' }).click();
  } else {
    await header(page).getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Your topics' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
  }
  await expect(page).toHaveURL(/\/topics$/);
  await expect(main(page).getByRole('heading', { level: 1, name: 'Your topics' })).toBeVisible();
}

const toggle = (page: Page, action: 'Follow' | 'Mute', topic: string) => main(page).getByRole('button', { name: `${action} ${topic}`, exact: true });
const newsSection = (page: Page) => main(page).getByRole('region', { name: 'News categories' });

function journeys(device: 'desktop' | 'phone') {
  test(`${device}: follows Audit and mutes Regulatory on Your topics; the choices stay after a reload; a forum category followed is Watching`, async ({ page, context }, testInfo) => {
    const { name } = await signUp(page, 'Tomas');
    await openTopics(page, name, device);
    const news = newsSection(page);
    await expect(news.getByRole('button', { name: 'Follow Audit', exact: true })).toHaveAttribute('aria-pressed', 'false');

    await news.getByRole('button', { name: 'Follow Audit', exact: true }).click();
    await dismissToast(page, 'You follow Audit');
    await news.getByRole('button', { name: 'Mute Regulatory', exact: true }).click();
    await dismissToast(page, 'Regulatory is muted');
    // Following a forum category here is watching it in the forums.
    const forums = main(page).getByRole('region', { name: 'Forum categories' });
    await forums.getByRole('button', { name: 'Follow Audit & Assurance', exact: true }).click();
    await dismissToast(page, 'You follow Audit & Assurance');

    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`your-topics-${device}.png`), fullPage: true });

    await page.reload();
    await expect(toggle(page, 'Follow', 'Audit')).toHaveAttribute('aria-pressed', 'true');
    await expect(toggle(page, 'Mute', 'Audit')).toHaveAttribute('aria-pressed', 'false');
    await expect(toggle(page, 'Mute', 'Regulatory')).toHaveAttribute('aria-pressed', 'true');
    await expect(toggle(page, 'Follow', 'Regulatory')).toHaveAttribute('aria-pressed', 'false');
    await expect(toggle(page, 'Follow', 'Tax')).toHaveAttribute('aria-pressed', 'false');

    // Mute and Follow exclude each other: muting Audit ends following it.
    await toggle(page, 'Mute', 'Audit').click();
    await expect(toggle(page, 'Follow', 'Audit')).toHaveAttribute('aria-pressed', 'false');
    await expect(toggle(page, 'Mute', 'Audit')).toHaveAttribute('aria-pressed', 'true');
    await dismissToast(page, 'Audit is muted');
    await toggle(page, 'Follow', 'Audit').click();
    await dismissToast(page, 'You follow Audit');

    // Offline the choice waits in the outbox, shows at once, and reaches the server once back online.
    await goOffline(context);
    await toggle(page, 'Mute', 'Tax').click();
    await expect(toast(page)).toContainText('Saved offline');
    await expect(toggle(page, 'Mute', 'Tax')).toHaveAttribute('aria-pressed', 'true');
    await goOnline(context);
    await expect
      .poll(async () => ((await (await page.request.get('/api/topics')).json()) as { topics: Array<{ name: string; kind: string; level: string | null }> }).topics.find((t) => t.kind === 'news_category' && t.name === 'Tax')?.level)
      .toBe('muted');

    await navigate(page, 'Forums');
    await main(page).getByRole('button', { name: 'Audit & Assurance', exact: true }).click();
    await expect(selectButton(main(page), 'Follow this category')).toContainText('Watching');
  });

  test(`${device}: follow a news category and a show from their own pages; visitors see no control`, async ({ page }, testInfo) => {
    // A visitor filtering by one category sees no Follow.
    await page.goto('/news');
    await main(page).getByRole('button', { name: 'Tax', exact: true }).click();
    await expect(page).toHaveURL(/categories=/);
    await expect(main(page).getByRole('list', { name: 'Articles' })).toBeVisible();
    await expect(toggle(page, 'Follow', 'Tax')).toHaveCount(0);

    const { name } = await signUp(page, 'Ines');
    await navigate(page, 'News');
    await main(page).getByRole('button', { name: 'Tax', exact: true }).click();
    await toggle(page, 'Follow', 'Tax').click();
    await dismissToast(page, 'You follow Tax');
    await expect(toggle(page, 'Follow', 'Tax')).toHaveAttribute('aria-pressed', 'true');
    // Opened afresh (rendered on the server for a member), the category's page still says so.
    await page.reload();
    await expect(toggle(page, 'Follow', 'Tax')).toHaveAttribute('aria-pressed', 'true');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`news-category-${device}.png`) });

    await navigate(page, 'Podcasts');
    await main(page).getByRole('button', { name: 'The Tax Brief', exact: true }).click();
    await toggle(page, 'Mute', 'The Tax Brief').click();
    await dismissToast(page, 'The Tax Brief is muted');

    // The settings screen says the same.
    await openTopics(page, name, device);
    await expect(toggle(page, 'Follow', 'Tax')).toHaveAttribute('aria-pressed', 'true');
    await expect(toggle(page, 'Mute', 'The Tax Brief')).toHaveAttribute('aria-pressed', 'true');
  });

  test(`${device}: /welcome greets a new member, asks to confirm the email, and follows three picks`, async ({ page }, testInfo) => {
    // Visitors sign in first.
    await page.goto('/welcome');
    await expect(page).toHaveURL(/\/login/);

    const { email } = await signUp(page, 'Wren');
    await page.goto('/welcome');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Welcome to Ledger Commons' })).toBeVisible();
    await expect(main(page)).not.toContainText(/welcome back/i);
    await expect(main(page).getByRole('region', { name: /Confirm your email/ })).toContainText(email);
    await expect(main(page).getByRole('button', { name: 'Resend confirmation email' })).toBeVisible();
    await expect(main(page).getByRole('heading', { name: 'Pick at least three topics' })).toBeVisible();

    const proceed = main(page).getByRole('button', { name: 'Continue' });
    await main(page).getByRole('button', { name: 'Audit', exact: true }).click();
    await main(page).getByRole('button', { name: 'Automation', exact: true }).click();
    await expect(proceed).toBeDisabled();
    await main(page).getByRole('button', { name: 'The Tax Brief', exact: true }).click();
    await expect(main(page).getByRole('button', { name: 'The Tax Brief', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(proceed).toBeEnabled();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`welcome-${device}.png`), fullPage: true });

    await proceed.click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/topics');
    await expect(toggle(page, 'Follow', 'Audit')).toHaveAttribute('aria-pressed', 'true');
    await expect(toggle(page, 'Follow', 'Automation')).toHaveAttribute('aria-pressed', 'true');
    await expect(toggle(page, 'Follow', 'The Tax Brief')).toHaveAttribute('aria-pressed', 'true');
    await expect(toggle(page, 'Follow', 'Tax')).toHaveAttribute('aria-pressed', 'false');

    // Skip for now goes home without following anything more.
    await page.goto('/welcome');
    await main(page).getByRole('link', { name: 'Skip for now' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
}

test.describe('desktop', () => journeys('desktop'));

test.describe('phone', () => {
  test.use(PHONE);
  journeys('phone');
});
