import { expect, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS } from './session';

/**
 * Helpers for the journeys: everything through the UI, as a person on a phone would, so
 * the sign-in goes through the form (never the API, whose cookie makes the app start signed in and
 * hides what happens when the app itself signs in).
 */

/** The phones and the desktop each journey runs on (phone emulation: mobile viewport, touch). */
export const SCREENS = [
  { name: 'phone 412', use: { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2.625 } },
  { name: 'small phone 360', use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 } },
  { name: 'desktop 1280', use: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false } },
] as const;

export const header = (page: Page) => page.getByRole('banner');
export const main = (page: Page) => page.getByRole('main');

/**
 * Whether the header is a desktop's (it shows `desktopControl`) or a phone's (its menu button), once it shows
 * either: read at one moment, a header still drawing a visitor's state (the app starting after a restart, a
 * sign-in settling) sent a desktop down the phone's way.
 */
export async function headerShows(page: Page, desktopControl: Locator): Promise<'desktop' | 'phone'> {
  const menu = header(page).getByRole('button', { name: 'Open menu' });
  await expect(desktopControl.or(menu).first()).toBeVisible();
  return (await desktopControl.isVisible()) ? 'desktop' : 'phone';
}

/** Profile, from the header's account menu on a desktop, from the menu sheet on a phone. */
export async function openProfile(page: Page, name: string): Promise<void> {
  const account = header(page).getByRole('button', { name: `Account menu for ${name}` });
  if ((await headerShows(page, account)) === 'desktop') {
    await account.click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
  } else {
    await header(page).getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
  }
  await expect(page).toHaveURL(/\/profile$/);
  await expect(main(page).getByRole('heading', { level: 1, name: 'Your Profile' })).toBeVisible();
}

/** Logout from the header on a desktop, from the menu on a phone; ends on /login, signed out. */
export async function signOut(page: Page): Promise<void> {
  const inHeader = header(page).getByRole('button', { name: 'Logout' });
  if ((await headerShows(page, inHeader)) === 'desktop') {
    await inHeader.click();
  } else {
    await header(page).getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Logout' }).click();
  }
  await expect(page).toHaveURL(/\/login$/);
  await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
}

/** The seeded staff accounts, and any account given a staff role: they land on the control panel. */
const SEEDED_STAFF = new Set<string>([ACCOUNTS.admin.email, ACCOUNTS.editor.email]);

/** Where the sign-in form takes this account (pwa/features/auth/landing.ts): staff /admin, members home. */
export function landingOf(account: { email: string; role?: string }): RegExp {
  const isStaff = account.role ? account.role === 'admin' || account.role === 'editor' : SEEDED_STAFF.has(account.email);
  return isStaff ? /\/admin$/ : /\/$/;
}

/**
 * Opens /login from the header's Login link and signs in with the form; ends signed in where the
 * account lands: the control panel for editors and admins, the home page for members.
 */
export async function signInWithForm(page: Page, account: { email: string; password: string; name: string; role?: string }): Promise<void> {
  await header(page).getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(landingOf(account));
  await expectSignedIn(page, account.name);
}

/**
 * Signed in as `name`: the session the app keeps says so, the header offers no Login, and where the
 * header shows the account (desktop), it shows this member.
 */
export async function expectSignedIn(page: Page, name: string): Promise<void> {
  await expect.poll(() => page.evaluate(() => {
    const user = (JSON.parse(localStorage.getItem('ledger-session') ?? '{}') as { user?: { firstName: string; lastName: string } | null }).user;
    return user ? `${user.firstName} ${user.lastName}` : null;
  })).toBe(name);
  await expect(header(page).getByRole('link', { name: 'Login' })).toHaveCount(0);
  if ((page.viewportSize()?.width ?? 0) >= 768) await expect(header(page).getByText(name)).toBeVisible();
}

/** Follows a main navigation link: in the header on a desktop, in the menu on a phone. */
export async function navigate(page: Page, label: string): Promise<void> {
  const inHeader = header(page).getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true });
  if ((await headerShows(page, inHeader)) === 'desktop') {
    await inHeader.click();
  } else {
    await header(page).getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: label, exact: true }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  // Arrived: the link marks its page (set in the same step as the router's pending state), and <main> is no
  // longer busy, so the previous screen (the home lists the same articles and episodes) is gone.
  const marked = header(page).getByRole('navigation', { name: 'Main', includeHidden: true }).getByRole('link', { name: label, exact: true, includeHidden: true });
  await expect(marked).toHaveAttribute('aria-current', 'page');
  await expect(main(page)).not.toHaveAttribute('aria-busy', 'true');
}

/** From /news, opens the article with this title by its card's link (in the News list: the home, still on screen while
 * the route changes, has cards of the same article). */
export async function openArticleFromList(page: Page, title: string): Promise<void> {
  await main(page).getByRole('list', { name: 'Articles', exact: true }).getByRole('link', { name: title, exact: true }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: title })).toBeVisible();
}

/** Saves the open article for offline and waits until it is saved. */
export async function saveOpenArticle(page: Page): Promise<void> {
  await main(page).getByRole('button', { name: 'Save for offline' }).click();
  await expect(main(page).getByRole('button', { name: 'Remove from saved' })).toBeVisible();
}
