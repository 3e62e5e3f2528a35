import type { Locator, Page } from '@playwright/test';

/**
 * Chooses an item of a row's Actions menu (pwa/components/Menu.tsx): the trigger is named
 * 'Actions for <name>', the items are menuitems. `scope` narrows the trigger (a row, a list item).
 */
export async function chooseRowAction(page: Page, scope: Page | Locator, name: string, item: string | RegExp): Promise<void> {
  await scope.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  await page.getByRole('menu', { name: `Actions for ${name}` }).getByRole('menuitem', { name: item }).click();
}
