import type { Page } from '@playwright/test';

/**
 * Resolves once React has taken over every element of #root (each carries React's fiber): before
 * that, a server-rendered button shows but a click on it does nothing. Markup React was given as HTML
 * (Markdown kept from the server's render) is not its own. Used by the fixtures' goto and reload, and
 * by scripts/screenshots.ts before it opens a menu or dialog. Polled every 100 ms, not every frame:
 * the check walks the whole DOM on the page's main thread, which is also the thread hydrating it.
 * The page function names no inner function: tsx (the scripts' runner) would wrap a named one in
 * esbuild's `__name` helper, which the page does not have.
 */
export function appStarted(page: Page) {
  return page.waitForFunction(
    () => {
      const root = document.getElementById('root');
      if (!root) return true;
      return [root, ...root.querySelectorAll('*')].every((node) => {
        if (Object.keys(node).some((key) => key.startsWith('__react'))) return true;
        for (let parent = node.parentElement; parent && parent !== root; parent = parent.parentElement) {
          const given = Object.entries(parent).some(
            ([key, props]) => key.startsWith('__reactProps') && (props as { dangerouslySetInnerHTML?: unknown } | null)?.dangerouslySetInnerHTML,
          );
          if (given) return true;
        }
        return false;
      });
    },
    undefined,
    { polling: 100 },
  );
}
