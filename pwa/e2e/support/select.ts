import type { Locator, Page } from '@playwright/test';

/**
 * A react-aria Select's button: named by its value, then its label ("Member Role"), and the one
 * button that opens a listbox (a "Save Role" button beside it also ends in the label).
 */
export const selectButton = (scope: Page | Locator, label: string) =>
  scope.getByRole('button', { name: new RegExp(`${label}$`) }).and(scope.locator('[aria-haspopup="listbox"]'));

/** Picks `option` in the select labelled `label`; the options open in a popover outside `scope`. */
export async function choose(scope: Page | Locator, label: string, option: string): Promise<void> {
  await selectButton(scope, label).click();
  const page = 'page' in scope ? scope.page() : scope;
  await page.getByRole('option', { name: option, exact: true }).click();
}
