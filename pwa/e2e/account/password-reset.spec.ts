import type { APIRequestContext, Page } from '@playwright/test';
import { PASSWORD_RESET_MESSAGES } from '../../../contracts/auth';
import { changeAnswer } from '../support/answers';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { main } from '../support/journey';
import { expect, mailTo, newMember, requestResetLink, resetLinkIn, test } from '../support/mail';
import { toast } from '../support/toast';

/*
 * The password reset screens' other states (the whole way through is
 * journey-password-reset.spec.ts): links that cannot be used, an unknown address, the limit, a site
 * without mail, accessibility, and a small phone's width.
 */

/** Uses a reset link from another browser (arranging: the state under test is the link's afterwards). */
async function useLink(apiContext: APIRequestContext, link: string, password = 'some-new-password-1'): Promise<void> {
  const token = new URL(link).searchParams.get('token');
  const response = await apiContext.post('/api/auth/password-reset/confirm', { data: { token, password } });
  expect(response.status(), await response.text()).toBe(200);
}

async function expectRefused(page: Page, message: string): Promise<void> {
  await expect(main(page).getByRole('heading', { level: 1, name: 'Reset link unavailable' })).toBeVisible();
  await expect(main(page).getByRole('alert')).toHaveText(message);
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
}

async function askForLink(page: Page, email: string): Promise<void> {
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
}

test.describe('a reset link that cannot be used', () => {
  test('a used link says so and offers a new one', async ({ page, playwright, baseURL, smtp }) => {
    const member = await newMember(playwright, baseURL!, 'Usha');
    await requestResetLink(page, member.email);
    const link = resetLinkIn((await mailTo(smtp, member.email))[0]);
    const otherBrowser = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
    await useLink(otherBrowser, link);
    await otherBrowser.dispose();

    await page.goto(link);
    await expectRefused(page, PASSWORD_RESET_MESSAGES.used);
    await main(page).getByRole('link', { name: 'Request a new link' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByLabel('Email')).toBeVisible();
  });

  test('a link ended by the use of a newer one says it has expired', async ({ page, playwright, baseURL, smtp }) => {
    const member = await newMember(playwright, baseURL!, 'Ezra');
    await requestResetLink(page, member.email);
    const older = resetLinkIn((await mailTo(smtp, member.email, 1))[0]);
    await requestResetLink(page, member.email);
    const newer = resetLinkIn((await mailTo(smtp, member.email, 2))[1]);
    expect(newer).not.toBe(older);
    const otherBrowser = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
    await useLink(otherBrowser, newer);
    await otherBrowser.dispose();

    await page.goto(older);
    await expectRefused(page, PASSWORD_RESET_MESSAGES.expired);
  });

  test('an unknown token and a missing one are not valid', async ({ page }) => {
    await page.goto('/reset-password?token=no-such-token-no-such-token-no-such-token-x');
    await expectRefused(page, PASSWORD_RESET_MESSAGES.invalid);
    await page.goto('/reset-password');
    await expectRefused(page, PASSWORD_RESET_MESSAGES.invalid);
  });

  test('a link used while its form was open says so on submit, instead of the form', async ({ page, playwright, baseURL, smtp }) => {
    const member = await newMember(playwright, baseURL!, 'Ines');
    await requestResetLink(page, member.email);
    const link = resetLinkIn((await mailTo(smtp, member.email))[0]);
    await page.goto(link);
    await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
    const otherBrowser = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
    await useLink(otherBrowser, link);
    await otherBrowser.dispose();

    await page.getByLabel('New password', { exact: true }).fill('too-late-password-1');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expectRefused(page, PASSWORD_RESET_MESSAGES.used);
  });
});

test.describe('asking for a link', () => {
  test('an unknown address gets the same confirmation, and no mail is sent to it', async ({ page, playwright, baseURL, smtp }) => {
    const unknown = `nobody-${Date.now()}@example.com`;
    await askForLink(page, unknown);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
    await expect(main(page).getByRole('status')).toHaveText(PASSWORD_RESET_MESSAGES.requested);

    // A member asking after it gets their mail; by then a mail to the unknown address would have come too.
    const member = await newMember(playwright, baseURL!, 'Nora');
    await askForLink(page, member.email);
    await expect(main(page).getByRole('status')).toHaveText(PASSWORD_RESET_MESSAGES.requested);
    await mailTo(smtp, member.email);
    expect(smtp.to(unknown)).toHaveLength(0);
  });

  test('past the limit for an address, the toast says so and the form stays', async ({ page }) => {
    const email = `limited-${Date.now()}@example.com`;
    for (let i = 0; i < 5; i++) await requestResetLink(page, email);
    await askForLink(page, email);
    await expect(toast(page)).toContainText('Too many password reset requests. Please try again later.');
    await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
    await expect(main(page).getByRole('heading', { level: 1, name: 'Check your email' })).toHaveCount(0);
  });

  test('a malformed address is refused under the field', async ({ page }) => {
    await askForLink(page, 'not-an-address');
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Check your email' })).toHaveCount(0);
  });

  // The server's side of a site without mail (production without SMTP_URL: mailEnabled false, 503)
  // is tested in server/api/password-resets; starting a production server here would also need
  // HTTPS to sign in, so the site's answer is changed in the browser instead.
  test('on a site that cannot send mail, the screen says whom to ask instead of the form', async ({ page }) => {
    await changeAnswer<object>(page, '**/api/site', (site) => ({ ...site, mailEnabled: false }));
    await page.goto('/forgot-password');
    await expect(main(page).getByText(PASSWORD_RESET_MESSAGES.unavailable)).toBeVisible();
    await expect(main(page).getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    await expect(page.getByLabel('Email')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send reset link' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('accessibility and fit', () => {
  test('both screens in every state have no serious axe violations', async ({ page, playwright, baseURL, smtp }) => {
    await page.goto('/login');
    await expectNoSeriousA11yViolations(page);

    const member = await newMember(playwright, baseURL!, 'Axel');
    await askForLink(page, 'not-an-address');
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(main(page).getByRole('heading', { level: 1, name: 'Check your email' })).toBeFocused();
    await expectNoSeriousA11yViolations(page);

    await page.goto(resetLinkIn((await mailTo(smtp, member.email))[0]));
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByLabel('New password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page);

    await page.goto('/reset-password?token=no-such-token');
    await expectRefused(page, PASSWORD_RESET_MESSAGES.invalid);
    await expectNoSeriousA11yViolations(page);
  });

  test.describe('on a 360px phone', () => {
    test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });

    test('the screens fit the width', async ({ page }) => {
      const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      await page.goto('/forgot-password');
      await expect(page.getByRole('button', { name: 'Send reset link' })).toBeInViewport();
      expect(await fits()).toBe(true);
      await page.goto('/reset-password?token=no-such-token');
      await expectRefused(page, PASSWORD_RESET_MESSAGES.invalid);
      await expect(main(page).getByRole('link', { name: 'Back to Sign In' })).toBeInViewport();
      expect(await fits()).toBe(true);
    });
  });
});
