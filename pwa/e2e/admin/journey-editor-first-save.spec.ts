import type { Page, Request } from '@playwright/test';
import { getJson, type ListedArticle, type ListedPodcast } from '../support/content';
import { expect, test } from '../support/fixtures';
import { toast } from '../support/toast';
import { ACCOUNTS } from '../support/session';
import { signInWithForm } from '../support/journey';

/*
 * An Add page's first save turns it into the item's edit page: the address is replaced (Back leaves
 * the editor), the heading reads "Edit …", and a second "Save draft" edits (PATCH) the same item
 * instead of creating another one.
 */

/** The API writes of the page, by method and path. */
function recordWrites(page: Page, path: RegExp): Request[] {
  const writes: Request[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && path.test(new URL(request.url()).pathname)) writes.push(request);
  });
  return writes;
}

async function tickFirstCategory(page: Page) {
  const group = page.getByRole('group', { name: 'Categories' });
  const first = group.getByRole('checkbox').first();
  await group.locator('label').first().click();
  await expect(first).toBeChecked();
}

for (const kind of [
  { list: '/news', add: 'Add News', heading: 'Edit Article', api: '/api/news', listHeading: 'Industry News', created: 'Article created successfully!', updated: 'Article updated' },
  {
    list: '/podcasts',
    add: 'Add Podcast',
    heading: 'Edit Podcast',
    api: '/api/podcasts',
    listHeading: 'Podcast Hub',
    created: 'Podcast episode created successfully!',
    updated: 'Podcast episode updated successfully!',
  },
] as const) {
  test(`${kind.add}: after the first save the page is the item's edit page, and saving again edits it`, async ({ page }) => {
    await page.goto('/');
    await signInWithForm(page, ACCOUNTS.editor);
    await page.goto(kind.list);
    await page.getByRole('link', { name: kind.add }).click();
    await expect(page.getByRole('heading', { level: 1, name: kind.add })).toBeVisible();
    const writes = recordWrites(page, new RegExp(`^${kind.api}(/[^/]+)?$`));

    const title = `First save ${kind.add} ${Date.now()}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel(kind.list === '/news' ? 'Content' : 'Description', { exact: true }).fill('Words.');
    await tickFirstCategory(page);
    await page.getByRole('button', { name: 'Save draft', exact: true }).click();
    await expect(toast(page)).toContainText(kind.created);

    // Now the item's edit page, in place of the Add page, still saying what became of the draft.
    await expect(page).toHaveURL(new RegExp(`${kind.list}/[^/]+/edit$`));
    await expect(page.getByRole('heading', { level: 1, name: kind.heading })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: title })).toContainText('is saved as a draft.');
    const id = new URL(page.url()).pathname.split('/')[2];
    expect(writes.map((r) => [r.method(), new URL(r.url()).pathname])).toEqual([['POST', kind.api]]);

    // A second save edits the same draft.
    const renamed = `${title} (second save)`;
    await page.getByLabel('Title', { exact: true }).fill(renamed);
    await page.getByRole('button', { name: 'Save draft', exact: true }).click();
    await expect(toast(page).filter({ hasText: kind.updated })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: renamed })).toContainText('is saved as a draft.');
    expect(writes.map((r) => [r.method(), new URL(r.url()).pathname])).toEqual([
      ['POST', kind.api],
      ['PATCH', `${kind.api}/${id}`],
    ]);
    const listed = await getJson<Array<ListedArticle | ListedPodcast>>(page.request, `${kind.api}?limit=50`);
    expect(listed.filter((item) => item.title.startsWith(title)).map((item) => [item.id, item.title])).toEqual([[id, renamed]]);

    // History: Back leaves the editor for the list it was opened from, not an Add page.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${kind.list}$`));
    await expect(page.getByRole('heading', { level: 1, name: kind.listHeading })).toBeVisible();
  });
}
