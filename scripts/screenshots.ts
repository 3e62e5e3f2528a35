// `npm run screenshots`: every screen of spec section 2 (plus a few open dialogs and menus) at desktop
// 1280×800, phone 375×812 and small phone 360×740 (phone emulation), light and dark, saved as full-page
// PNGs under screenshots/ (git-ignored)
// for a person to look at. Starts its own server on the sample data, like the Playwright fixtures,
// and drives Debian's Chromium with the flags from playwright.config.ts. Needs a built PWA
// (`npm run screenshots` builds first). `SCREENS=home,news` limits it to some screens,
// `VIEWPORTS=small-phone,desktop` to some widths. `QUEUED=1` shoots every screen as a signed-in member
// offline with a comment waiting to sync (the header's Offline and sync indicator), screens
// of the admin as the admin in that state; files then end in `-queued`.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from '@playwright/test';
import playwrightConfig from '../playwright.config';
import { ACCOUNTS } from '../pwa/e2e/support/session';
import { appStarted } from '../pwa/e2e/support/hydration';
import { startServer } from '../pwa/e2e/support/server';

const outDir = path.resolve(import.meta.dirname, '../screenshots');

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 375, height: 812 },
  'small-phone': { width: 360, height: 740 },
} as const;
const PHONES: ReadonlyArray<keyof typeof VIEWPORTS> = ['phone', 'small-phone'];
const QUEUED = process.env.QUEUED === '1';
const THEMES = ['light', 'dark'] as const;

interface Screen {
  name: string;
  path: string;
  /** Screens of spec 2 that exist only for signed-in users are shot as the admin. */
  as?: 'admin';
  /** Brings the screen into the state to shoot (opens a dialog, a menu …). */
  act?: (page: Page) => Promise<void>;
  viewports?: ReadonlyArray<keyof typeof VIEWPORTS>;
  /** A visitor's state (the sign-in prompt): not shot with QUEUED=1, which signs everyone in. */
  visitorOnly?: boolean;
}

async function firstId(url: string, apiPath: string): Promise<string> {
  const response = await fetch(url + apiPath);
  if (!response.ok) throw new Error(`GET ${apiPath}: ${response.status}`);
  const [first] = (await response.json()) as Array<{ id: string }>;
  if (!first) throw new Error(`GET ${apiPath} returned no items: is the sample data seeded?`);
  return first.id;
}

function screens(articleId: string, discussionId: string, memberId: string): Screen[] {
  return [
    { name: 'home', path: '/' },
    { name: 'login', path: '/login' },
    { name: 'news', path: '/news' },
    { name: 'article', path: `/news/${articleId}` },
    { name: 'article-signed-in', path: `/news/${articleId}`, as: 'admin' },
    {
      name: 'news-sign-in-prompt',
      path: '/news',
      visitorOnly: true,
      act: (page) => opens(page, page.getByRole('button', { name: /^Comments on/ }).first(), 'dialog'),
    },
    { name: 'podcasts', path: '/podcasts' },
    { name: 'forums', path: '/forums' },
    { name: 'discussion', path: `/forums/${discussionId}` },
    { name: 'resources', path: '/resources' },
    { name: 'community', path: '/community' },
    { name: 'member', path: `/members/${memberId}` },
    { name: 'profile', path: '/profile', as: 'admin' },
    {
      name: 'account-menu',
      path: '/',
      as: 'admin',
      viewports: ['desktop'],
      act: (page) => opens(page, page.getByRole('button', { name: /^Account menu for/ }), 'menu'),
    },
    { name: '404', path: '/no-such-page' },
    { name: 'about', path: '/about' },
    { name: 'contact', path: '/contact' },
    { name: 'privacy', path: '/privacy' },
    { name: 'terms', path: '/terms' },
    {
      name: 'menu-open',
      path: '/',
      viewports: ['phone', 'small-phone'],
      act: (page) => opens(page, page.getByRole('button', { name: 'Open menu' }), 'dialog'),
    },
    { name: 'news-add', path: '/news/add', as: 'admin' },
    { name: 'admin', path: '/admin', as: 'admin' },
    { name: 'admin-users', path: '/admin/users', as: 'admin' },
    {
      name: 'admin-users-dialog',
      path: '/admin/users',
      as: 'admin',
      act: (page) => opens(page, page.getByRole('button', { name: 'Add User' }), 'dialog'),
    },
    { name: 'admin-menu', path: '/admin/menu', as: 'admin' },
    { name: 'admin-categories', path: '/admin/categories', as: 'admin' },
    { name: 'admin-shows', path: '/admin/shows', as: 'admin' },
    { name: 'admin-main-page', path: '/admin/main-page', as: 'admin' },
    { name: 'admin-content', path: '/admin/content', as: 'admin' },
    { name: 'admin-audit', path: '/admin/audit', as: 'admin' },
  ];
}

/**
 * Presses `trigger` and waits for what it opens: menus and dialogs load their code on first use, so
 * the load state (reached long before) does not cover them.
 */
async function opens(page: Page, trigger: Locator, role: 'dialog' | 'menu'): Promise<void> {
  await trigger.click();
  await page.getByRole(role).first().waitFor();
}

/** Waits until the screen has its data: no request in flight and no loading skeleton left. */
async function settle(page: Page, online = !QUEUED): Promise<void> {
  if (online) await page.waitForLoadState('networkidle');
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' }).catch(() => {});
  // Lazy images outside the first screen load once scrolled to; a full-page shot should show them.
  await page.evaluate(async () => {
    for (const image of document.querySelectorAll('img')) image.loading = 'eager';
  });
  if (online) await page.waitForLoadState('networkidle');
}

async function shoot(browser: Browser, baseURL: string, screen: Screen, viewport: keyof typeof VIEWPORTS, theme: string, articleId: string) {
  const isPhone = PHONES.includes(viewport);
  const context = await browser.newContext({ baseURL, viewport: VIEWPORTS[viewport], isMobile: isPhone, hasTouch: isPhone, deviceScaleFactor: isPhone ? 2 : 1 });
  try {
    await context.addInitScript((value) => localStorage.setItem('theme', value), theme);
    const account = screen.as === 'admin' ? ACCOUNTS.admin : QUEUED ? ACCOUNTS.member : null;
    if (account) {
      const response = await context.request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
      if (!response.ok()) throw new Error(`sign-in failed: ${response.status()}`);
    }
    const page = await context.newPage();
    if (QUEUED) await queueAComment(page, articleId, screen.path);
    await page.goto(screen.path);
    await appStarted(page);
    await settle(page);
    if (screen.act) {
      await screen.act(page);
      await settle(page);
    }
    // The header in its settled state: the account known (desktop header), the queued write counted.
    if (account && !isPhone) await page.getByRole('button', { name: /^Account menu for/ }).waitFor();
    if (QUEUED) await page.getByRole('group', { name: 'Sync status' }).getByRole('status').filter({ hasText: '1 pending' }).waitFor({ state: 'attached' });
    // A whole page is shot from its top (the article may have kept where the comment was written).
    if (!screen.act) await page.evaluate(() => window.scrollTo(0, 0));
    const file = path.join(outDir, `${screen.name}-${viewport}-${theme}${QUEUED ? '-queued' : ''}.png`);
    // An open dialog or menu is shot as the viewport shows it; a screen as its whole page.
    await page.screenshot({ path: file, fullPage: !screen.act, animations: 'disabled' });
    return file;
  } finally {
    await context.close();
  }
}

/**
 * Online once (the service worker installs, the article and the screen to shoot are stored, as for a
 * member who opened them before the train left), then offline a comment is written: it waits in the
 * outbox, and the header shows Offline and '1' queued change.
 */
async function queueAComment(page: Page, articleId: string, screenPath: string): Promise<void> {
  await page.goto(`/news/${articleId}`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
  });
  await page.goto(screenPath);
  await settle(page, true);
  await page.goto(`/news/${articleId}`);
  await page.getByLabel('Add a comment').waitFor();
  await page.context().setOffline(true);
  await page.getByLabel('Add a comment').fill('Written on the train, sent when the network is back.');
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await page.getByRole('group', { name: 'Sync status' }).getByRole('status').filter({ hasText: '1 pending' }).waitFor({ state: 'attached' });
}

async function main(): Promise<void> {
  const only = process.env.SCREENS?.split(',').map((name) => name.trim()).filter(Boolean);
  const onlyViewports = process.env.VIEWPORTS?.split(',').map((name) => name.trim()).filter(Boolean);
  await mkdir(outDir, { recursive: true });
  const server = await startServer('sample');
  const browser = await chromium.launch(playwrightConfig.use?.launchOptions);
  try {
    const articleId = await firstId(server.url, '/api/news?limit=1');
    const discussionId = await firstId(server.url, '/api/forum/discussions?limit=1');
    const memberId = await firstId(server.url, '/api/community/contributors?limit=1');
    const chosen = screens(articleId, discussionId, memberId).filter((screen) => (!only || only.includes(screen.name)) && !(QUEUED && screen.visitorOnly));
    for (const screen of chosen) {
      for (const viewport of screen.viewports ?? (Object.keys(VIEWPORTS) as Array<keyof typeof VIEWPORTS>)) {
        if (onlyViewports && !onlyViewports.includes(viewport)) continue;
        for (const theme of THEMES) console.info(path.relative(process.cwd(), await shoot(browser, server.url, screen, viewport, theme, articleId)));
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
