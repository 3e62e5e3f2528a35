import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

type Theme = 'light' | 'dark';

/**
 * Fails with a readable list when axe finds serious or critical violations on the current page, with
 * transitions off: every rule in the theme the page is shown in, then the colour rules in the other theme on the same
 * screen (html[data-theme] switched and back, transitions off meanwhile). One test per screen state
 * covers both themes, instead of opening every screen twice.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const shown = ((await page.locator('html').getAttribute('data-theme')) ?? 'light') as Theme;
  const other: Theme = shown === 'dark' ? 'light' : 'dark';
  // A control that has just changed state (enabled, hovered, focused) may be half-way through its
  // colour transition, and a toast through its fade-in: axe would read a contrast that neither has
  // once settled.
  await setTheme(page, shown);
  const found = await seriousViolations(page, new AxeBuilder({ page }), shown);
  await setTheme(page, other);
  try {
    found.push(...(await seriousViolations(page, new AxeBuilder({ page }).withRules(['color-contrast', 'link-in-text-block']), other)));
  } finally {
    await setTheme(page, shown);
  }
  expect(found, `axe found serious or critical violations on ${page.url()}`).toEqual([]);
}

async function seriousViolations(page: Page, axe: AxeBuilder, theme: Theme): Promise<string[]> {
  // Run in the page itself (legacy mode): the default opens a blank page for every check to merge
  // the results of cross-origin frames, which these pages do not have, and is slow on a busy
  // machine. Only violations are read, so axe keeps no node details for the passing checks.
  const results = await axe.setLegacyMode().options({ resultTypes: ['violations'] }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `[${theme} theme] ${violation.id} (${violation.impact}): ${violation.help}\n` +
        violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`).join('\n'),
    );
}

/**
 * Shows the page in `theme` at once: transitions and animations are turned off for the rest of the
 * test (a constructed stylesheet, which the CSP allows), so no colour or opacity is half-way when axe
 * reads it. Every animation here only brings an element in from its `from` frame (React Aria's
 * overlays wait for none when there is none), or spins and shines a placeholder.
 */
export async function setTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((value) => {
    const marked = window as unknown as { __axeNoTransitions?: boolean };
    if (!marked.__axeNoTransitions) {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync('*, *::before, *::after { transition: none !important; animation: none !important; }');
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      marked.__axeNoTransitions = true;
    }
    document.documentElement.dataset.theme = value;
  }, theme);
}
