import { expect, test } from '../support/fixtures';

test('the theme toggle switches to dark, and the choice survives a reload', async ({ page }) => {
  await page.goto('/');
  const html = page.locator('html');
  // The header's switch; the footer has the same one (pwa/e2e/layout/footer.spec.ts).
  const toggle = page.getByRole('banner').getByRole('button', { name: 'Dark theme' });
  await expect(html).toHaveAttribute('data-theme', 'light');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');

  await toggle.click();

  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');

  await toggle.click();
  await expect(html).toHaveAttribute('data-theme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
});

test('a stored dark theme applies before the app script runs (no light flash)', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));

  // Hold every application script: whatever the page shows meanwhile comes from index.html and /theme.js.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });

  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('#root')).toBeEmpty();
  const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  expect(background).not.toBe('rgb(255, 255, 255)');

  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Ledger Commons' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('until the member chooses, the theme follows the device, live and on a reload; a choice then wins', async ({ page }) => {
  const html = page.locator('html');
  const toggle = page.getByRole('banner').getByRole('button', { name: 'Dark theme' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();

  // The device changes while the page is open: the page follows at once.
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).toHaveAttribute('data-theme', 'light');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-theme', 'dark');

  // The member chooses light on a dark device: remembered, and it wins over the device from then on.
  await toggle.click();
  await expect(html).toHaveAttribute('data-theme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
});

test('a dark device gets a dark first paint of a server-rendered page, before any app script', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // Only scripts are held (page.route makes the fixture ask for the browser-rendered shell, so the
  // server-rendered page is checked through its own request below).
  const rendered = await page.request.get('/news');
  expect(await rendered.text()).toContain('<script src="/theme.js"></script>');
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  expect(background).not.toBe('rgb(255, 255, 255)');
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Ledger Commons' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});
