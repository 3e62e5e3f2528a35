import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { ACCOUNTS, signIn } from '../support/session';

/*
 * Layout: balanced grids at every width (no orphan column), one category chip order
 * everywhere, and no skeleton beside an error.
 */

interface Rect {
  left: number;
  right: number;
  top: number;
  width: number;
}

/**
 * What is unbalanced in a grid, in words: its items grouped into rows by their top edge; every row
 * but the last must be full, and a last row with fewer items than the others must be centred in the
 * list (equal space left and right). Fewer items than fit in one row fill it (2 items: 2 columns).
 */
async function imbalance(list: Locator): Promise<string[]> {
  const { box, items } = await list.evaluate((ul) => {
    const r = (el: Element): Rect => {
      const { left, right, top, width } = el.getBoundingClientRect();
      return { left, right, top, width };
    };
    return { box: r(ul), items: [...ul.children].map(r) };
  });
  const rows: Rect[][] = [];
  for (const item of items) {
    const row = rows.find((candidate) => Math.abs(candidate[0].top - item.top) < 2);
    if (row) row.push(item);
    else rows.push([item]);
  }
  const problems: string[] = [];
  const full = Math.max(...rows.map((row) => row.length));
  rows.forEach((row, index) => {
    const left = Math.min(...row.map((item) => item.left)) - box.left;
    const right = box.right - Math.max(...row.map((item) => item.right));
    if (row.length < full) {
      if (index !== rows.length - 1) problems.push(`row ${index + 1} of ${rows.length} has ${row.length} of ${full}`);
      if (Math.abs(left - right) > 2) problems.push(`short last row (${row.length} of ${full}) is not centred: ${Math.round(left)}px left, ${Math.round(right)}px right`);
    } else if (rows.length === 1 && items.length > 1 && (left > 2 || right > 2)) {
      // A single row of several items spans the list (no empty columns beside them).
      problems.push(`${row.length} items leave ${Math.round(left + right)}px of the row empty`);
    }
  });
  return problems;
}

interface Grid {
  path: string;
  name: string;
  list: (page: Page) => Locator;
}

const GRIDS: Grid[] = [
  { path: '/', name: 'home Podcast Hub', list: (p) => p.getByRole('list', { name: 'Podcast episodes' }) },
  { path: '/', name: 'home latest news', list: (p) => p.getByRole('list', { name: 'Latest news' }) },
  { path: '/', name: 'home forum highlights', list: (p) => p.getByRole('list', { name: 'Forum highlights' }) },
  { path: '/news', name: 'news list', list: (p) => p.getByRole('list', { name: 'Articles' }) },
  { path: '/podcasts', name: 'episodes', list: (p) => p.getByRole('list', { name: 'Episodes' }) },
  { path: '/forums', name: 'forum categories', list: (p) => p.locator('ul.forum-category-grid') },
  { path: '/resources', name: 'resource stats', list: (p) => p.getByRole('list', { name: 'Resources by type' }) },
  { path: '/resources', name: 'resources', list: (p) => p.getByRole('list', { name: 'Resources', exact: true }) },
  { path: '/community', name: 'community stats', list: (p) => p.locator('ul.community-stats') },
  { path: '/community', name: 'achievement badges', list: (p) => p.locator('ul.achievements') },
];

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 768, height: 1024 },
  { width: 412, height: 915 },
  { width: 360, height: 740 },
];

test('every grid is balanced at every width: full rows, a short last row centred, no orphan column', async ({ page }) => {
  test.setTimeout(240_000); // ten grids on six pages at four widths, on a busy machine
  const problems: string[] = [];
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    let at = '';
    for (const grid of GRIDS) {
      if (grid.path !== at) {
        await page.goto(grid.path);
        at = grid.path;
      }
      const list = grid.list(page);
      await expect(list.locator('> li').first()).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      problems.push(...(await imbalance(list)).map((problem) => `${viewport.width}px ${grid.name}: ${problem}`));
    }
  }
  expect(problems).toEqual([]);
});

test('the grids take the column counts their item counts call for', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const columns = async (list: Locator) => {
    const tops = await list.locator('> li').evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
    return tops.filter((top) => top === tops[0]).length;
  };
  await page.goto('/');
  const episodes = page.getByRole('list', { name: 'Podcast episodes' });
  const shownEpisodes = await episodes.locator('> li').count();
  // Two episodes: two columns (not two of three); three: three.
  expect(await columns(episodes)).toBe(Math.min(shownEpisodes, 3));
  await page.goto('/forums');
  // The sample's five categories: 3 + 2, the 2 centred (the balance test), never 4 + 1.
  expect(await columns(page.locator('ul.forum-category-grid'))).toBe(3);
  await page.goto('/community');
  // Four badges in the main column: four in a row or 2 × 2, never 3 + 1.
  expect([2, 4]).toContain(await columns(page.locator('ul.achievements')));
});

test('category chips keep one order (display order) on /news, the article and the editor, for every role', async ({ page, browser, baseURL }) => {
  test.slow();
  // Two categories whose display order is the opposite of their names' and of their creation's,
  // on a published article, and the later one also on a newer draft (listed first for editors).
  await signIn(page, ACCOUNTS.admin);
  const suffix = Date.now().toString(36);
  const create = async (name: string, displayOrder: number) => {
    const response = await page.request.post('/api/admin/news-categories', { data: { name, slug: name.toLowerCase().replace(/\W+/g, '-'), displayOrder } });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as { id: string; name: string };
  };
  const late = await create(`Aardvark ${suffix}`, 90);
  const early = await create(`Zebra ${suffix}`, -90);
  const article = await page.request.post('/api/news', {
    data: { title: `Chip order ${suffix}`, content: 'Two categories.', categoryIds: [late.id, early.id], status: 'published' },
  });
  expect(article.status()).toBe(201);
  const { id } = (await article.json()) as { id: string };
  const draft = await page.request.post('/api/news', {
    data: { title: `Chip order draft ${suffix}`, content: 'Later category only.', categoryIds: [late.id], status: 'draft' },
  });
  expect(draft.status()).toBe(201);
  const ordered = ((await (await page.request.get('/api/news-categories?usedBy=news')).json()) as Array<{ name: string }>).map((c) => c.name);
  expect(ordered.indexOf(early.name)).toBeLessThan(ordered.indexOf(late.name));

  const orderOf = (names: string[]) => names.map((n) => n.trim()).filter((n) => n === early.name || n === late.name);
  for (const account of [null, ACCOUNTS.editor, ACCOUNTS.admin]) {
    const context = await browser.newContext({ baseURL });
    const rolePage = await context.newPage();
    if (account) await signIn(rolePage, account);
    // Filtered to this test's category, so articles other tests publish meanwhile never push the card off page one.
    await rolePage.goto(`/news?categories=${late.id}`);
    const chips = rolePage.getByRole('group', { name: 'Filter by category' }).getByRole('button');
    await expect(chips.filter({ hasText: early.name })).toBeVisible();
    const chipNames = (await chips.allTextContents()).map((n) => n.trim()).filter((n) => n !== 'Clear Filters');
    expect(chipNames, account?.email ?? 'visitor').toEqual(ordered);
    const card = rolePage.getByRole('list', { name: 'Articles' }).getByRole('article').filter({ has: rolePage.getByRole('heading', { name: `Chip order ${suffix}`, exact: true }) });
    await expect(card).toBeVisible();
    expect(orderOf(await card.getByRole('list', { name: 'Categories' }).getByRole('listitem').allTextContents())).toEqual([early.name, late.name]);
    if (account) {
      await rolePage.goto(`/news/${id}`);
      const badges = rolePage.getByRole('main').getByRole('list', { name: 'Categories' }).first();
      await expect(badges).toBeVisible();
      expect(orderOf(await badges.getByRole('listitem').allTextContents())).toEqual([early.name, late.name]);
      await rolePage.goto(`/news/${id}/edit`);
      const choices = rolePage.getByRole('group', { name: 'Categories' }).getByRole('checkbox');
      await expect(choices.first()).toBeAttached();
      const labels = await choices.evaluateAll((boxes) => boxes.map((box) => box.closest('label')?.textContent ?? ''));
      expect(orderOf(labels)).toEqual([early.name, late.name]);
    }
    await context.close();
  }
});

test('the resources error state has no skeleton beside it', async ({ page }) => {
  await page.route('**/api/resources?*', (route) => route.fulfill({ status: 500, json: { message: 'Boom', code: 'internal' } }));
  await page.goto('/resources');
  await expect(page.getByText('The resources could not be loaded.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.getByTestId('skeleton')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
});
