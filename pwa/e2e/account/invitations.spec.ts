import path from 'node:path';
import knex from 'knex';
import type { Browser, Page } from '@playwright/test';
import { changeAnswer } from '../support/answers';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { selectButton } from '../support/select';
import { ACCOUNTS } from '../support/session';
import { toast } from '../support/toast';

/*
 * Invitations by link: the admin invites, gets a one-time link and copies it; the invitee
 * opens it in their own browser, creates the account with the invited role and is signed in. A used,
 * revoked, expired or unknown link says which, with a way to sign in. Where the site mails
 * invitations, journey-invitation.spec.ts follows the mail instead.
 */

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const LINK = /\/invite\/[A-Za-z0-9_-]{43}$/;

/** The admin signs in the way a person does: the login form. */
async function signInThroughForm(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(ACCOUNTS.admin.email);
  await page.getByLabel('Password').fill(ACCOUNTS.admin.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  // Staff land on the control panel.
  await expect(page).toHaveURL('/admin');
}

async function openUsersTab(page: Page) {
  // Invitations live on User Management.
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'Pending Invitations' })).toBeVisible();
}

/**
 * The site's answers as on a site that cannot send mail (production without SMTP_URL, whose server
 * side server/api/invitations/invitation-mail.test.ts covers; a production server here would need
 * HTTPS to sign in): the admin then gets the link to pass on by hand.
 */
async function asSiteWithoutMail(page: Page) {
  await changeAnswer<object>(page, '**/api/site', (site) => ({ ...site, mailEnabled: false }));
  await changeAnswer<object>(page, '**/api/users/invite', (invitation) => ({ ...invitation, mailed: false }));
}

/** Invites through User Management's form and returns the link it shows (a site without mail). */
async function inviteThroughForm(page: Page, email: string, role: string): Promise<string> {
  const form = page.getByRole('region', { name: 'Invite someone' });
  await form.getByLabel('Email').fill(email);
  await selectButton(form, 'Role').click();
  await page.getByRole('option', { name: role, exact: true }).click();
  await form.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(toast(page)).toContainText('User invitation sent successfully!');
  const panel = form.getByRole('region', { name: `Invite link for ${email} (${role})` });
  await expect(panel).toBeVisible();
  const url = await panel.getByLabel('Invite link').inputValue();
  expect(url).toMatch(LINK);
  return url;
}

/** An invitation made through the API (for journeys about the invitee's side only). */
async function inviteViaApi(page: Page, baseURL: string, role = 'editor') {
  const response = await page.request.post('/api/users/invite', {
    data: { email: `invitee.${unique()}@example.test`, role },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; email: string; inviteUrl: string };
}

/** A fresh browser profile for the invitee: none of the admin's cookies. */
async function inviteeContext(browser: Browser, baseURL: string, options: Parameters<Browser['newContext']>[0] = {}) {
  return browser.newContext({ baseURL, ...options });
}

async function acceptThroughForm(page: Page, firstName: string) {
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill('Invitee');
  await page.getByLabel('Password').fill('Quiet-harbour-lamp-42');
  await page.getByRole('button', { name: 'Accept Invitation' }).click();
}

const refusal = (page: Page) => page.getByRole('heading', { name: 'Invitation unavailable' });

async function expectRefused(page: Page, message: string) {
  await expect(refusal(page)).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Sign In' })).toHaveAttribute('href', '/login');
}

const header = (page: Page) => page.getByRole('banner');

test.describe('invitation links', () => {
  test('the admin invites and copies the link; the invitee opens it, signs up as Admin and is signed in; the link is then used', async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    test.slow(); // two browsers and several server round trips
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await asSiteWithoutMail(page);
    await signInThroughForm(page);
    await openUsersTab(page);
    await expect(page.getByRole('region', { name: 'Invite someone' })).toContainText('You get an invite link to send them.');

    const email = `new.cfo.${unique()}@firm.example`;
    const link = await inviteThroughForm(page, email, 'Admin');
    expect(link.startsWith(`${baseURL}/invite/`)).toBe(true);
    await page.getByRole('button', { name: 'Copy invite link' }).click();
    await expect(toast(page)).toContainText('Invite link copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    // The pending list shows when it expires.
    const pending = page.getByRole('region', { name: 'Pending Invitations' }).getByRole('row').filter({ hasText: email });
    await expect(pending).toContainText('Expires');
    await expect(pending.getByText('Admin', { exact: true })).toBeVisible();
    // Nothing to resend without mail.
    await expect(pending.getByRole('button', { name: /^Resend/ })).toHaveCount(0);

    const invitee = await inviteeContext(browser, baseURL!);
    try {
      const other = await invitee.newPage();
      await other.goto(link);
      await expect(other.getByRole('heading', { name: "You've been invited to join Ledger Commons as Admin" })).toBeVisible();
      const emailField = other.getByLabel('Email');
      await expect(emailField).toHaveValue(email);
      await expect(emailField).toHaveAttribute('readonly', '');
      await expectNoSeriousA11yViolations(other);

      // The form checks with the contract before sending.
      await other.getByRole('button', { name: 'Accept Invitation' }).click();
      await expect(other.getByText('First name is required')).toBeVisible();
      await expect(other.getByLabel('First name')).toBeFocused();

      await acceptThroughForm(other, 'Casey');
      await expect(other).toHaveURL('/');
      await expect(toast(other)).toContainText('Registration Successful');
      // Signed in with the invited role: the header offers the admin area.
      await expect(header(other).getByRole('link', { name: 'Admin' })).toBeVisible();
      await expect(header(other).getByRole('button', { name: 'Account menu for Casey Invitee' })).toBeVisible();
    } finally {
      await invitee.close();
    }

    // Used: a second visit is told so, and the invitation left the admin's pending list.
    const late = await inviteeContext(browser, baseURL!);
    try {
      const again = await late.newPage();
      await again.goto(link);
      await expectRefused(again, 'This invitation has already been used');
      await expectNoSeriousA11yViolations(again);
      await again.getByRole('link', { name: 'Go to Sign In' }).click();
      await expect(again).toHaveURL('/login');
    } finally {
      await late.close();
    }
    await page.reload();
    await expect(page.getByRole('region', { name: 'Pending Invitations' }).getByRole('row').filter({ hasText: email })).toHaveCount(0);
  });

  test('an Editor invitation gives the editor screens; a plain sign-up with the same address gives none', async ({ page, browser, baseURL }) => {
    test.slow();
    await signInThroughForm(page);
    const squatted = await inviteViaApi(page, baseURL!, 'editor');
    const invitation = await inviteViaApi(page, baseURL!, 'editor');

    // Someone who only knows an invited address signs up on /login: a subscriber, no editor links.
    const squatter = await inviteeContext(browser, baseURL!);
    try {
      const p = await squatter.newPage();
      await p.goto('/login');
      await p.getByRole('tab', { name: 'Sign Up' }).click();
      await p.getByLabel('First name').fill('Not');
      await p.getByLabel('Last name').fill('Invited');
      await p.getByLabel('Email').fill(squatted.email);
      await p.getByLabel('Password').fill('Quiet-harbour-lamp-42');
      await p.getByRole('button', { name: 'Create Account' }).click();
      await expect(p).toHaveURL('/welcome');
      await p.goto('/news');
      await expect(p.getByRole('link', { name: 'Add News', exact: true })).toHaveCount(0);
      await expect(header(p).getByRole('link', { name: 'Admin' })).toHaveCount(0);
    } finally {
      await squatter.close();
    }

    const invitee = await inviteeContext(browser, baseURL!);
    try {
      const p = await invitee.newPage();
      await p.goto(invitation.inviteUrl);
      await expect(p.getByRole('heading', { name: "You've been invited to join Ledger Commons as Editor" })).toBeVisible();
      await acceptThroughForm(p, 'Elliot');
      await expect(p).toHaveURL('/');
      await p.goto('/news');
      await expect(p.getByRole('link', { name: 'Add News', exact: true })).toBeVisible();
      await expect(header(p).getByRole('link', { name: 'Admin' })).toHaveCount(0);
    } finally {
      await invitee.close();
    }
  });

  test('expired, revoked and unknown links say which, with a link to sign in', async ({ page, browser, baseURL, server }) => {
    test.slow(); // three refused links with an axe run, then the admin's list: many round trips
    await signInThroughForm(page);
    const expired = await inviteViaApi(page, baseURL!);
    const revoked = await inviteViaApi(page, baseURL!);
    const revoke = await page.request.post(`/api/users/invitations/${revoked.id}/revoke`, { headers: { origin: baseURL! } });
    expect(revoke.status()).toBe(200);
    // Age the first link past its 7 days, as time would.
    const db = knex({ client: 'better-sqlite3', connection: { filename: path.join(server.dataDir, 'app.sqlite3') }, useNullAsDefault: true });
    try {
      await db('user_invitations').where({ id: expired.id }).update({ expires_at: new Date(Date.now() - 60_000).toISOString() });
    } finally {
      await db.destroy();
    }

    const visitor = await inviteeContext(browser, baseURL!);
    try {
      const p = await visitor.newPage();
      await p.goto(expired.inviteUrl);
      await expectRefused(p, 'This invitation has expired');
      await expectNoSeriousA11yViolations(p);
      await p.goto(revoked.inviteUrl);
      await expectRefused(p, 'This invitation has been revoked');
      await p.goto('/invite/not-a-real-token');
      await expectRefused(p, 'This invitation link is not valid');
    } finally {
      await visitor.close();
    }

    // The admin sees the expired one as such, and a new link works again.
    await openUsersTab(page);
    const row = page.getByRole('region', { name: 'Pending Invitations' }).getByRole('row').filter({ hasText: expired.email });
    await expect(row.getByText('Expired', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: `New link for ${expired.email}` }).click();
    await expect(toast(page)).toContainText('New invitation link created.');
    const panel = page.getByRole('region', { name: `Invite link for ${expired.email} (Editor)` });
    const renewed = await panel.getByLabel('Invite link').inputValue();
    expect(renewed).toMatch(LINK);
    expect(renewed).not.toBe(expired.inviteUrl);
    await expect(row).toContainText('Expires');

    const invitee = await inviteeContext(browser, baseURL!);
    try {
      const p = await invitee.newPage();
      await p.goto(expired.inviteUrl);
      await expectRefused(p, 'This invitation link is not valid');
      await p.goto(renewed);
      await acceptThroughForm(p, 'Renee');
      await expect(p).toHaveURL('/');
      await expect(toast(p)).toContainText('Registration Successful');
    } finally {
      await invitee.close();
    }
  });
});

test.describe('invitation links on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  // The screen's own content, in <main>, fits the width (the signed-out header at 390 px with
  // isMobile overflows on every page, /login included: not this feature's).
  const fitsTheScreen = async (page: Page) => {
    const overflow = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const rights = [...document.querySelectorAll('main *')].filter((el) => !el.closest('.table-scroll')).map((el) => el.getBoundingClientRect().right);
      return Math.max(...rights) - width;
    });
    expect(overflow).toBeLessThanOrEqual(0);
  };

  test('the admin gets and copies a link on a phone; the invitee accepts it on a phone', async ({ page, context, browser, baseURL }, testInfo) => {
    test.slow();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await asSiteWithoutMail(page);
    await signInThroughForm(page);
    await openUsersTab(page);
    const email = `phone.${unique()}@example.test`;
    const link = await inviteThroughForm(page, email, 'Contributor');
    const copy = page.getByRole('button', { name: 'Copy invite link' });
    await copy.tap();
    await expect(toast(page)).toContainText('Invite link copied.');
    await fitsTheScreen(page);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('region', { name: `Invite link for ${email} (Contributor)` }).screenshot({ path: testInfo.outputPath('admin-invite-link-phone.png') });

    const invitee = await inviteeContext(browser, baseURL!, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      const p = await invitee.newPage();
      await p.goto(link);
      await expect(p.getByRole('heading', { name: "You've been invited to join Ledger Commons as Contributor" })).toBeVisible();
      await fitsTheScreen(p);
      await expectNoSeriousA11yViolations(p);
      await p.screenshot({ path: testInfo.outputPath('invite-page-phone.png'), fullPage: true });
      await p.getByLabel('First name').fill('Pat');
      await p.getByLabel('Last name').fill('Phone');
      await p.getByLabel('Password').fill('Quiet-harbour-lamp-42');
      await p.getByRole('button', { name: 'Accept Invitation' }).tap();
      await expect(p).toHaveURL('/');
      await expect(toast(p)).toContainText('Registration Successful');
      // Signed in: the phone menu has the new member's name.
      await p.getByRole('button', { name: 'Open menu' }).tap();
      await expect(p.getByRole('dialog', { name: 'Menu' }).getByText('Pat Phone')).toBeVisible();
    } finally {
      await invitee.close();
    }
  });
});
