import { request as playwrightRequest, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { useTheme } from '../support/content';
import { expect, test } from '../support/fixtures';
import { chooseRowAction } from '../support/menus';
import { ACCOUNTS } from '../support/session';

/*
 * "Sign out everywhere" (docs/security.md, Sessions): for yourself from the header's account menu
 * (the mobile menu under 768px), and for a user from the admin Users tab. Every session of the user
 * ends: another browser signed in as them is signed out too.
 */

interface Member {
  id: string;
  email: string;
  password: string;
  name: string;
}

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

async function asAdmin(baseURL: string): Promise<APIRequestContext> {
  const admin = await playwrightRequest.newContext({ baseURL });
  const res = await admin.post('/api/auth/login', { data: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password } });
  expect(res.status(), await res.text()).toBe(200);
  return admin;
}

/** A fresh member (the seeded accounts are shared with other tests, whose sessions must not end). */
async function newMember(baseURL: string): Promise<Member> {
  const admin = await asAdmin(baseURL);
  const stamp = unique();
  const member = { email: `everywhere.${stamp}@example.test`, password: 'Quiet-harbour-lamp-42', firstName: 'Sam', lastName: `Roe${stamp}` };
  const res = await admin.post('/api/admin/users', { data: member });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await admin.dispose();
  return { id, email: member.email, password: member.password, name: `Sam Roe${stamp}` };
}

async function signIn(request: APIRequestContext, who: { email: string; password: string }) {
  const res = await request.post('/api/auth/login', { data: { email: who.email, password: who.password } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Another browser, signed in as `member`. */
async function otherDevice(browser: Browser, baseURL: string, member: Member) {
  const context = await browser.newContext({ baseURL });
  await signIn(context.request, member);
  return {
    signedIn: async () => (await context.request.get('/api/auth/user')).status() === 200,
    close: () => context.close(),
  };
}

const toast = (page: Page, text: string) => page.getByRole('alertdialog').filter({ hasText: text });

test.describe('sign out everywhere, yourself', () => {
  test('from the account menu: every session ends, a toast says so, and the app goes to /login', async ({ page, browser, baseURL }) => {
    const member = await newMember(baseURL!);
    const phone = await otherDevice(browser, baseURL!, member);
    await signIn(page.request, member);
    await page.goto('/');
    expect(await phone.signedIn()).toBe(true);

    await page.getByRole('button', { name: `Account menu for ${member.name}` }).click();
    await page.getByRole('menuitem', { name: 'Sign out everywhere' }).click();

    await expect(toast(page, 'Signed out on all your devices.')).toBeVisible();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await phone.signedIn()).toBe(false);
    await phone.close();
  });

  test('when the server cannot do it, an error toast says so and nobody is signed out', async ({ page, browser, baseURL }) => {
    const member = await newMember(baseURL!);
    const phone = await otherDevice(browser, baseURL!, member);
    await signIn(page.request, member);
    await page.route('**/api/auth/logout-all', (route) => route.abort('internetdisconnected'));
    await page.goto('/');

    await page.getByRole('button', { name: `Account menu for ${member.name}` }).click();
    await page.getByRole('menuitem', { name: 'Sign out everywhere' }).click();

    await expect(toast(page, 'Could not sign out everywhere. Please try again.')).toBeVisible();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();
    expect(await phone.signedIn()).toBe(true);
    await phone.close();
  });

  test('signed out, there is no account menu', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Account menu/ })).toHaveCount(0);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 812 } });

    test('the mobile menu has the action', async ({ page, browser, baseURL }) => {
      const member = await newMember(baseURL!);
      const laptop = await otherDevice(browser, baseURL!, member);
      await signIn(page.request, member);
      await page.goto('/');

      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere' }).click();

      await expect(toast(page, 'Signed out on all your devices.')).toBeVisible();
      await expect(page).toHaveURL('/login');
      expect(await laptop.signedIn()).toBe(false);
      await laptop.close();
    });
  });

  // One run, in the light theme: each axe check also reads the dark theme's colours (axe.ts).
  const theme = 'light';
  test(`the open account menu has no serious axe violations (${theme})`, async ({ page, baseURL }) => {
    const member = await newMember(baseURL!);
    await useTheme(page, theme);
    await signIn(page.request, member);
    await page.goto('/');
    await page.getByRole('button', { name: `Account menu for ${member.name}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Sign out everywhere' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('sign out everywhere, by an admin', () => {
  async function openUsersTab(page: Page) {
    await signIn(page.request, ACCOUNTS.admin);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Users' }).click();
    await expect(page.getByRole('heading', { name: 'Current Users' })).toBeVisible();
  }

  test("the Users tab's row action ends every session of that user; the admin stays signed in", async ({ page, browser, baseURL }) => {
    const member = await newMember(baseURL!);
    const device = await otherDevice(browser, baseURL!, member);
    await openUsersTab(page);

    await chooseRowAction(page, page.getByRole('row').filter({ hasText: member.email }), member.name, 'Sign out everywhere');

    await expect(toast(page, 'User signed out everywhere.')).toBeVisible();
    expect(await device.signedIn()).toBe(false);
    await expect(page).toHaveURL('/admin');
    expect((await page.request.get('/api/auth/user')).status()).toBe(200);
    await device.close();
  });

  test("a refusal shows the server's message as an error toast", async ({ page, baseURL }) => {
    const member = await newMember(baseURL!);
    await page.route('**/api/admin/users/*/logout-all', (route) =>
      route.fulfill({ status: 404, json: { message: 'User not found', code: 'not_found' } }),
    );
    await openUsersTab(page);

    await chooseRowAction(page, page.getByRole('row').filter({ hasText: member.email }), member.name, 'Sign out everywhere');

    await expect(toast(page, 'User not found')).toBeVisible();
  });
});
