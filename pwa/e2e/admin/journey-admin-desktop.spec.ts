import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { selectButton } from '../support/select';
import { ACCOUNTS } from '../support/session';

/*
 * Journey (d): an admin at a 1280px desktop signs in through the login form, opens the
 * control panel's Users tab, changes a member's role and deletes another member, and never has to
 * scroll sideways: at every step the page is no wider than the screen and the control to press lies
 * inside it (the Logout button and each row's Actions menu on the Users tab included, at 1366 and
 * 1280px alike).
 * A desktop journey: the phone projects leave it out (playwright.config.ts).
 */

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

const unique = () => Math.random().toString(36).slice(2, 8);

async function expectNoSidewaysScroll(page: Page, step: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${step}: page width`).toBeLessThanOrEqual(innerWidth);
  const scrolled = await page.evaluate(() => [...document.querySelectorAll('.table-scroll')].filter((box) => box.scrollWidth > box.clientWidth + 1).length);
  expect(scrolled, `${step}: tables scrolling sideways`).toBe(0);
}

/** The control is shown whole inside the 1280px screen, then pressed. */
async function pressOnScreen(control: Locator, step: string) {
  await expect(control).toBeVisible();
  await control.scrollIntoViewIfNeeded();
  const box = (await control.boundingBox())!;
  expect(box.x, `${step}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${step}: right edge`).toBeLessThanOrEqual(1280);
  await control.click();
}

test('an admin on a desktop signs in with the form, changes a role and deletes a user without scrolling sideways', async ({ page, playwright, baseURL }) => {
  test.slow(); // sign-in, the control panel and two changes on a busy machine
  // Two members to work on, made by API (the journey is the admin's, not theirs).
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  expect((await api.post('/api/auth/login', { data: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password } })).status()).toBe(200);
  const promoted = { firstName: 'Priya', lastName: `Promoted ${unique()}`, email: `promoted.${unique()}@example.test` };
  const leaving = { firstName: 'Lars', lastName: `Leaving ${unique()}`, email: `leaving.${unique()}@example.test` };
  for (const person of [promoted, leaving]) {
    const created = await api.post('/api/admin/users', { data: { ...person, password: 'Member-heather-dock-123', role: 'subscriber' } });
    expect(created.status(), await created.text()).toBe(201);
  }

  await page.goto('/');
  const header = page.getByRole('banner');
  await expectNoSidewaysScroll(page, 'home, signed out');
  await pressOnScreen(header.getByRole('link', { name: 'Login' }), 'Login');
  await expect(page).toHaveURL('/login');
  await page.getByLabel('Email').fill(ACCOUNTS.admin.email);
  await page.getByLabel('Password').fill(ACCOUNTS.admin.password);
  await pressOnScreen(page.getByRole('button', { name: 'Sign In', exact: true }), 'Sign In');
  // An admin's day starts at the control panel.
  await expect(page).toHaveURL('/admin');
  await expect(header.getByRole('button', { name: `Account menu for ${ACCOUNTS.admin.name}` })).toBeVisible();
  await expectNoSidewaysScroll(page, 'control panel, signed in');
  // The whole header is on the screen, Logout included.
  await pressOnScreen(header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }), 'Admin link');
  await expect(page).toHaveURL('/admin');
  const logoutBox = (await header.getByRole('button', { name: 'Logout' }).boundingBox())!;
  expect(logoutBox.x + logoutBox.width, 'Logout is inside the screen').toBeLessThanOrEqual(1280);
  await expectNoSidewaysScroll(page, 'control panel');

  await pressOnScreen(page.getByRole('tab', { name: 'Users' }), 'Users tab');
  await expect(page.getByRole('heading', { name: 'Current Users' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'Users tab');

  // A role: the row's Actions menu, Change role…, then the new role.
  const promotedName = `${promoted.firstName} ${promoted.lastName}`;
  const promotedRow = page.getByRole('row').filter({ hasText: promoted.email });
  await pressOnScreen(promotedRow.getByRole('button', { name: `Actions for ${promotedName}` }), 'Actions menu');
  await pressOnScreen(page.getByRole('menuitem', { name: 'Change role…' }), 'Change role…');
  const roleDialog = page.getByRole('dialog', { name: `Change role for ${promotedName}` });
  await pressOnScreen(selectButton(roleDialog, 'Role'), 'role picker');
  await pressOnScreen(page.getByRole('option', { name: 'Editor', exact: true }), 'Editor option');
  await pressOnScreen(roleDialog.getByRole('button', { name: 'Save Role' }), 'Save Role');
  await expect(promotedRow.getByText('Editor', { exact: true }).first()).toBeVisible();
  await expect.poll(async () => {
    const users = (await (await api.get('/api/users')).json()) as Array<{ email: string; role: string }>;
    return users.find((user) => user.email === promoted.email)?.role;
  }).toBe('editor');
  await expectNoSidewaysScroll(page, 'after the role change');

  // A deletion: the row's Actions menu, Delete…, then the confirmation.
  const leavingName = `${leaving.firstName} ${leaving.lastName}`;
  const leavingRow = page.getByRole('row').filter({ hasText: leaving.email });
  await pressOnScreen(leavingRow.getByRole('button', { name: `Actions for ${leavingName}` }), 'Actions menu');
  await pressOnScreen(page.getByRole('menuitem', { name: 'Delete…' }), 'Delete…');
  const confirm = page.getByRole('alertdialog', { name: `Delete ${leavingName}?` });
  await expectNoSidewaysScroll(page, 'confirmation');
  await pressOnScreen(confirm.getByRole('button', { name: 'Delete' }), 'confirm Delete');
  await expect(leavingRow).toHaveCount(0);
  await expectNoSidewaysScroll(page, 'after the deletion');
  const users = (await (await api.get('/api/users')).json()) as Array<{ email: string }>;
  expect(users.map((user) => user.email)).not.toContain(leaving.email);
  await api.dispose();
});
