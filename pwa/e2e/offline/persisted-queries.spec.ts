import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request, type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectSignedIn, header, signInWithForm } from '../support/journey';
import { launchProfile, waitForServiceWorker, firstPage, goOffline } from '../support/offline';
import { startServer, type RunningServer } from '../support/server';
import { ACCOUNTS } from '../support/session';

// Works offline, or with what the service worker caches (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/*
 * The small queries (site settings, menu visibility, categories, the session answer) are
 * kept in localStorage (pwa/session/persistedQueries.ts), so a cold start paints the header's chrome
 * at once, and the copy follows who is signed in (docs/offline.md, "Persisted queries").
 */

const COPY_KEY = 'ledger-queries';
const SITE_NAME = 'Harbour Ledger';

// Its own server: the admin hides a menu entry and the site has its own name, which other specs
// sharing a worker's server must not see.
let server: RunningServer;

test.beforeAll(async () => {
  server = await startServer('sample', { SITE_NAME });
  const api = await request.newContext({ baseURL: server.url });
  expect((await api.post('/api/auth/login', { data: ACCOUNTS.admin })).status()).toBe(200);
  expect((await api.patch('/api/admin/menu-settings/resources', { data: { isVisible: false } })).status()).toBe(200);
  await api.dispose();
});

test.afterAll(async () => {
  await server?.close();
});

const persistedCopy = (page: Page) => page.evaluate((key) => localStorage.getItem(key), COPY_KEY);
const userId = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('ledger-session') ?? '{}') as { user?: { id: string } | null }).user?.id ?? null);

/** The copy holds the header's answers and this user's session answer. */
async function expectCopyFor(page: Page, id: string): Promise<void> {
  await expect.poll(async () => {
    const copy = await persistedCopy(page);
    return Boolean(copy?.includes('"menu-settings"') && copy.includes(SITE_NAME) && copy.includes(`"id":"${id}"`));
  }).toBe(true);
}

test('after one visit, an offline cold start paints the site name and the admin-chosen menu from the persisted copy', async () => {
  test.slow(); // two browser launches and a sign-in through the form
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'ledger-persisted-'));
  const launch = (offline: boolean): Promise<BrowserContext> => launchProfile(userDataDir, { baseURL: server.url, offline });
  try {
    let context = await launch(false);
    let page = await firstPage(context);
    await page.goto('/');
    await waitForServiceWorker(page);
    await signInWithForm(page, ACCOUNTS.member);
    await expect(header(page)).toContainText(SITE_NAME);
    await expectCopyFor(page, (await userId(page))!);
    // Only the copy may answer: the offline store (which would answer the same requests) is emptied.
    // /api/health is a page the app does not run on, so nothing holds the database open.
    await page.goto('/api/health');
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const deleting = indexedDB.deleteDatabase('ledger-cache');
          deleting.onsuccess = () => resolve();
          deleting.onerror = () => reject(deleting.error);
        }),
    );
    await context.close();

    context = await launch(true);
    page = await firstPage(context);
    await page.goto('/');
    const nav = header(page).getByRole('navigation', { name: 'Main' });
    await expect(header(page).getByRole('link', { name: SITE_NAME })).toBeVisible();
    for (const entry of ['News', 'Podcasts', 'Forums', 'Community']) await expect(nav.getByRole('link', { name: entry })).toBeVisible();
    // Hidden by the admin: without the copy the menu could not be loaded and would show every entry.
    await expect(nav.getByRole('link', { name: 'Resources' })).toHaveCount(0);
    await expectSignedIn(page, ACCOUNTS.member.name);
    await context.close();
  } finally {
    await rm(userDataDir, { recursive: true, force: true, maxRetries: 10 });
  }
});

test("sign-out removes the persisted copy, and the next account never sees the previous member's session answer", async ({ browser }) => {
  test.slow(); // two sign-ins through the form and an offline reload
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.goto('/');
  await waitForServiceWorker(page);
  await signInWithForm(page, ACCOUNTS.member);
  const member = (await userId(page))!;
  await expectCopyFor(page, member);

  await header(page).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
  await expect.poll(() => persistedCopy(page)).toBeNull();

  await page.goto('/');
  await signInWithForm(page, ACCOUNTS.editor);
  const editor = (await userId(page))!;
  await expectCopyFor(page, editor);
  expect(await persistedCopy(page)).not.toContain(member);
  expect(await persistedCopy(page)).not.toContain(ACCOUNTS.member.name.split(' ')[0]);

  // A cold start offline answers from the copy: the editor, never the member before them.
  await goOffline(context);
  await page.reload();
  await expectSignedIn(page, ACCOUNTS.editor.name);
  await expect(header(page)).not.toContainText(ACCOUNTS.member.name);
  await context.close();
});
