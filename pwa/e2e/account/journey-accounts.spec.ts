import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { Article } from '../../../contracts/news';
import type { Contributor } from '../../../contracts/community';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { expectSignedIn, header, main, openProfile } from '../support/journey';
import { offlineBanner, storedPaths, waitForServiceWorker, goOffline, goOnline } from '../support/offline';
import { ACCOUNTS } from '../support/session';

// Works offline, or with what the service worker caches (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/*
 * Accounts: a member edits their profile (details, a photo cropped to a square in the
 * browser, their password) and everyone can open a member's public page from an author's name or
 * the leaderboard. Each member here is made for the test, so no other spec's account changes.
 * Desktop and both phone projects.
 */

const unique = () => Math.random().toString(36).slice(2, 8);
const PASSWORD = 'first-pass-1';

async function adminApi(playwright: { request: { newContext(o: object): Promise<APIRequestContext> } }, baseURL: string) {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  expect((await api.post('/api/auth/login', { data: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password } })).status()).toBe(200);
  return api;
}

/** A new subscriber, made by the admin (no registration limits in the way). */
async function newMember(admin: APIRequestContext, firstName: string) {
  // A last name no sample member has, so the names on screen are this test's.
  const account = { email: `${firstName.toLowerCase()}-${unique()}@example.com`, password: PASSWORD, firstName, lastName: 'Quillfeather' };
  const res = await admin.post('/api/admin/users', { data: account });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  return { ...account, id, name: `${firstName} Quillfeather` };
}

/** Signs in with the form on /login (wherever the visitor came from) and waits to be signed in. */
async function signInOnLoginPage(page: Page, account: { email: string; password: string }) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  // Signed in, the app leaves /login for where the visitor came from; a menu opened before it has
  // arrived closes with that navigation, as any menu does.
  await expect(page).not.toHaveURL(/\/login/);
  await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
}

/** A 900×600 PNG: its left third red, the rest blue, so where the square was cut shows in its pixels. */
async function writeTestPhoto(dir: string): Promise<string> {
  const red = await sharp({ create: { width: 300, height: 600, channels: 3, background: { r: 220, g: 20, b: 20 } } }).png().toBuffer();
  const file = path.join(dir, 'photo.png');
  await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 20, g: 40, b: 220 } } })
    .composite([{ input: red, left: 0, top: 0 }])
    .png()
    .toFile(file);
  return file;
}

const profileCard = (page: Page, title: string) => main(page).getByRole('region', { name: title });
const toastWith = (page: Page, title: string) => page.getByRole('alertdialog').filter({ hasText: title });

test('a visitor opening /profile signs in and comes back to it', async ({ page, playwright, baseURL }) => {
  const member = await newMember(await adminApi(playwright, baseURL!), 'Vera');
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
  await signInOnLoginPage(page, member);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(profileCard(page, 'Details').getByLabel('First Name')).toHaveValue('Vera');
});

test('a member edits title and bio, gets field errors, crops and uploads a photo that the header shows', async ({ page, playwright, baseURL }, testInfo) => {
  test.slow(); // a crop, an upload and axe in two themes
  const member = await newMember(await adminApi(playwright, baseURL!), 'Priya');
  const dir = await mkdtemp(path.join(tmpdir(), 'ledger-photo-'));
  try {
    const photo = await writeTestPhoto(dir);
    await page.goto('/');
    await header(page).getByRole('link', { name: 'Login' }).click();
    await signInOnLoginPage(page, member);
    await expectSignedIn(page, member.name);
    await openProfile(page, member.name);

    // Details: a field error from the contract's rules under its field, then a save.
    const details = profileCard(page, 'Details');
    await details.getByLabel('First Name').fill('   ');
    await details.getByRole('button', { name: 'Save Changes' }).click();
    await expect(details.getByText('First name is required')).toBeVisible();
    await expect(details.getByLabel('First Name')).toBeFocused();
    await details.getByLabel('First Name').fill('Priya');
    await details.getByLabel('Title').fill('Group Financial Controller');
    await details.getByLabel('Bio').fill('Close, consolidate, report.\nTen years in manufacturing.');
    await details.getByLabel('Add to Expertise').fill('Consolidation');
    await details.getByLabel('Add to Expertise').press('Enter');
    await expect(details.getByRole('row', { name: 'Consolidation' })).toBeVisible();
    await details.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toastWith(page, 'Profile updated')).toBeVisible();
    await page.reload();
    await expect(profileCard(page, 'Details').getByLabel('Title')).toHaveValue('Group Financial Controller');
    await expect(profileCard(page, 'Details').getByLabel('Bio')).toHaveValue('Close, consolidate, report.\nTen years in manufacturing.');

    // Photo: choose, crop to the right-hand (blue) square and zoom a little, save.
    const chooser = page.waitForEvent('filechooser');
    await profileCard(page, 'Photo').getByRole('button', { name: 'Add Photo' }).click();
    await (await chooser).setFiles(photo);
    const dialog = page.getByRole('dialog', { name: 'Crop Your Photo' });
    const area = dialog.getByRole('group', { name: 'Photo position' });
    await expect(area.locator('img')).toBeVisible();
    await area.focus();
    for (let i = 0; i < 3; i++) await area.press('Shift+ArrowRight');
    await area.press('+');
    await expect(dialog.getByRole('slider', { name: 'Zoom' })).toHaveAttribute('aria-valuetext', '110%');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Save Photo' }).click();
    await expect(toastWith(page, 'Photo updated')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // The header's avatar is the uploaded square: 512×512, and cut from the blue part only.
    const headerAvatar = header(page).locator('.avatar img').first();
    await expect(headerAvatar).toHaveAttribute('src', /^\/objects\/[0-9a-f-]{36}$/);
    const src = (await headerAvatar.getAttribute('src'))!;
    const uploaded = Buffer.from(await (await page.request.get(src)).body());
    const meta = await sharp(uploaded).metadata();
    expect([meta.width, meta.height]).toEqual([512, 512]);
    expect(['webp', 'jpeg']).toContain(meta.format);
    const { data } = await sharp(uploaded).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    expect(data[2]).toBeGreaterThan(150); // blue
    expect(data[0]).toBeLessThan(80); // not red: the square was moved right, past the red third
    await expect(profileCard(page, 'Photo').locator('.avatar img')).toHaveAttribute('src', src);

    // axe on the profile as it loads (both themes' colours: axe.ts; the crop dialog was checked above).
    await page.reload();
    await expect(profileCard(page, 'Details').getByLabel('Title')).toHaveValue('Group Financial Controller');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath('profile.png'), fullPage: true });

    // Remove photo: back to initials everywhere.
    await profileCard(page, 'Photo').getByRole('button', { name: 'Remove Photo' }).click();
    await expect(toastWith(page, 'Photo removed')).toBeVisible();
    await expect(header(page).locator('.avatar img')).toHaveCount(0);
  } finally {
    await rm(dir, { recursive: true, force: true, maxRetries: 10 });
  }
});

test("changing the password needs the current one, and signs out the member's other browser", async ({ page, browser, playwright, baseURL }) => {
  test.slow(); // two browsers sign in with the form, and bcrypt runs four times
  const member = await newMember(await adminApi(playwright, baseURL!), 'Omar');
  const other = await signedInElsewhere(browser, baseURL!, member);
  try {
    await page.goto('/login');
    await signInOnLoginPage(page, member);
    await expectSignedIn(page, member.name);
    await openProfile(page, member.name);

    const card = profileCard(page, 'Change Password');
    await card.getByLabel('Current Password').fill('not-my-password');
    await card.getByLabel('New Password', { exact: true }).fill('second-pass-2');
    await card.getByLabel('Confirm New Password').fill('second-pass-2');
    await card.getByRole('button', { name: 'Change Password' }).click();
    // The server's answer, under the field it concerns.
    await expect(card.getByText('Current password is incorrect')).toBeVisible();
    await expect(card.getByLabel('Current Password')).toBeFocused();

    await card.getByLabel('Current Password').fill(PASSWORD);
    // Editing the field clears the server's message.
    await expect(card.getByText('Current password is incorrect')).toHaveCount(0);
    await card.getByRole('button', { name: 'Change Password' }).click();
    await expect(toastWith(page, 'Password changed')).toContainText('Signed out on 1 other device');

    // The other browser is signed out on its next request; this one stays signed in.
    await other.reload();
    await expect(header(other).getByRole('link', { name: 'Login' })).toBeVisible();
    await page.reload();
    await expectSignedIn(page, member.name);
  } finally {
    await other.context().close();
  }
});

async function signedInElsewhere(browser: Browser, baseURL: string, member: { email: string; password: string; name: string }): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/login');
  await signInOnLoginPage(page, member);
  await expect(page).toHaveURL(/\/$/);
  await expectSignedIn(page, member.name);
  return page;
}

test('member pages open from an article byline and from the leaderboard, show no email, and open offline once seen', async ({ page, context, playwright, baseURL }) => {
  test.slow(); // two themes of axe, and an offline reload
  const admin = await adminApi(playwright, baseURL!);
  // As a visitor sees the list: published articles only.
  const [article] = (await (await page.request.get('/api/news')).json()) as Article[];
  const byline = (await (await page.request.get(`/api/news/${article.id}`)).json()) as Article;
  expect(byline.author, 'the sample article has an author with a public page').toBeTruthy();
  const authorName = `${byline.author!.firstName} ${byline.author!.lastName}`;
  const authorEmail = ((await (await admin.get('/api/admin/users')).json()) as Array<{ id: string; email: string }>).find((u) => u.id === byline.author!.id)!.email;

  await page.goto('/');
  await waitForServiceWorker(page);
  await page.goto(`/news/${article.id}`);
  await main(page).getByRole('link', { name: authorName }).first().click();
  await expect(page).toHaveURL(new RegExp(`/members/${byline.author!.id}$`));
  await expect(main(page).getByRole('heading', { level: 1, name: authorName })).toBeVisible();
  await expect(main(page).getByRole('region', { name: /^Articles/ })).toBeVisible();
  await expect(main(page)).not.toContainText(authorEmail);

  // The page as the server sends it, and its API answer: no email anywhere.
  const html = await (await page.request.get(`/members/${byline.author!.id}`)).text();
  expect(html).toContain(authorName);
  expect(html).not.toContain(authorEmail);
  expect(html).not.toContain(authorEmail.split('@')[0] + '@');
  const json = await (await page.request.get(`/api/members/${byline.author!.id}`)).text();
  expect(json).not.toMatch(/email|@/i);

  // From the leaderboard: the first contributor.
  const [first] = (await (await admin.get('/api/community/contributors?limit=10')).json()) as Contributor[];
  const firstName = `${first.firstName} ${first.lastName}`;
  await page.goto('/community');
  const leaderboard = main(page).getByRole('region', { name: 'Monthly Leaderboard' });
  const link = leaderboard.getByRole('link', { name: firstName });
  await expect(link).toBeVisible();
  // The name is not cut short: it shows whole.
  expect(await link.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await link.click();
  await expect(main(page).getByRole('heading', { level: 1, name: firstName })).toBeVisible();
  await page.reload();
  await expect(main(page).getByRole('heading', { level: 1, name: firstName })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Seen once, it opens offline from the device.
  await expect.poll(() => storedPaths(page)).toContain(`/api/members/${first.id}`);
  await goOffline(context);
  await page.reload();
  await expect(main(page).getByRole('heading', { level: 1, name: firstName })).toBeVisible();
  await expect(offlineBanner(page)).toBeVisible();
  await goOnline(context);
});

test('offline, the profile reads from the device and saving says it needs a connection', async ({ page, context, playwright, baseURL }) => {
  const member = await newMember(await adminApi(playwright, baseURL!), 'Lena');
  await page.goto('/');
  await waitForServiceWorker(page);
  await header(page).getByRole('link', { name: 'Login' }).click();
  await signInOnLoginPage(page, member);
  await expectSignedIn(page, member.name);
  await openProfile(page, member.name);
  await expect.poll(() => storedPaths(page)).toContain('/api/profile');

  await goOffline(context);
  await page.reload();
  await expect(profileCard(page, 'Details').getByLabel('First Name')).toHaveValue('Lena');
  await expect(main(page).getByRole('status').filter({ hasText: "You're offline" })).toContainText('saving changes needs a connection');
  await expect(profileCard(page, 'Details').getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  await expect(profileCard(page, 'Change Password').getByRole('button', { name: 'Change Password' })).toBeDisabled();
  await expect(profileCard(page, 'Photo').getByRole('button', { name: 'Add Photo' })).toBeDisabled();
  await goOnline(context);
});
