import { expect, test } from '../support/fixtures';
import { ACCOUNTS, signIn } from '../support/session';

const NAV_LABELS = ['News', 'Podcasts', 'Forums', 'Resources', 'Community'];

test.describe('header on a wide screen', () => {
  test('signed out: logo, every nav link, a Login button and no Admin link', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    const nav = header.getByRole('navigation', { name: 'Main' });

    await expect(header.getByRole('link', { name: 'Ledger Commons' })).toHaveAttribute('href', '/');
    for (const label of NAV_LABELS) await expect(nav.getByRole('link', { name: label })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await expect(header.getByRole('button', { name: 'Logout' })).toHaveCount(0);
    await expect(header.getByRole('button', { name: /^Notifications/ })).toHaveCount(0);
  });

  test('signed in as a member: avatar initials, full name, the notification bell and Logout; no Admin link', async ({ page }) => {
    await signIn(page, ACCOUNTS.member);
    await page.goto('/');
    const header = page.getByRole('banner');

    await expect(header.getByText(ACCOUNTS.member.name)).toBeVisible();
    await expect(header.getByText('MP', { exact: true })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(header.getByRole('button', { name: /^Notifications/ })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await expect(header.getByRole('link', { name: 'News' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  });

  test('signed in as an admin: an Admin link to /admin', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);
    await page.goto('/');
    const admin = page.getByRole('banner').getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' });

    await expect(admin).toHaveAttribute('href', '/admin');
    await admin.click();
    await expect(page).toHaveURL('/admin');
    await expect(admin).toHaveAttribute('aria-current', 'page');
  });

  test('the current route is highlighted', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Podcasts' })).not.toHaveAttribute('aria-current', 'page');

    await nav.getByRole('link', { name: 'Podcasts' }).click();

    await expect(page).toHaveURL('/podcasts');
    await expect(nav.getByRole('link', { name: 'Podcasts' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'News' })).not.toHaveAttribute('aria-current', 'page');
  });

  test('a link hidden in the menu settings is not shown; the others are', async ({ page, browser, baseURL }) => {
    const adminContext = await browser.newContext({ baseURL });
    const adminPage = await adminContext.newPage();
    await signIn(adminPage, ACCOUNTS.admin);
    const hide = await adminPage.request.patch('/api/admin/menu-settings/forums', { data: { isVisible: false } });
    expect(hide.status(), await hide.text()).toBe(200);
    try {
      await page.goto('/');
      const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Resources' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Forums' })).toHaveCount(0);
      await expect(nav.getByRole('link')).toHaveCount(4);
    } finally {
      await adminPage.request.patch('/api/admin/menu-settings/forums', { data: { isVisible: true } });
      await adminContext.close();
    }
  });

  test('Logout in the header shows Logging out... and ends on /login signed out', async ({ page }) => {
    await signIn(page, ACCOUNTS.member);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/logout', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    const header = page.getByRole('banner');

    await header.getByRole('button', { name: 'Logout' }).click();
    await expect(header.getByRole('button', { name: 'Logging out...' })).toBeVisible();
    release();

    await expect(page).toHaveURL('/login');
    await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(header.getByText(ACCOUNTS.member.name)).toHaveCount(0);
  });
});

test.describe('header on a phone (375×812)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the hamburger menu opens, navigates and closes', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('navigation', { name: 'Main' })).toBeHidden();

    await header.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    for (const label of NAV_LABELS) await expect(menu.getByRole('link', { name: label })).toBeVisible();

    await menu.getByRole('link', { name: 'Resources' }).click();

    await expect(page).toHaveURL('/resources');
    await expect(menu).toBeHidden();
    await header.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Resources' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  });

  test('signed in, the menu has the user and a Logout button that signs out', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByText(ACCOUNTS.admin.name)).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Admin' })).toBeVisible();
    await menu.getByRole('button', { name: 'Logout' }).click();

    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  });
});
