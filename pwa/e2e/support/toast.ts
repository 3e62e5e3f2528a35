import { expect, type Page } from '@playwright/test';

/** The toast on screen (one at a time), inside the notifications region. */
export const toast = (page: Page) => page.getByRole('region', { name: /notification/ }).getByRole('alertdialog');

/**
 * Closes the toast that says `text`. Toasts sit at the bottom, over a tall dialog's action buttons,
 * and a pointer resting on one pauses its timer, so a later click there would wait forever.
 */
export async function dismissToast(page: Page, text: string): Promise<void> {
  const toast = page.getByRole('alertdialog').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Close' }).click();
  await expect(toast).toHaveCount(0);
}
