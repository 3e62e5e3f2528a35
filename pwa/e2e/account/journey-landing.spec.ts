import { request, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { expectSignedIn, header, main } from '../support/journey';
import { newMember } from '../support/mail';
import { ACCOUNTS } from '../support/session';
import { toast } from '../support/toast';

/*
 * Everyone lands where their day starts, through the form on a phone and a desktop: staff on the
 * control panel, members home or back where they were going (never another site), a new member on
 * the welcome screen with no "Welcome back"; a new discussion opens itself, and a draft may wait for
 * its category while publishing asks for it beside the field.
 */

const unique = () => Math.random().toString(36).slice(2, 8);

/** The form on /login, already open: fills it and signs in. */
async function submitSignIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await main(page).getByLabel('Email').fill(account.email);
  await main(page).getByLabel('Password').fill(account.password);
  await main(page).getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('an admin signing in through the form lands on the control panel', async ({ page }, testInfo) => {
  await page.goto('/');
  await header(page).getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await submitSignIn(page, ACCOUNTS.admin);

  await expect(page).toHaveURL(/\/admin$/);
  await expect(main(page).getByRole('heading', { level: 1, name: 'Content Control Panel' })).toBeVisible();
  await expect(toast(page).filter({ hasText: 'Login Successful' })).toContainText('Welcome back to Ledger Commons');
  await expectSignedIn(page, ACCOUNTS.admin.name);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('admin-landing.png') });
});

test('an editor with two-step sign-in lands on the control panel after the code step', async ({ page, baseURL }) => {
  // An editor with two-step sign-in on, arranged through the API (the setup has its own journey).
  const editor = { email: `edna-${unique()}@example.com`, password: 'Quiet-harbour-lamp-42', firstName: 'Edna', lastName: 'Twostep', role: 'editor' };
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  let secret: string;
  try {
    expect((await api.post('/api/auth/login', { data: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password } })).status()).toBe(200);
    expect((await api.post('/api/admin/users', { data: editor })).status()).toBe(201);
    await api.post('/api/auth/logout');
    expect((await api.post('/api/auth/login', { data: { email: editor.email, password: editor.password } })).status()).toBe(200);
    secret = ((await (await api.post('/api/profile/two-factor/setup')).json()) as { secret: string }).secret;
    const enabled = await api.post('/api/profile/two-factor/enable', { data: { code: await generate({ secret }) } });
    expect(enabled.status(), await enabled.text()).toBe(200);
  } finally {
    await api.dispose();
  }

  await page.goto('/login');
  await submitSignIn(page, editor);
  await expect(main(page).getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  // The next 30-second step's code: the enrolment used the current one, and a step counts once.
  await main(page).getByLabel('Authentication code').fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await main(page).getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(main(page).getByRole('heading', { level: 1, name: 'Content Control Panel' })).toBeVisible();
});

test('a member sent to sign in returns where they were going; never to another site; else home', async ({ page, playwright, baseURL }) => {
  const member = await newMember(playwright, baseURL!, 'Landa');

  // Their profile asks for sign-in, and is where the form takes them.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
  await submitSignIn(page, member);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(main(page).getByRole('heading', { level: 1, name: 'Your Profile' })).toBeVisible();
  await page.context().clearCookies();

  // A redirect to another site is dropped: the member lands home.
  for (const elsewhere of ['//evil.example', 'https://evil.example', '/\\evil.example']) {
    await page.goto(`/login?redirect=${encodeURIComponent(elsewhere)}`);
    await submitSignIn(page, member);
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
    await page.context().clearCookies();
  }

  // Without one, home.
  await page.goto('/');
  await header(page).getByRole('link', { name: 'Login' }).click();
  await submitSignIn(page, member);
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
  await expectSignedIn(page, member.name);
});

test('signing up goes to the welcome screen, with no "Welcome back"', async ({ page }, testInfo) => {
  await page.goto('/login');
  await main(page).getByRole('tab', { name: 'Sign Up' }).click();
  await main(page).getByLabel('First name').fill('Wendell');
  await main(page).getByLabel('Last name').fill('Newcomer');
  await main(page).getByLabel('Email').fill(`wendell-${unique()}@example.com`);
  await main(page).getByLabel('Password').fill('Quiet-harbour-lamp-42');
  await main(page).getByRole('button', { name: 'Create Account' }).click();

  // The welcome screen itself is another part of this work; here, the address and the greeting.
  await expect(page).toHaveURL(/\/welcome$/);
  const greeting = toast(page).filter({ hasText: 'Registration Successful' });
  await expect(greeting).toContainText('Welcome to Ledger Commons community!');
  await expect(greeting).not.toContainText('Welcome back');
  await expect(page.getByText(/welcome back/i)).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('sign-up-landing.png') });
});

test('a new discussion opens itself; a draft waits for its category, publishing asks for it beside the field', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const member = await newMember(playwright, baseURL!, 'Dorothea');
  await page.goto('/login');
  await submitSignIn(page, member);
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);

  // Created and published: the discussion opens.
  const title = `Lease or buy the vans ${unique()}`;
  await page.goto('/forums');
  await main(page).getByRole('button', { name: 'New Discussion' }).click();
  let dialog = page.getByRole('dialog', { name: 'Start a New Discussion' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Content').fill('Which is better for a small practice?');
  await dialog.getByRole('button', { name: /Category/ }).click();
  await page.getByRole('option').first().click();
  await dialog.getByRole('button', { name: 'Create Discussion' }).click();
  await expect(page).toHaveURL(/\/forums\/[0-9a-f-]{36}$/);
  await expect(main(page).getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(toast(page).filter({ hasText: 'Discussion created successfully!' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A draft needs no category; it stays on the list, marked Draft.
  const draftTitle = `Half a thought ${unique()}`;
  await page.goto('/forums');
  await main(page).getByRole('button', { name: 'New Discussion' }).click();
  dialog = page.getByRole('dialog', { name: 'Start a New Discussion' });
  await dialog.getByLabel('Title').fill(draftTitle);
  await dialog.getByLabel('Content').fill('More when I have the numbers.');
  await expect(dialog.getByRole('button', { name: 'Create Discussion' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Save Draft' }).click();
  await expect(toast(page).filter({ hasText: 'Draft saved' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/forums$/);
  const card = main(page).getByRole('article').filter({ has: page.getByRole('link', { name: draftTitle, exact: true }) });
  await expect(card.getByRole('list', { name: 'Labels' })).toContainText('Draft');

  // Publishing it without a category: the message beside the Category field, nothing published.
  await card.getByRole('button', { name: /^Edit/ }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Discussion' });
  await dialog.getByRole('button', { name: 'Publish' }).click();
  const categoryField = dialog.locator('.field.select').filter({ hasText: 'Category' });
  await expect(categoryField).toContainText('Category is required');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('publish-needs-category.png') });

  // With a category, it is published.
  await dialog.getByRole('button', { name: /Category/ }).click();
  await page.getByRole('option').first().click();
  await expect(categoryField).not.toContainText('Category is required');
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(toast(page).filter({ hasText: 'Discussion published!' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(card.getByRole('list', { name: 'Labels' })).not.toContainText('Draft');
});
