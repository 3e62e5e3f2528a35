import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { appStarted } from './hydration';
import { STARTUP_TIMEOUT_MS, startServer, type Seed, type TestServer } from './server';

export type { Seed, TestServer };

interface WorkerFixtures {
  /** Which data the worker's database starts with; choose with `test.use({ seed: 'none' })` in a spec file. */
  seed: Seed;
  /** Extra environment for the worker's server (e.g. low write limits); `test.use({ serverEnv: {…} })`. */
  serverEnv: NodeJS.ProcessEnv;
  server: TestServer;
}

export const test = base.extend<object, WorkerFixtures>({
  seed: ['sample', { scope: 'worker', option: true }],
  serverEnv: [{}, { scope: 'worker', option: true }],

  server: [
    async ({ seed, serverEnv }, use) => {
      const server = await startServer(seed, serverEnv);
      try {
        await use({ url: server.url, dataDir: server.dataDir });
      } finally {
        await server.close();
      }
    },
    { scope: 'worker', timeout: STARTUP_TIMEOUT_MS + 30_000 },
  ],

  baseURL: async ({ server }, use) => {
    await use(server.url);
  },

  // The server renders public pages with the real API's answers (docs/performance.md, "Server
  // rendering"), which a test's replaced answers (page.route) cannot reach: once a test replaces
  // any, its pages are rendered by the browser, as the server does for `X-Render: client`.
  context: async ({ context }, use) => {
    rendersInBrowserOnRoute(context);
    await use(context);
  },
  page: async ({ page, javaScriptEnabled }, use) => {
    rendersInBrowserOnRoute(page);
    if (javaScriptEnabled !== false) waitsForTheAppOnLoad(page);
    await use(page);
  },
});

/**
 * A page rendered on the server shows its buttons and fields before the app's code has arrived: a
 * click then does nothing, and text filled into a field as React takes it over is not seen as a
 * change. So page.goto and page.reload also wait until React has taken over every element of #root
 * (each carries React's fiber), as a person's first tap would after a moment. Not for
 * `waitUntil: 'commit'`, which a test uses to see the page before that.
 */
function waitsForTheAppOnLoad(page: Page) {
  const started = () => appStarted(page);
  const goto = page.goto.bind(page);
  page.goto = (async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit') await started();
    return response;
  }) as typeof goto;
  const reload = page.reload.bind(page);
  page.reload = (async (options) => {
    const response = await reload(options);
    if (options?.waitUntil !== 'commit') await started();
    return response;
  }) as typeof reload;
}

/** After the first route() call, pages ask for the browser-rendered shell (`X-Render: client`). */
function rendersInBrowserOnRoute(target: Page | BrowserContext) {
  const route = target.route.bind(target);
  target.route = (async (url, handler, options) => {
    await target.setExtraHTTPHeaders({ 'X-Render': 'client' });
    return route(url, handler, options);
  }) as typeof route;
}

export { expect };
