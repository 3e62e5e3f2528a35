import path from 'node:path';
import knex from 'knex';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { expectSignedIn, header, main, navigate, signInWithForm } from '../support/journey';
import { expect, inviteLinkIn, mailTo, test } from '../support/mail';
import { choose } from '../support/select';
import { ACCOUNTS } from '../support/session';
import { dismissToast, toast } from '../support/toast';

/*
 * Invitations that arrive. The admin invites from User Management, the invitation comes by
 * mail (a real SMTP server, pwa/e2e/support/mail.ts), and the invitee opens its link in their own browser,
 * sets their name and password and is signed in with the invited role. Resend mails a new link (the
 * old one stops working); revoked and expired links say so. Desktop and the phone project.
 */

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** The admin signs in through the form and opens User Management (the invitations) by its links. */
async function openUsersTab(page: Page): Promise<void> {
  await page.goto('/');
  await signInWithForm(page, ACCOUNTS.admin);
  await navigate(page, 'Admin');
  // Invitations live on User Management, one link away from the panel.
  await page.getByRole('main').getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Pending Invitations' })).toBeVisible();
}

/** Invites `email` as `role` with User Management's form; the screen says it was mailed. */
async function inviteThroughForm(page: Page, email: string, role: string): Promise<void> {
  const form = page.getByRole('region', { name: 'Invite someone' });
  await expect(form).toContainText('We email them an invite link.');
  await form.getByLabel('Email').fill(email);
  await choose(form, 'Role', role);
  await form.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(toast(page)).toContainText('User invitation sent successfully!');
  await expect(toast(page)).toContainText(`Invitation sent to ${email}.`);
  await expect(form.getByRole('status')).toContainText(`Invitation sent to ${email} (${role}).`);
  // Mailed: no link to pass on by hand.
  await expect(form.getByLabel('Invite link')).toHaveCount(0);
  await dismissToast(page, 'User invitation sent successfully!');
}

const pendingRow = (page: Page, email: string) =>
  page.getByRole('region', { name: 'Pending Invitations' }).getByRole('row').filter({ hasText: email });

/** A browser of the invitee's own (none of the admin's cookies), the same kind of device as the test's. */
async function inviteeBrowser(browser: Browser, baseURL: string, testInfo: TestInfo) {
  const { viewport, isMobile, hasTouch, deviceScaleFactor } = testInfo.project.use;
  return browser.newContext({ baseURL, viewport, isMobile, hasTouch, deviceScaleFactor, serviceWorkers: 'block' });
}

async function expectRefused(page: Page, message: string): Promise<void> {
  await expect(main(page).getByRole('heading', { level: 1, name: 'Invitation unavailable' })).toBeVisible();
  await expect(main(page).getByRole('alert').filter({ hasText: message })).toBeVisible();
  await expect(main(page).getByRole('link', { name: 'Go to Sign In' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
}

test('an invitation by mail: the invitee opens its link, sets name and password, and is signed in as an Editor', async ({
  page,
  browser,
  baseURL,
  smtp,
}, testInfo) => {
  test.slow(); // two browsers, a mail, several round trips
  await openUsersTab(page);
  const email = `new.editor.${unique()}@example.test`;
  await inviteThroughForm(page, email, 'Editor');
  await expect(pendingRow(page, email)).toContainText('Expires');

  // The mail: to the invitee, from the admin, with the role and the link to this site.
  const [mail] = await mailTo(smtp, email);
  expect(mail.envelope.to).toEqual([email]);
  expect(mail.parsed.subject).toBe(`${ACCOUNTS.admin.name} invited you to join Ledger Commons`);
  expect(mail.parsed.text).toContain('as Editor.');
  const link = inviteLinkIn(mail);
  expect(link.startsWith(`${baseURL}/invite/`)).toBe(true);

  const invitee = await inviteeBrowser(browser, baseURL!, testInfo);
  try {
    const p = await invitee.newPage();
    await p.goto(link);
    await expect(main(p).getByRole('heading', { level: 1, name: "You've been invited to join Ledger Commons as Editor" })).toBeVisible();
    await expect(p.getByLabel('Email')).toHaveValue(email);
    await p.getByLabel('First name').fill('Ines');
    await p.getByLabel('Last name').fill('Invited');
    await p.getByLabel('Password').fill('Quiet-harbour-lamp-42');
    await p.getByRole('button', { name: 'Accept Invitation' }).click();
    await expect(p).toHaveURL(/\/$/);
    await expect(toast(p)).toContainText('Registration Successful');
    await expectSignedIn(p, 'Ines Invited');
    // With the invited role: the editor's controls, not the admin's.
    await navigate(p, 'News');
    await expect(main(p).getByRole('link', { name: 'Add News', exact: true })).toBeVisible();
    await expect(header(p).getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);

    // The link is used now, and says so.
    await p.goto(link);
    await expectRefused(p, 'This invitation has already been used');
  } finally {
    await invitee.close();
  }
  // Accepted: it left the admin's pending list.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Pending Invitations' })).toBeVisible();
  await expect(pendingRow(page, email)).toHaveCount(0);
});

test('Resend mails a new link and the old one stops working; revoked and expired links say so', async ({
  page,
  browser,
  baseURL,
  smtp,
  server,
}, testInfo) => {
  test.slow();
  await openUsersTab(page);
  const email = `resend.${unique()}@example.test`;
  await inviteThroughForm(page, email, 'Contributor');
  const [first] = await mailTo(smtp, email);

  // The invitee says nothing arrived: the admin resends it.
  const row = pendingRow(page, email);
  await row.getByRole('button', { name: `Resend invitation to ${email}` }).click();
  await dismissToast(page, `Invitation resent to ${email}.`);
  await expectNoSeriousA11yViolations(page);
  // The row's three actions fit the screen: no table scrolls sideways, no button is cut off.
  const cut = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const tables = [...document.querySelectorAll('.table-scroll')].filter((box) => box.scrollWidth > box.clientWidth + 1).length;
    const buttons = [...document.querySelectorAll('main button')].filter((b) => b.getBoundingClientRect().right > width + 0.5).length;
    return { tables, buttons };
  });
  expect(cut).toEqual({ tables: 0, buttons: 0 });
  const second = (await mailTo(smtp, email, 2))[1];
  const renewed = inviteLinkIn(second);
  expect(renewed).not.toBe(inviteLinkIn(first));

  const visitor = await inviteeBrowser(browser, baseURL!, testInfo);
  try {
    const p = await visitor.newPage();
    // The first mail's link was replaced by the second's.
    await p.goto(inviteLinkIn(first));
    await expectRefused(p, 'This invitation link is not valid');
    await p.goto(renewed);
    await expect(main(p).getByRole('heading', { level: 1, name: "You've been invited to join Ledger Commons as Contributor" })).toBeVisible();

    // Revoked by the admin: the mailed link says so.
    await row.getByRole('button', { name: `Revoke invitation for ${email} (Contributor)` }).click();
    await dismissToast(page, 'Invitation revoked successfully!');
    await expect(pendingRow(page, email)).toHaveCount(0);
    await p.goto(renewed);
    await expectRefused(p, 'This invitation has been revoked');

    // Seven days on, an unused link has expired (aged in the database, as time would).
    const late = `late.${unique()}@example.test`;
    await inviteThroughForm(page, late, 'Editor');
    const [lateMail] = await mailTo(smtp, late);
    const db = knex({ client: 'better-sqlite3', connection: { filename: path.join(server.dataDir, 'app.sqlite3') }, useNullAsDefault: true });
    try {
      await db('user_invitations').where({ email: late }).update({ expires_at: new Date(Date.now() - 60_000).toISOString() });
    } finally {
      await db.destroy();
    }
    await p.goto(inviteLinkIn(lateMail));
    await expectRefused(p, 'This invitation has expired');
  } finally {
    await visitor.close();
  }
});
