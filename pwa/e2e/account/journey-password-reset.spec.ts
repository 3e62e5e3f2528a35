import type { Page } from '@playwright/test';
import { expectSignedIn, header, main, signOut } from '../support/journey';
import { expect, mailTo, newMember, resetLinkIn, test } from '../support/mail';
import { toast } from '../support/toast';

/*
 * A member who forgot their password gets back in, the way they would: from the sign-in
 * screen's "Forgot password?" to the mail (a real SMTP server, pwa/e2e/support/mail.ts), its link, a new
 * password, signed in; then the new password works and the old one no longer does. Desktop and the
 * phone project (journey-*.spec.ts).
 */

async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  // In the form: a toast (its title may say 'Password') can be up beside it.
  await main(page).getByLabel('Email', { exact: true }).fill(email);
  await main(page).getByLabel('Password', { exact: true }).fill(password);
  await main(page).getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('forgot password: a link by mail, a new password, signed in; the old password fails and the new one works', async ({
  page,
  playwright,
  baseURL,
  smtp,
}) => {
  const member = await newMember(playwright, baseURL!, 'Rowan');
  // Signed in elsewhere (another device) before the reset: that session ends with it.
  const otherDevice = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  expect((await otherDevice.post('/api/auth/login', { data: { email: member.email, password: member.password } })).status()).toBe(200);

  await page.goto('/');
  await header(page).getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await main(page).getByRole('link', { name: 'Forgot password?' }).click();

  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(main(page).getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(member.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  await expect(main(page).getByRole('status')).toHaveText(/If an account exists for that email, we have sent it a link/);

  // The mail arrives, addressed to the member, with the link to this site.
  const [mail] = await mailTo(smtp, member.email);
  expect(mail.parsed.subject).toMatch(/password/i);
  const link = resetLinkIn(mail);
  expect(link.startsWith(`${baseURL}/reset-password?token=`)).toBe(true);

  await page.goto(link);
  await expect(main(page).getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('brand-new-password-2');
  await page.getByRole('button', { name: 'Set new password' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page)).toContainText('Password Changed');
  await expectSignedIn(page, member.name);
  // Every other session of the member ended.
  expect((await otherDevice.get('/api/auth/user')).status()).toBe(401);
  await otherDevice.dispose();

  await signOut(page);

  // The old password no longer works …
  await submitSignIn(page, member.email, member.password);
  await expect(toast(page)).toContainText('Login Failed');
  await expect(page).toHaveURL(/\/login$/);

  // … the new one does.
  await submitSignIn(page, member.email, 'brand-new-password-2');
  await expect(page).toHaveURL(/\/$/);
  await expectSignedIn(page, member.name);
});
