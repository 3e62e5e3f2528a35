import { defineConfig } from '@playwright/test';

// No webServer: each worker starts its own server on a fresh database (pwa/e2e/support/fixtures.ts).
// The server serves the built PWA from dist/pwa, so `vite build` must run first (npm test does).
/** What the phone projects run: the journeys and the layout sweep, by file name in whichever journey folder. */
const PHONE_SPECS = [/journey-[^/]*\.spec\.ts$/, /layout-sweep\.spec\.ts$/];

/**
 * Journeys run once, on the phone project (a member's way is a phone's first); the desktop project runs every
 * screen spec and these journeys only. Running each on both devices did not fit CI's budget (docs/decisions).
 * The CPD ledger's journeys (journey-cpd-*) run on both: a member keeps the ledger at a desk as much as on the
 * train, and they are short.
 */
const PHONE_JOURNEYS = /journey-(?!commuter\.|offline-member\.|reading-list\.|cpd-)[^/]*(?<!-desktop)\.spec\.ts$/;
/**
 * Run on the desktop project only: journeys that are a desktop's by nature (journey-*-desktop.spec.ts),
 * and journeys that go through every screen themselves (`SCREENS` in pwa/e2e/support/journey.ts), which the
 * phone projects would otherwise repeat three times over.
 */
const DESKTOP_ONLY = [/journey-[^/]*-desktop\.spec\.ts$/, /journey-commuter\.spec\.ts$/, /journey-offline-member\.spec\.ts$/, /journey-reading-list\.spec\.ts$/];

export default defineConfig({
  testDir: 'pwa/e2e',
  // Three workers on two cores: a browser test waits on its server, the network and timers between bursts of
  // work, so a third overlaps those waits (docs/decisions/2026-12-05-browser-suite-budget.md).
  workers: 3,
  // CI's two cores are shared with other jobs: a test that takes 15 s here can take twice that there.
  timeout: process.env.CI ? 60_000 : 30_000,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  outputDir: 'test-results/artifacts',
  // Phone emulation: a Pixel-class phone and a small phone beside the desktop. Running the whole suite three
  // times would not fit CI's 45-minute budget: the desktop project runs every screen spec and the desktop-only
  // journeys, the phone project the other journeys (journey-*.spec.ts, each run once) and the layout sweep, the
  // small phone only the sweep. A spec that sets its own viewport with `test.use` keeps it in every project; the
  // sweep splits its widths between the projects by name.
  projects: [
    {
      name: 'desktop',
      // The phone's journeys: every journey but DESKTOP_ONLY's (the same names, said the other way round).
      testIgnore: PHONE_JOURNEYS,
      use: { viewport: { width: 1280, height: 720 } },
    },
    {
      name: 'phone',
      testMatch: PHONE_SPECS,
      testIgnore: DESKTOP_ONLY,
      use: { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2.625 },
    },
    {
      // Only the sweep here: it already proves every screen fits 320 and 360 px, and the journeys at 412 px the phone's ways through them.
      name: 'small phone',
      testMatch: /layout-sweep\.spec\.ts$/,
      use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2.625 },
    },
  ],
  use: {
    // The service worker precaches the whole app (~130 files) in every new context, beside the test's
    // own page loads. Specs about offline, installing, caching or server rendering say
    // `test.use({ serviceWorkers: 'allow' })` (grep pwa/e2e for it); the others test screens
    // and run without it.
    serviceWorkers: 'block',
    // Reduced motion, as a member may set it: skeletons and spinners then stop instead of repainting
    // every frame, which cost about a tenth of the suite's time on CI's two cores (docs/performance.md).
    reducedMotion: 'reduce',
    // A failure keeps its trace (actions, DOM snapshots, network, sources) but no screencast: recording
    // frames for every test, then throwing them away when it passes, would keep Chromium's browser
    // process one of the busiest on CI's two cores.
    // Under CI no trace at all: CI keeps only what the run prints, and recording costs a real share
    // of the suite's CPU.
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    launchOptions: {
      // Debian's build of Chromium's headless shell (Playwright's own choice for headless runs): the same
      // Blink and V8 without the full browser's UI layers, lighter on CI's two cores (docs/decisions).
      // The few specs that need the full browser (Periodic Background Sync) launch /usr/bin/chromium themselves.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
