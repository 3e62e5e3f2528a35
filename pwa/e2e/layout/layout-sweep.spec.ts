import type { Browser, BrowserContextOptions, Page, TestInfo } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { waitForServiceWorker, goOffline } from '../support/offline';
import { ACCOUNTS, signIn } from '../support/session';

// Works offline, or with what the service worker caches (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/*
 * Every screen fits every phone (320–430px, phone emulation) and every desktop from
 * 1024px, in every state. Opens every route as each role and measures, at each width:
 *  - the page is no wider than the screen (document.documentElement.scrollWidth; with phone
 *    emulation an overflowing page also widens the layout viewport, so innerWidth is checked too);
 *  - every button and link of the screen lies inside it, and no table scrolls sideways (admin tables);
 *  - every visible header control lies inside the screen and is at least 24×24px (WCAG 2.2 target size);
 *  - the site's name in the header is whole or hidden (the mark alone), never cut to an ellipsis;
 *  - on phones the menu button is visible and hit-testable (elementFromPoint at its centre is the
 *    button or inside it: nothing covers it); on desktops the inline navigation is shown instead.
 * Failures are collected and reported together, so one run lists every screen that does not fit.
 *
 * The widths are split between the Playwright projects (playwright.config.ts): each runs the widths of
 * its own kind of screen, with its own emulation (isMobile, hasTouch, device scale), so nothing is
 * measured twice. One page per role and width is reused for every route.
 */

const WIDTHS: Record<string, number[]> = {
  // 390: where the header's site name comes back (pwa/styles/layout.css), so measured, not inferred.
  'small phone': [320, 360, 390],
  phone: [412],
  desktop: [1024, 1280, 1366],
};

/*
 * Every route is measured at the narrowest width of each layout: the screens are fluid between the
 * stylesheets' breakpoints (phones: 360–479 px, desktops from 1024 px), so what fits at 360 px fits
 * at 375 and 412, and what fits at 1024 px fits wider. 412 px, the phone project's own screen, is swept
 * in full too. 390 px is a breakpoint of the header only (the site's name shows from there), so it
 * measures a few screens whose headers differ (the site's pages, an article's, the control panel's).
 * Above 1024 px only the header changes (it shows the site's and the account's names at 1200 and
 * 1440 px: pwa/styles/layout.css), so the wider desktop widths measure the header's screens and the
 * admin's tables, where overflows once were.
 */
const WIDE_DESKTOP_ROUTES = ['/', '/admin', '/admin/users', '/admin/content', '/admin/audit'];
const HEADER_BREAKPOINT = 390;
const HEADER_ROUTES = ['/', '/news', '/forums', '/admin'];

/** The routes measured at this width: all of them, except at the header's own phone breakpoint and the wider desktop widths. */
function routesAt(width: number, all: Route[]): Route[] {
  if (width === HEADER_BREAKPOINT) return all.filter((route) => HEADER_ROUTES.includes(route.path));
  return width > 1024 ? all.filter((route) => WIDE_DESKTOP_ROUTES.includes(route.path)) : all;
}

/** The widths this project sweeps (a project not listed sweeps its own viewport's width). */
function widthsOf(testInfo: TestInfo): number[] {
  return WIDTHS[testInfo.project.name] ?? [testInfo.project.use.viewport?.width ?? 1280];
}

/** Cheap, so both themes: odd steps of the sweep are dark. */
const themeAt = (index: number) => (index % 2 ? 'dark' : 'light');

const LONG_NAME = { firstName: 'Maximiliana-Alexandrina', lastName: 'Wolfeschlegelsteinhausen-Featherstonehaugh' };

interface Route {
  path: string;
  /** Tabs of the screen to open and measure in turn (the control panel's). */
  tabs?: string[];
  /** A visitor is sent to /login instead (the route's own redirect), so only signed-in roles sweep it. */
  signedInOnly?: boolean;
}

interface Ids {
  article: string;
  discussion: string;
  podcast: string;
  member: string;
}

function routes({ article, discussion, podcast, member }: Ids): Route[] {
  return [
    { path: '/' },
    { path: '/news' },
    { path: `/news/${article}` },
    { path: '/podcasts' },
    { path: `/podcasts/${podcast}` },
    { path: '/forums' },
    { path: `/forums/${discussion}` },
    { path: '/resources' },
    { path: '/community' },
    { path: `/members/${member}` },
    { path: '/profile', signedInOnly: true },
    { path: '/notifications', signedInOnly: true },
    { path: '/notifications/settings', signedInOnly: true },
    { path: '/topics', signedInOnly: true },
    { path: '/welcome', signedInOnly: true },
    { path: '/saved' },
    { path: '/cpd', signedInOnly: true },
    { path: '/verify/no-such-code-0000' },
    { path: '/about' },
    { path: '/contact' },
    { path: '/privacy' },
    { path: '/terms' },
    { path: '/login' },
    { path: '/admin', tabs: ['Podcasts', 'Users'] },
    { path: '/admin/users' },
    { path: '/admin/menu' },
    { path: '/admin/categories' },
    { path: '/admin/shows' },
    { path: '/admin/main-page' },
    { path: '/admin/moderation' },
    { path: '/admin/content', tabs: ['Scheduled', 'Published'] },
    { path: '/admin/audit' },
    { path: '/news/add' },
    { path: `/news/${article}/edit` },
    { path: '/podcasts/add' },
    { path: `/podcasts/${podcast}/edit` },
    { path: '/no-such-page' },
  ];
}

async function firstId(page: Page, apiPath: string): Promise<string> {
  const response = await page.request.get(apiPath);
  expect(response.status(), apiPath).toBe(200);
  const [first] = (await response.json()) as Array<{ id: string }>;
  return first.id;
}

async function sampleIds(page: Page): Promise<Ids> {
  return {
    article: await firstId(page, '/api/news?limit=1'),
    discussion: await firstId(page, '/api/forum/discussions?limit=1'),
    podcast: await firstId(page, '/api/podcasts?limit=1'),
    member: await firstId(page, '/api/community/contributors?limit=1'),
  };
}

/** The emulation of this project (phone or desktop) at another width. */
function contextOptions(testInfo: TestInfo, width: number, theme: string, baseURL: string): BrowserContextOptions {
  const { isMobile, hasTouch, deviceScaleFactor, viewport } = testInfo.project.use;
  return { baseURL, isMobile, hasTouch, deviceScaleFactor, viewport: { width, height: viewport?.height ?? 800 }, colorScheme: theme as 'light' | 'dark' };
}

interface AppRouter {
  navigate(options: { href: string }): Promise<void>;
  state: { status: string; isLoading: boolean; location: { pathname: string } };
}

/**
 * Moves the app to `path` as its links do (the router's navigate: no page load, much faster than
 * page.goto for twenty screens at seven widths), and waits until the router has settled there.
 */
async function navigateInApp(page: Page, path: string): Promise<void> {
  // Retried as a whole: a page still starting has no router yet.
  await expect(async () => {
    await page.evaluate((href) => {
      const router = (window as unknown as { __TSR_ROUTER__?: AppRouter }).__TSR_ROUTER__;
      if (!router) throw new Error('the app has not started yet');
      if (router.state.location.pathname !== href) void router.navigate({ href });
    }, path);
    await page.waitForFunction(
      (href) => {
        const { state } = (window as unknown as { __TSR_ROUTER__: AppRouter }).__TSR_ROUTER__;
        return state.location.pathname === href && state.status === 'idle' && !state.isLoading;
      },
      path,
      { timeout: 5_000 },
    );
  }).toPass();
}

/** The screen is ready: its heading is shown, nothing is loading, and the header knows who is signed in. */
async function settle(page: Page, signedIn: boolean): Promise<void> {
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // On phones the account is in the menu sheet, so its (hidden) header part is looked for.
  if (signedIn) await expect(page.locator('.site-account--signed-in .site-account__trigger')).toBeAttached();
  else await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
}

/** What does not fit on the screen now, in words ('' when everything does). */
async function misfits(page: Page, width: number, phone: boolean): Promise<string[]> {
  return page.evaluate(
    ({ width, phone }) => {
      const problems: string[] = [];
      const root = document.documentElement;
      if (root.scrollWidth > width) {
        const wide = [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > width + 0.5)
          .slice(0, 3)
          .map((el) => `${el.tagName.toLowerCase()}.${String(el.getAttribute('class') ?? '').split(' ')[0]}`);
        problems.push(`page is ${root.scrollWidth}px wide (${wide.join(', ')})`);
      }
      if (window.innerWidth !== width) problems.push(`layout viewport is ${window.innerWidth}px`);
      const shown = (el: Element) => {
        const rect = el.getBoundingClientRect();
        return rect.width > 1 && rect.height > 1 && getComputedStyle(el).visibility !== 'hidden';
      };
      const label = (el: Element) => (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 30);
      // The screen's own controls (a table's row actions included) are on the screen, not scrolled away.
      for (const box of document.querySelectorAll('main .table-scroll')) {
        if (box.scrollWidth > box.clientWidth + 1) problems.push(`a table scrolls sideways (${box.scrollWidth}px in ${box.clientWidth}px)`);
      }
      // The footer is on every page and its links wrap to fit 320px.
      if (!document.querySelector('footer.site-footer')) problems.push('no footer');
      const offScreen = [...document.querySelectorAll('main button, main a[href], footer button, footer a[href]')].filter((el) => {
        const rect = el.getBoundingClientRect();
        return rect.width > 1 && (rect.left < -0.5 || rect.right > width + 0.5);
      });
      if (offScreen.length) problems.push(`${offScreen.length} controls off screen, e.g. '${(offScreen[0].textContent ?? '').trim().slice(0, 30)}'`);
      const header = document.querySelector('header.site-header');
      if (!header) return [...problems, 'no header'];
      for (const control of header.querySelectorAll('a[href], button, [role="button"], input, select')) {
        if (!shown(control)) continue;
        const rect = control.getBoundingClientRect();
        if (rect.width < 24 || rect.height < 24) problems.push(`header control '${label(control)}' is ${Math.round(rect.width)}×${Math.round(rect.height)}`);
        if (rect.left < -0.5 || rect.right > width + 0.5) problems.push(`header control '${label(control)}' is outside the screen (${Math.round(rect.left)}–${Math.round(rect.right)})`);
      }
      // The site's name is shown whole or not at all (the mark alone), never cut to 'Ledger C…'.
      const brand = header.querySelector('.site-logo__name');
      if (brand && brand.clientWidth > 1 && brand.scrollWidth > brand.clientWidth + 0.5) problems.push(`site name cut to ${brand.clientWidth}px of ${brand.scrollWidth}px`);
      const menu = header.querySelector('.site-menu-button');
      const nav = header.querySelector('nav');
      if (phone) {
        if (!menu || !shown(menu)) problems.push('menu button not shown');
        else {
          const rect = menu.getBoundingClientRect();
          const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
          if (!hit || !menu.contains(hit)) problems.push(`menu button covered by ${hit?.tagName.toLowerCase()}.${hit?.getAttribute('class') ?? ''}`);
        }
      } else if (!nav || !shown(nav)) problems.push('navigation not shown');
      return problems;
    },
    { width, phone },
  );
}

interface Sweep {
  browser: Browser;
  baseURL: string;
  testInfo: TestInfo;
  /** Signs the fresh page in, or leaves it a visitor. */
  prepare?: (page: Page) => Promise<void>;
  signedIn: boolean;
  /** Brings each opened screen into the state to measure (e.g. the Install offer). */
  after?: (page: Page) => Promise<void>;
  routes: Route[];
}

/** Opens the routes (`routesAt`) at every width of the project; returns what did not fit, as 'width path: problem'. */
async function sweep({ browser, baseURL, testInfo, prepare, signedIn, after, routes }: Sweep): Promise<string[]> {
  const problems: string[] = [];
  const phone = !!testInfo.project.use.isMobile;
  for (const [index, width] of widthsOf(testInfo).entries()) {
    const theme = themeAt(index);
    const context = await browser.newContext(contextOptions(testInfo, width, theme, baseURL));
    await context.addInitScript((value) => localStorage.setItem('theme', value), theme);
    try {
      const page = await context.newPage();
      await prepare?.(page);
      for (const [step, route] of routesAt(width, routes).entries()) {
        // The first screen is loaded; the others are reached in the app, as a person moves around.
        if (step === 0) await page.goto(route.path);
        else await navigateInApp(page, route.path);
        await settle(page, signedIn);
        await after?.(page);
        const at = `${width}px ${theme} ${route.path}`;
        problems.push(...(await misfits(page, width, phone)).map((problem) => `${at}: ${problem}`));
        for (const tab of route.tabs ?? []) {
          const control = page.getByRole('tab', { name: tab });
          if ((await control.count()) === 0) continue; // the Users tab is the admin's only
          await control.click();
          await expect(control).toHaveAttribute('aria-selected', 'true');
          await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
          problems.push(...(await misfits(page, width, phone)).map((problem) => `${at} (${tab} tab): ${problem}`));
        }
      }
    } finally {
      await context.close();
    }
  }
  return problems;
}

/** The sweep's duration, in the report and the log. */
function report(testInfo: TestInfo, started: number) {
  const description = `${testInfo.title}: ${((Date.now() - started) / 1000).toFixed(1)} s for ${widthsOf(testInfo).join(', ')} px`;
  testInfo.annotations.push({ type: 'duration', description });
  console.info(`[${testInfo.project.name}] ${description}`);
}

const ROLES = [
  { role: 'visitor', account: null },
  { role: 'subscriber', account: ACCOUNTS.member },
  { role: 'editor', account: ACCOUNTS.editor },
  { role: 'admin', account: ACCOUNTS.admin },
] as const;

for (const { role, account } of ROLES) {
  test(`as a ${role}, every route fits the screen at this project's widths`, async ({ browser, baseURL, page }, testInfo) => {
    test.setTimeout(330_000); // about thirty routes at two or three widths, on a busy machine
    const started = Date.now();
    const problems = await sweep({
      browser,
      baseURL: baseURL!,
      testInfo,
      signedIn: account !== null,
      prepare: account ? (p) => signIn(p, account) : undefined,
      routes: routes(await sampleIds(page)).filter((route) => account !== null || !route.signedInOnly),
    });
    report(testInfo, started);
    expect(problems).toEqual([]);
  });
}

/** A browser-made install offer, as Chromium sends it: the header then shows 'Install app'. */
async function offerInstall(page: Page) {
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {},
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    });
    window.dispatchEvent(offer);
  });
}

test('the worst case fits: an admin with a long name, offline, with a queued write and the Install offer', async ({ browser, baseURL, page, playwright }, testInfo) => {
  test.setTimeout(180_000);
  const started = Date.now();
  const ids = await sampleIds(page);
  // An admin (six navigation links) whose name is long.
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  expect((await api.post('/api/auth/login', { data: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password } })).status()).toBe(200);
  const email = `long.${testInfo.project.name.replace(/\W/g, '')}.${Date.now()}@example.test`;
  const created = await api.post('/api/admin/users', { data: { email, password: 'longname123', role: 'admin', ...LONG_NAME } });
  expect(created.status(), await created.text()).toBe(201);
  await api.dispose();

  const problems = await sweep({
    browser,
    baseURL: baseURL!,
    testInfo,
    signedIn: true,
    prepare: async (p) => {
      const login = await p.request.post('/api/auth/login', { data: { email, password: 'longname123' } });
      expect(login.status(), await login.text()).toBe(200);
      // Online once (the worker installs, the article is opened), then a comment written offline is queued.
      await p.goto(`/news/${ids.article}`);
      await waitForServiceWorker(p);
      await goOffline(p.context());
      await p.getByLabel('Add a comment').fill('Written in a tunnel');
      await p.getByRole('button', { name: 'Post Comment' }).click();
      await expect(p.getByRole('group', { name: 'Sync status' }).getByRole('status')).toHaveText('1 pending');
    },
    after: async (p) => {
      await expect(p.getByRole('group', { name: 'Sync status' }).getByRole('status')).toHaveText('1 pending');
      await expect(p.getByRole('banner').getByRole('status').filter({ hasText: 'Offline' })).toBeAttached();
      await offerInstall(p);
      // Below 1024px Install is in the menu sheet: its header part is there, hidden.
      await expect(p.locator('header .install-button')).toBeAttached();
    },
    // Offline, a screen whose data was never stored waits for its requests to fail before it says
    // "You're offline", so not every route: the article (stored), lists, Saved, the admin's screens
    // with their tables, and the 404. The header, which is what this state changes, is the same on all.
    routes: routes(ids).filter(({ path }) =>
      ['/', '/news', `/news/${ids.article}`, '/forums', '/saved', '/admin', '/admin/users', '/no-such-page'].includes(path),
    ),
  });
  report(testInfo, started);
  expect(problems).toEqual([]);
});
