import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, setTheme } from '../support/axe';
import { createArticle } from '../support/content';
import { expect, test } from '../support/fixtures';
import { signInWithForm } from '../support/journey';
import { choose, selectButton } from '../support/select';
import { ACCOUNTS } from '../support/session';
import { toast } from '../support/toast';

/*
 * The admin's content list (/admin/content) at the desktop widths admins use: drafts filtered and
 * found, two published at once after one confirmation naming the count, then archived and deleted
 * in bulk; each row's Edit and View links; axe in both themes.
 */

const SHOTS = '/tmp/shots-content';
mkdirSync(SHOTS, { recursive: true });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const main = (page: Page) => page.getByRole('main');
const table = (page: Page) => main(page).getByRole('grid', { name: 'Articles' });
const row = (page: Page, title: string) => table(page).getByRole('row').filter({ hasText: title });
const tab = (page: Page, name: RegExp) => main(page).getByRole('tab', { name });
/** The checkbox input is visually hidden under its drawn box: press the box, as a person would. */
async function select(r: Locator) {
  await r.locator('label.checkbox').click();
  await expect(r.getByRole('checkbox')).toBeChecked();
}

/** Admin → Content, from the header's Admin link. */
async function openContent(page: Page) {
  await page.getByRole('banner').getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL('/admin');
  // The control panel links to Content once the dashboard lands beside it; until then, the address.
  const link = main(page).getByRole('link', { name: 'Content', exact: true });
  if (await link.count()) await link.first().click();
  else await page.goto('/admin/content');
  await expect(main(page).getByRole('heading', { level: 1, name: 'Content' })).toBeVisible();
}

for (const width of [1280, 1440]) {
  test.describe(`admin content at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('filters drafts, publishes two after one confirmation, archives and deletes in bulk', async ({ page, request, baseURL }) => {
      // A long journey with two axe runs (each in both themes).
      test.slow();
      const stamp = `Bulk ${unique()}`;
      const titles = ['A', 'B', 'C'].map((letter) => `${stamp} ${letter}`);
      const ids: Record<string, string> = {};
      for (const title of titles) ids[title] = (await createArticle(request, { title, content: 'A draft body.', status: 'draft' })).id;

      await page.goto('/');
      await signInWithForm(page, ACCOUNTS.admin);
      await openContent(page);

      // Drafts, narrowed to this test's articles by the search; the filter is in the address.
      await main(page).getByRole('searchbox', { name: 'Search articles' }).fill(stamp);
      await expect(tab(page, /^Drafts \(3\)$/)).toBeVisible();
      await expect(tab(page, /^Drafts/)).toHaveAttribute('aria-selected', 'true');
      await expect(page).toHaveURL(/status=draft/);
      await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(stamp).replace(/%20/g, '(\\+|%20)')}`));
      for (const title of titles) await expect(row(page, title)).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/drafts-${width}.png`, fullPage: true });
      await expectNoSeriousA11yViolations(page);

      // Select two; Publish asks once, naming the count.
      const bulk = main(page).getByRole('group', { name: 'Bulk actions' });
      await expect(bulk.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();
      await select(row(page, titles[0]));
      await select(row(page, titles[1]));
      await expect(bulk).toContainText('2 articles selected');
      await bulk.getByRole('button', { name: 'Publish', exact: true }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Publish 2 articles?' });
      await expect(confirm).toBeVisible();
      await expect(page.locator('.modal-overlay[data-entering]')).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/confirm-publish-${width}.png` });
      await expectNoSeriousA11yViolations(page);
      await confirm.getByRole('button', { name: 'Publish', exact: true }).click();
      await expect(toast(page).filter({ hasText: 'Published 2 articles' })).toBeVisible();
      await expect(confirm).toHaveCount(0);

      // They moved to Published; the third stays a draft.
      await expect(tab(page, /^Drafts \(1\)$/)).toBeVisible();
      await expect(tab(page, /^Published \(2\)$/)).toBeVisible();
      await expect(row(page, titles[2])).toBeVisible();
      await expect(row(page, titles[0])).toHaveCount(0);
      await tab(page, /^Published/).click();
      await expect(row(page, titles[0])).toBeVisible();
      await expect(row(page, titles[1]).getByText('Published', { exact: true })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/published-${width}.png`, fullPage: true });

      // Each row opens its editor and its public page.
      await row(page, titles[0]).getByRole('link', { name: `Edit ${titles[0]}` }).click();
      await expect(page).toHaveURL(`/news/${ids[titles[0]]}/edit`);
      await expect(main(page).getByLabel('Title', { exact: false }).first()).toHaveValue(titles[0]);
      await page.goBack();
      await expect(row(page, titles[0])).toBeVisible();
      const listUrl = page.url();
      await row(page, titles[0]).getByRole('link', { name: `View ${titles[0]}` }).click();
      await expect(page).toHaveURL(`/news/${ids[titles[0]]}`);
      await expect(main(page).getByRole('heading', { level: 1, name: titles[0] })).toBeVisible();

      // Readers see both on /news, and only they are public: a visitor (no session) finds the two and
      // not the draft (an admin's own /news opens with the drafts, which other specs add).
      const visitor = await page.context().browser()!.newContext({ baseURL });
      try {
        const visitorPage = await visitor.newPage();
        await visitorPage.goto('/news');
        for (const title of titles.slice(0, 2)) await expect(main(visitorPage).getByRole('heading', { name: title, exact: true })).toBeVisible();
        for (const title of titles.slice(0, 2)) expect((await visitor.request.get(`/api/news/${ids[title]}`)).status()).toBe(200);
        expect((await visitor.request.get(`/api/news/${ids[titles[2]]}`)).status()).toBe(404);
      } finally {
        await visitor.close();
      }

      // Archive one in bulk, from the Published tab (the address keeps the filters). Opened by its
      // address: two history steps back through a server-rendered page raced the app taking it over.
      await page.goto(listUrl);
      await expect(tab(page, /^Published \(2\)$/)).toHaveAttribute('aria-selected', 'true');
      await select(row(page, titles[0]));
      await bulk.getByRole('button', { name: 'Archive', exact: true }).click();
      await page.getByRole('alertdialog', { name: 'Archive 1 article?' }).getByRole('button', { name: 'Archive', exact: true }).click();
      await expect(toast(page).filter({ hasText: 'Archived 1 article' })).toBeVisible();
      await expect(tab(page, /^Archived \(1\)$/)).toBeVisible();
      await expect(tab(page, /^Published \(1\)$/)).toBeVisible();

      // Delete the archived one and the remaining draft: one confirmation each, naming the count.
      await tab(page, /^Archived/).click();
      await select(row(page, titles[0]));
      await bulk.getByRole('button', { name: 'Delete', exact: true }).click();
      const confirmDelete = page.getByRole('alertdialog', { name: 'Delete 1 article?' });
      await expect(confirmDelete).toContainText('cannot be undone');
      await confirmDelete.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(toast(page).filter({ hasText: 'Deleted 1 article' })).toBeVisible();
      await expect(tab(page, /^Archived \(0\)$/)).toBeVisible();
      await expect(main(page).getByText('No articles here.')).toBeVisible();
      expect((await request.get(`/api/news/${ids[titles[0]]}`)).status()).toBe(404);
      await page.screenshot({ path: `${SHOTS}/archived-empty-${width}.png`, fullPage: true });
    });
  });
}

test.describe('selecting a whole page', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the select-all checkbox selects the page and Delete names the count; Cancel keeps them', async ({ page, request }) => {
    const stamp = `All ${unique()}`;
    for (const letter of ['A', 'B', 'C']) await createArticle(request, { title: `${stamp} ${letter}`, content: 'Body.', status: 'draft' });
    await page.goto('/');
    await signInWithForm(page, ACCOUNTS.admin);
    await page.goto(`/admin/content?kind=article&status=draft&q=${encodeURIComponent(stamp)}`);
    await expect(tab(page, /^Drafts \(3\)$/)).toBeVisible();
    await select(table(page).getByRole('row').first());
    const bulk = main(page).getByRole('group', { name: 'Bulk actions' });
    await expect(bulk).toContainText('3 articles selected');
    await setTheme(page, 'dark');
    await page.screenshot({ path: `${SHOTS}/selected-dark.png`, fullPage: true });
    await bulk.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete 3 articles?' });
    await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(confirm).toHaveCount(0);
    await expect(tab(page, /^Drafts \(3\)$/)).toBeVisible();
    await expect(table(page).getByRole('row')).toHaveCount(4);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });

  test('each row is a card with its checkbox, labelled cells and links, and nothing scrolls sideways', async ({ page, request }) => {
    const stamp = `Phone ${unique()}`;
    await createArticle(request, { title: `${stamp} A`, content: 'Body.', status: 'draft' });
    await page.goto('/');
    await signInWithForm(page, ACCOUNTS.admin);
    await page.goto(`/admin/content?kind=article&status=draft&q=${encodeURIComponent(stamp)}`);
    const card = row(page, `${stamp} A`);
    await expect(card).toBeVisible();
    // The column headers are hidden on phones; each cell names its column instead.
    await expect(table(page).getByRole('columnheader', { name: 'Status' })).not.toBeInViewport();
    await select(card);
    await expect(card.getByRole('link', { name: `Edit ${stamp} A` })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
    await page.screenshot({ path: `${SHOTS}/phone-412.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('pages, episodes and the address', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('pages 25 at a time with "Page 1 of 2", and Episodes bring the Show filter', async ({ page, request }) => {
    test.slow();
    const stamp = `Paged ${unique()}`;
    for (let i = 0; i < 26; i++) await createArticle(request, { title: `${stamp} ${String(i).padStart(2, '0')}`, content: 'Body.', status: 'draft' });
    await page.goto('/');
    await signInWithForm(page, ACCOUNTS.admin);
    await page.goto(`/admin/content?kind=article&status=draft&q=${encodeURIComponent(stamp)}`);
    const pager = main(page).getByRole('navigation', { name: 'Pages' });
    await expect(pager).toContainText('Page 1 of 2 · 26 articles');
    // Newest change first: the last one made leads page 1, the first one made is alone on page 2.
    await expect(table(page).getByRole('row')).toHaveCount(26);
    await expect(row(page, `${stamp} 25`)).toBeVisible();
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pager).toContainText('Page 2 of 2 · 26 articles');
    await expect(page).toHaveURL(/page=2/);
    await expect(table(page).getByRole('row')).toHaveCount(2);
    await expect(row(page, `${stamp} 00`)).toBeVisible();
    await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();

    await choose(main(page), 'Type', 'Episodes');
    await expect(page).toHaveURL(/kind=episode/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(main(page).getByRole('searchbox', { name: 'Search episodes' })).toBeVisible();
    await expect(selectButton(main(page), 'Show')).toBeVisible();
    await expect(main(page).getByText('No episodes here.')).toBeVisible();
    await main(page).getByRole('searchbox', { name: 'Search episodes' }).fill('');
    await tab(page, /^Published/).click();
    await expect(main(page).getByRole('grid', { name: 'Episodes' })).toBeVisible();
    await expect(main(page).getByRole('grid', { name: 'Episodes' }).getByRole('columnheader', { name: 'Show' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/episodes-1280.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });
});
