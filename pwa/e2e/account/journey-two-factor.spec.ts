import { request, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { expectSignedIn, header, main, openProfile, signOut } from '../support/journey';
import { ACCOUNTS } from '../support/session';
import { toast } from '../support/toast';

/*
 * Two-step sign-in (docs/security.md §14), the member's way: signed in through the form, they set it
 * up from their profile by typing the setup key into an "authenticator" (otplib here, computing the
 * code as a phone app would), see their recovery codes once, sign out, and sign in again with their
 * password and a code, then with a recovery code. Desktop and the phone project (journey-*.spec.ts).
 */

const PASSWORD = 'Quiet-harbour-lamp-42';

/** A fresh member made by the admin through the API (arranging data the journey is not about). */
async function newMember(baseURL: string) {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  try {
    expect((await api.post('/api/auth/login', { data: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password } })).status()).toBe(200);
    const account = { email: `tess-${randomBytes(4).toString('hex')}@example.com`, password: PASSWORD, firstName: 'Tess', lastName: 'Twostep' };
    const created = await api.post('/api/admin/users', { data: account });
    expect(created.status(), await created.text()).toBe(201);
    return { ...account, name: 'Tess Twostep' };
  } finally {
    await api.dispose();
  }
}

async function fillPassword(page: Page, email: string) {
  await main(page).getByLabel('Email', { exact: true }).fill(email);
  await main(page).getByLabel('Password', { exact: true }).fill(PASSWORD);
  await main(page).getByRole('button', { name: 'Sign In', exact: true }).click();
}

/**
 * The code an authenticator app shows for the next 30-second step: the server accepts one step
 * either side of its clock, and a step only once, so the next step's code is always new (the
 * enrolment used the current one) without waiting for the clock.
 */
const codeFor = (secret: string, stepsAhead: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });

test('sets up two-step sign-in from the profile, then signs in with a code and with a recovery code', async ({ page, baseURL }, testInfo) => {
  const member = await newMember(baseURL!);

  await page.goto('/');
  await header(page).getByRole('link', { name: 'Login' }).click();
  await fillPassword(page, member.email);
  await expect(page).toHaveURL(/\/$/);
  await expectSignedIn(page, member.name);

  await openProfile(page, member.name);
  const section = main(page).getByRole('region', { name: 'Two-step sign-in' });
  await section.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await expect(section.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = ((await section.getByLabel('Setup key').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('two-factor-setup.png'), fullPage: false });
  await expectNoSeriousA11yViolations(page);

  // A wrong code is said under the field; the right one turns it on.
  await section.getByLabel('6-digit code').fill('12345');
  await section.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(section.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
  await section.getByLabel('6-digit code').fill(await codeFor(secret, 0));
  await section.getByRole('button', { name: 'Turn on two-step sign-in' }).click();

  await expect(section.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  await expect(toast(page)).toContainText('Two-step sign-in is on');
  const codes = (await section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  await expect(section.getByRole('link', { name: 'Download codes' })).toHaveAttribute('download', 'recovery-codes.txt');
  await expectNoSeriousA11yViolations(page);
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByText('10 of 10 recovery codes left')).toBeVisible();

  // Signing in again: the password, then the code from the app.
  await signOut(page);
  await fillPassword(page, member.email);
  await expect(main(page).getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await expect(main(page).getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('two-factor-second-step.png') });
  await expectNoSeriousA11yViolations(page);
  await main(page).getByLabel('Authentication code').fill('000000' === (await codeFor(secret, 1)) ? '111111' : '000000');
  await main(page).getByRole('button', { name: 'Verify' }).click();
  await expect(main(page).getByText('That code is not right. Check the time on your device and try the newest code.')).toBeVisible();
  await main(page).getByLabel('Authentication code').fill(await codeFor(secret, 1));
  await main(page).getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectSignedIn(page, member.name);

  // And with a recovery code instead, which is then spent.
  await signOut(page);
  await fillPassword(page, member.email);
  await main(page).getByRole('button', { name: 'Use a recovery code instead' }).click();
  await main(page).getByLabel('Recovery code').fill(codes[0]);
  await main(page).getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectSignedIn(page, member.name);
  await openProfile(page, member.name);
  await expect(main(page).getByRole('region', { name: 'Two-step sign-in' }).getByText('9 of 10 recovery codes left')).toBeVisible();
});
