import { expect, test } from '../support/fixtures';
import { expectNoSeriousA11yViolations, setTheme } from '../support/axe';
import { signInWithForm } from '../support/journey';
import { ACCOUNTS } from '../support/session';

/*
 * Revisions on the edit page: an editor saves an article twice, opens a version in History, sees
 * the words that changed, restores it (with a confirmation), and the article reads as it did.
 */

test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false });

const unique = () => Math.random().toString(36).slice(2, 8);

test('an editor compares an earlier version with the current one and restores it', async ({ page, baseURL }) => {
  test.slow();
  await page.goto('/');
  await signInWithForm(page, ACCOUNTS.editor);
  const [category] = (await (await page.request.get('/api/news-categories?activeOnly=true')).json()) as Array<{ id: string }>;
  const title = `Versioned ${unique()}`;
  const created = await page.request.post('/api/news', {
    data: { title, content: 'The original opening about lease accounting.', categoryIds: [category.id], status: 'draft' },
    headers: { origin: baseURL! },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await page.goto(`/news/${id}/edit`);
  const content = page.getByLabel('Content', { exact: true });
  for (const text of ['A first rewrite about revenue recognition.', 'A second rewrite about impairment testing.']) {
    await content.fill(text);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('status').filter({ hasText: title })).toContainText('is saved as a draft.');
  }

  const history = page.getByRole('region', { name: 'History' });
  const versions = history.getByRole('list', { name: 'Saved versions, newest first' }).getByRole('button');
  await expect(versions).toHaveCount(3);
  await versions.last().click();
  const diff = history.locator('.history__words');
  await expect(diff.locator('del')).toContainText(['lease accounting']);
  await expect(diff.locator('ins')).toContainText(['impairment testing']);
  await page.screenshot({ path: '/tmp/shots-drafts/history.png', fullPage: true });
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await expectNoSeriousA11yViolations(page);
  }

  await history.getByRole('button', { name: 'Restore this version' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Restore this version?' });
  await confirm.getByRole('button', { name: 'Restore' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(content).toHaveValue('The original opening about lease accounting.');
  await expect(versions).toHaveCount(4);

  await page.goto(`/news/${id}/preview`);
  await expect(page.getByText('The original opening about lease accounting.')).toBeVisible();
});
