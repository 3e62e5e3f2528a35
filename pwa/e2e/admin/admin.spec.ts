import type { Locator, Page, Request } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { getJson, useTheme, type ListedArticle, type ListedPodcast, type ListedShow } from '../support/content';
import { expect, test } from '../support/fixtures';
import { choose } from '../support/select';
import { chooseRowAction } from '../support/menus';
import { toast } from '../support/toast';
import { ACCOUNTS, signIn } from '../support/session';

/*
 * The control panel (/admin) and the admin screens /admin/menu, /admin/categories and
 * /admin/main-page (spec 2), their role gates (spec 6) and the database rebuild. User management
 * has its own file (admin-users.spec.ts).
 */

const ADMIN_PATHS = ['/admin', '/admin/users', '/admin/menu', '/admin/categories', '/admin/main-page'] as const;
const EDITOR_PATHS = ['/news/add', '/podcasts/add', '/news/00000000-0000-7000-8000-000000000000/edit'] as const;


const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

interface ListedCategory {
  id: string;
  name: string;
  slug: string;
  color: string;
  isActive: boolean;
  displayOrder: number;
  description: string | null;
}

/**
 * Flips a switch from the keyboard (its input is visually hidden under the drawn track) and waits
 * for the save: the switch shows the new value at once but stays disabled until the server answers.
 */
async function flip(toggle: Locator) {
  const saved = toggle.page().waitForResponse((response) => response.request().method() === 'PATCH');
  await toggle.press('Space');
  await saved;
  await expect(toggle).toBeEnabled();
}


test.describe('role gates', () => {
  test('signed out, every editor and admin route is the 404 page', async ({ page }) => {
    for (const path of [...ADMIN_PATHS, ...EDITOR_PATHS]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' }), path).toBeVisible();
    }
  });

  test("a subscriber sees 'Access Denied' with 'Go to Home Page' on every admin page, and nothing is fetched", async ({
    page,
    baseURL,
  }) => {
    await signIn(page, ACCOUNTS.member);
    const adminCalls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/^\/api\/(users|admin)/.test(pathname)) adminCalls.push(pathname);
    });
    for (const path of ADMIN_PATHS) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 2, name: 'Access Denied' }), path).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go to Home Page' }), path).toBeVisible();
    }
    expect(adminCalls).toEqual([]);
    await page.getByRole('link', { name: 'Go to Home Page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an editor gets the content tabs and the Main Page panel, but not the admin-only parts', async ({ page, baseURL }) => {
    await signIn(page, ACCOUNTS.editor);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Content Control Panel' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Articles' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Podcasts' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Users' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Rebuild DB' })).toHaveCount(0);
    const links = page.getByRole('navigation', { name: 'Admin' });
    await expect(links.getByRole('link', { name: 'Main Page' })).toBeVisible();
    await expect(links.getByRole('link', { name: 'Users' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Danger zone' })).toHaveCount(0);

    // Editors have no Admin link in the header, but a Main Page link; it opens the panel.
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Main Page' }).click();
    await expect(page).toHaveURL('/admin/main-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Main Page Control Panel' })).toBeVisible();

    for (const path of ['/admin/users', '/admin/menu', '/admin/categories', '/admin/shows']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 2, name: 'Access Denied' }), path).toBeVisible();
    }
    await page.goto('/admin/main-page');
    await expect(page.getByRole('tab', { name: /^News Articles \(\d+\)$/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toHaveCount(0);
  });
});

test.describe('control panel', () => {
  test('an admin sees the links and the tabs; Rebuild DB stands alone in the Danger zone at the bottom', async ({ page, baseURL }) => {
    await signIn(page, ACCOUNTS.admin);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Content Control Panel' })).toBeVisible();
    const links = page.getByRole('navigation', { name: 'Admin' });
    for (const [name, href] of [
      ['Users', '/admin/users'],
      ['Categories', '/admin/categories'],
      ['Menu', '/admin/menu'],
      ['Shows', '/admin/shows'],
      ['Main Page', '/admin/main-page'],
      ['Home', '/'],
    ]) {
      await expect(links.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(page.getByRole('tablist', { name: 'Control panel sections' }).getByRole('tab')).toHaveText(['Overview', 'Articles', 'Podcasts', 'Users']);

    // Not among the links: in its own section after the tabs, explained, outlined rather than solid red.
    await expect(links.getByRole('button')).toHaveCount(0);
    const danger = page.getByRole('region', { name: 'Danger zone' });
    const rebuild = danger.getByRole('button', { name: 'Rebuild DB' });
    await expect(rebuild).toBeVisible();
    await expect(danger).toContainText('Admin accounts and menu settings are kept. A backup is written first (the server’s npm run restore brings it back).');
    await expect(rebuild).not.toHaveClass(/btn--destructive/);
    const panel = (await page.getByRole('tabpanel').first().boundingBox())!;
    expect((await danger.boundingBox())!.y).toBeGreaterThanOrEqual(panel.y + panel.height);
    const isLast = await danger.evaluate((section) => section.parentElement!.lastElementChild === section);
    expect(isLast).toBe(true);
    await rebuild.click();
    const confirm = page.getByRole('alertdialog', { name: 'Rebuild the database?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
  });

  test('the Articles tab creates an article in the chosen category and starts over', async ({ page, baseURL }) => {
    await signIn(page, ACCOUNTS.admin);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Articles' }).click();
    const title = `Quick article ${unique()}`;
    const form = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Create Article' }) });
    await form.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText('Title is required')).toBeVisible();
    await expect(page.getByText('Content is required')).toBeVisible();
    await expect(page.getByText('At least one category is required')).toBeVisible();

    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByLabel('Content', { exact: true }).fill('Made in the control panel.');
    await choose(page, 'Category', 'Fraud Detection');
    await form.getByLabel('Source Name').fill('Panel Wire');
    await form.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(toast(page)).toContainText('Article created successfully!');
    await expect(form.getByLabel('Title', { exact: true })).toHaveValue('');
    const saved = form.getByRole('status').filter({ hasText: title });
    await expect(saved).toContainText('is published.');
    await page.screenshot({ path: '/tmp/shots-specfix/panel-article-published.png', fullPage: true });

    const articles = await getJson<ListedArticle[]>(page.request, '/api/news?limit=50');
    const created = articles.find((a) => a.title === title)!;
    expect(created).toMatchObject({ category: 'fraud-detection', status: 'published', sourceName: 'Panel Wire' });
    expect(created.categories.map((c) => c.name)).toEqual(['Fraud Detection']);

    // The kept link opens the public article.
    await saved.getByRole('link', { name: 'View article' }).click();
    await expect(page).toHaveURL(`/news/${created.id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  test("the Podcasts tab takes MM:SS durations and suggests the chosen show's next free episode number", async ({ page, baseURL }) => {
    test.slow(); // a long journey through several server round trips
    await signIn(page, ACCOUNTS.admin);
    const [category] = await getJson<ListedCategory[]>(page.request, '/api/news-categories?activeOnly=true');
    const shows = await getJson<ListedShow[]>(page.request, '/api/podcast-shows');
    const tax = shows.find((show) => show.slug === 'the-tax-brief')!;
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Podcasts' }).click();
    // The first show is chosen, with its next free number (numbers are unique per show).
    await expect(page.getByRole('button', { name: /Show$/ })).toContainText(shows[0].name);
    await expect(page.getByLabel('Episode Number')).toHaveValue(String(shows[0].nextEpisodeNumber));
    await expect(page.getByLabel('Duration', { exact: true })).toHaveAccessibleDescription('Format: MM:SS or HH:MM:SS');
    await choose(page, 'Show', tax.name);
    await expect(page.getByLabel('Episode Number')).toHaveValue(String(tax.nextEpisodeNumber));
    await expect(page.getByLabel('Episode Number')).toHaveAccessibleDescription(`Next free number in ${tax.name}: ${tax.nextEpisodeNumber}`);

    const title = `Quick episode ${unique()}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Duration', { exact: true }).fill('abc');
    await page.getByRole('group', { name: 'Categories' }).getByText(category.name, { exact: true }).click();
    await page.getByRole('button', { name: 'Save draft', exact: true }).click();
    await expect(page.getByText('Duration must be a number of seconds, MM:SS or HH:MM:SS')).toBeVisible();

    await page.getByLabel('Duration', { exact: true }).fill('45:30');
    await page.getByLabel('Host Name').fill('Panel Host');
    await page.getByRole('button', { name: 'Save draft', exact: true }).click();
    await expect(toast(page)).toContainText('Podcast episode created successfully!');
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('');
    await expect(page.getByRole('status').filter({ hasText: title })).toContainText('is saved as a draft.');

    const episodes = await getJson<ListedPodcast[]>(page.request, '/api/podcasts?limit=50');
    expect(episodes.find((p) => p.title === title)).toMatchObject({
      duration: 45 * 60 + 30,
      episodeNumber: tax.nextEpisodeNumber,
      hostName: 'Panel Host',
      show: { id: tax.id, name: tax.name, slug: tax.slug },
    });
  });
});

test.describe('menu settings', () => {
  test('hiding Forums removes it from the header for an anonymous visitor; showing it brings it back', async ({
    page,
    baseURL,
    browser,
  }) => {
    test.slow(); // a long journey through several server round trips
    await signIn(page, ACCOUNTS.admin);
    await page.goto('/admin/menu');
    await expect(page.getByText('Changes take effect immediately for all users.')).toBeVisible();
    const items = page.getByRole('list', { name: 'Navigation items' });
    await expect(items.getByRole('listitem')).toHaveCount(5);
    const forums = page.getByRole('switch', { name: 'Show Forums in the navigation' });
    await expect(forums).toBeChecked();

    const visitor = await browser.newContext({ baseURL });
    try {
      await flip(forums);
      await expect(toast(page)).toContainText('Menu visibility updated successfully!');
      await expect(forums).not.toBeChecked();
      await expect(items.getByRole('listitem').filter({ hasText: 'forums' })).toContainText('Hidden');

      const anonymous = await visitor.newPage();
      await anonymous.goto('/');
      const nav = anonymous.getByRole('banner').getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'News', exact: true })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Forums', exact: true })).toHaveCount(0);

      await flip(forums);
      await expect(forums).toBeChecked();
      await anonymous.reload();
      await expect(nav.getByRole('link', { name: 'Forums', exact: true })).toBeVisible();
    } finally {
      // Other specs on this worker expect every link.
      await page.request.patch('/api/admin/menu-settings/forums', { data: { isVisible: true }, headers: { origin: baseURL! } });
      await visitor.close();
    }
  });

  for (const size of [
    { width: 1280, height: 800 },
    { width: 360, height: 740 },
  ]) {
    test(`at ${size.width} px the toast names the item and keeps clear of the switches, so the next press lands`, async ({ page, baseURL }) => {
      await page.setViewportSize(size);
      await signIn(page, ACCOUNTS.admin);
      await page.goto('/admin/menu');
      const community = page.getByRole('switch', { name: 'Show Community in the navigation' });
      // The input is visually hidden: a pointer presses the switch's label (its track and word).
      const communityControl = page.locator('label', { has: community });
      await expect(community).toBeChecked();
      try {
        await communityControl.click();
        await expect(toast(page)).toContainText('Community is now hidden from the navigation.');
        await expect(community).not.toBeChecked();
        await expect(community).toBeEnabled();
        const covered = await toast(page).boundingBox();
        // A desktop has room for the toast to cover no switch at all; on a phone the list fills the
        // screen, so the toast keeps clear of the switch just pressed (it comes up at the other edge).
        const switches = size.width >= 1024 ? page.locator('label', { has: page.getByRole('switch') }) : communityControl;
        for (const control of await switches.all()) {
          const box = (await control.boundingBox())!;
          const overlaps =
            box.x < covered!.x + covered!.width && covered!.x < box.x + box.width && box.y < covered!.y + covered!.height && covered!.y < box.y + box.height;
          expect(overlaps, `the toast covers ${await control.getByRole('switch').getAttribute('aria-label')}`).toBe(false);
        }
        // While the toast still shows, a second click reaches the switch, not the toast.
        await communityControl.click({ timeout: 5000 });
        await expect(toast(page)).toContainText('Community is now shown in the navigation.');
        await expect(community).toBeChecked();
      } finally {
        await page.request.patch('/api/admin/menu-settings/community', { data: { isVisible: true }, headers: { origin: baseURL! } });
      }
    });
  }

  test("a failed change shows 'Failed to update menu visibility.'", async ({ page, baseURL }) => {
    await signIn(page, ACCOUNTS.admin);
    await page.route('**/api/admin/menu-settings/*', (route) => route.fulfill({ status: 500, body: '' }));
    await page.goto('/admin/menu');
    await flip(page.getByRole('switch', { name: 'Show News in the navigation' }));
    await expect(toast(page)).toContainText('Failed to update menu visibility.');
    await expect(page.getByRole('switch', { name: 'Show News in the navigation' })).toBeChecked();
  });
});

test.describe('news categories', () => {
  test('create (slug from the name), edit, deactivate and delete with confirmation', async ({ page, baseURL }) => {
    test.slow(); // a long journey through several server round trips
    await signIn(page, ACCOUNTS.admin);
    await page.goto('/admin/categories');
    await expect(page.getByRole('heading', { level: 1, name: 'News Categories' })).toBeVisible();
    const stamp = unique();
    const name = `Treasury ${stamp}`;

    await page.getByRole('button', { name: 'Add Category' }).click();
    const add = page.getByRole('dialog', { name: 'Add Category' });
    await expect(add.getByLabel('Color')).toHaveValue('#3B82F6');
    await expect(add.getByLabel('Display Order')).toHaveValue('0');
    await add.getByRole('button', { name: 'Create Category' }).click();
    await expect(add.getByText('Name is required')).toBeVisible();
    await expect(add.getByText('Slug is required')).toBeVisible();

    await add.getByLabel('Name').fill(name);
    await expect(add.getByLabel('Slug')).toHaveValue(`treasury-${stamp}`);
    await add.getByLabel('Description (optional)').fill('Cash and liquidity.');
    await add.getByLabel('Icon (optional)').fill('banknote');
    await add.getByLabel('Color').fill('#10B981');
    await add.getByLabel('Display Order').fill('7');
    await add.getByRole('button', { name: 'Create Category' }).click();
    await expect(toast(page)).toContainText('Category created successfully!');

    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await expect(item).toContainText(`treasury-${stamp}`);
    await expect(item).toContainText('Cash and liquidity.');
    await expect(item).toContainText('Display order: 7');
    await expect(item.getByText('Active', { exact: true })).toBeVisible();

    await chooseRowAction(page, item, name, 'Edit');
    const edit = page.getByRole('dialog', { name: 'Edit Category' });
    await expect(edit.getByLabel('Slug')).toHaveValue(`treasury-${stamp}`);
    await edit.getByLabel('Name').fill(`${name} renamed`);
    // Editing the name of an existing category leaves its slug alone.
    await expect(edit.getByLabel('Slug')).toHaveValue(`treasury-${stamp}`);
    await edit.getByRole('button', { name: 'Update Category' }).click();
    await expect(toast(page)).toContainText('Category updated successfully!');
    const renamed = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `${name} renamed` }) });

    await flip(renamed.getByRole('switch', { name: `${name} renamed active` }));
    await expect(renamed.getByText('Inactive', { exact: true })).toBeVisible();
    const active = await getJson<ListedCategory[]>(page.request, '/api/news-categories?activeOnly=true');
    expect(active.some((c) => c.slug === `treasury-${stamp}`)).toBe(false);

    await chooseRowAction(page, renamed, `${name} renamed`, 'Delete…');
    const confirm = page.getByRole('alertdialog', { name: `Delete ${name} renamed?` });
    await expect(confirm).toContainText(
      'Are you sure you want to delete this category? Articles using this category will need to be updated.',
    );
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(renamed).toHaveCount(1);
    await chooseRowAction(page, renamed, `${name} renamed`, 'Delete…');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page)).toContainText('Category deleted successfully!');
    await expect(renamed).toHaveCount(0);
  });

  test('a taken slug is refused by the server under the Slug field', async ({ page, baseURL }) => {
    await signIn(page, ACCOUNTS.admin);
    const [existing] = await getJson<ListedCategory[]>(page.request, '/api/news-categories');
    await page.goto('/admin/categories');
    await page.getByRole('button', { name: 'Add Category' }).click();
    const add = page.getByRole('dialog', { name: 'Add Category' });
    await add.getByLabel('Name').fill(`Other ${unique()}`);
    await add.getByLabel('Slug').fill(existing.slug);
    await add.getByRole('button', { name: 'Create Category' }).click();
    await expect(add.getByText('A category with this slug already exists')).toBeVisible();
    await expect(toast(page)).toContainText('A category with this slug already exists');
    const slug = add.getByLabel('Slug');
    await expect(slug).toBeFocused();
    await slug.fill(`${existing.slug}-${unique()}`);
    await expect(add.getByText('A category with this slug already exists')).toHaveCount(0);
    await expect(slug).not.toHaveAttribute('aria-invalid', 'true');
  });

  test("no categories: 'No categories yet. Create your first category to get started.'", async ({ page, baseURL }) => {
    await signIn(page, ACCOUNTS.admin);
    await page.route('**/api/news-categories', (route) => route.fulfill({ json: [] }));
    await page.goto('/admin/categories');
    await expect(page.getByText('No categories yet. Create your first category to get started.')).toBeVisible();
  });
});

test.describe('main page panel', () => {
  test('switches set articles, episodes and discussions featured; counts, border and star follow', async ({ page, baseURL }) => {
    test.slow(); // a long journey through several server round trips
    await signIn(page, ACCOUNTS.editor);
    const articles = await getJson<ListedArticle[]>(page.request, '/api/news?limit=50');
    const target = articles.find((a) => !a.isFeatured)!;
    const featuredBefore = articles.filter((a) => a.isFeatured).length;
    await page.goto('/admin/main-page');

    const newsTab = page.getByRole('tab', { name: `News Articles (${featuredBefore})` });
    await expect(newsTab).toHaveAttribute('aria-selected', 'true');
    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: target.title, exact: true }) });
    await expect(item.getByRole('img', { name: 'Featured' })).toHaveCount(0);
    const featureSwitch = page.getByRole('switch', { name: `Feature "${target.title}"` });
    await flip(featureSwitch);
    await expect(featureSwitch).toBeChecked();
    await expect(item.getByRole('img', { name: 'Featured' })).toBeVisible();
    await expect(item).toHaveClass(/featured-item--on/);
    await expect(page.getByRole('tab', { name: `News Articles (${featuredBefore + 1})` })).toBeVisible();
    expect((await getJson<ListedArticle>(page.request, `/api/news/${target.id}`)).isFeatured).toBe(true);
    await flip(featureSwitch);
    await expect(featureSwitch).not.toBeChecked();
    await expect(page.getByRole('tab', { name: `News Articles (${featuredBefore})` })).toBeVisible();

    const episodes = await getJson<ListedPodcast[]>(page.request, '/api/podcasts?limit=50');
    const episode = episodes.find((p) => !p.isFeatured)!;
    await page.getByRole('tab', { name: /^Podcasts \(\d+\)$/ }).click();
    const episodeSwitch = page.getByRole('switch', { name: `Feature "${episode.title}"` });
    await flip(episodeSwitch);
    await expect(episodeSwitch).toBeChecked();
    expect((await getJson<ListedPodcast>(page.request, `/api/podcasts/${episode.id}`)).isFeatured).toBe(true);
    await flip(episodeSwitch);
    await expect(episodeSwitch).not.toBeChecked();

    const discussions = await getJson<Array<{ id: string; title: string; isFeatured: boolean; isPinned: boolean }>>(
      page.request,
      '/api/forum/discussions?limit=50',
    );
    await page.getByRole('tab', { name: /^Discussions \(\d+\)$/ }).click();
    const pinned = discussions.find((d) => d.isPinned);
    if (pinned) {
      const pinnedItem = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: pinned.title, exact: true }) });
      await expect(pinnedItem.getByText('Pinned', { exact: true })).toBeVisible();
    }
    const discussion = discussions.find((d) => !d.isFeatured)!;
    const discussionSwitch = page.getByRole('switch', { name: `Feature "${discussion.title}"` });
    await flip(discussionSwitch);
    await expect(discussionSwitch).toBeChecked();
    await flip(discussionSwitch);
    await expect(discussionSwitch).not.toBeChecked();
  });

  test("a refused change shows 'Failed to update article.' and the switch stays", async ({ page, baseURL }) => {
    await signIn(page, ACCOUNTS.editor);
    await page.route('**/api/news/*/featured', (route) => route.fulfill({ status: 500, body: '' }));
    await page.goto('/admin/main-page');
    const first = page.getByRole('switch', { name: /^Feature "/ }).first();
    const wasOn = await first.isChecked();
    await flip(first);
    await expect(toast(page)).toContainText('Failed to update article.');
    if (wasOn) await expect(first).toBeChecked();
    else await expect(first).not.toBeChecked();
  });
});

test.describe('accessibility', () => {
  // One run, in the light theme: each axe check also reads the dark theme's colours (axe.ts).
  const theme = 'light';
  test.describe(theme, () => {
    test.beforeEach(async ({ page }) => {
      await useTheme(page, theme);
    });

    test('the Articles tab with its field errors has no serious axe violations', async ({ page, baseURL }) => {
      await signIn(page, ACCOUNTS.admin);
      await page.goto('/admin');
      await page.getByRole('tab', { name: 'Articles' }).click();
      await page.getByRole('button', { name: 'Save draft', exact: true }).click();
      await expect(page.getByText('Title is required')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test('the Podcasts tab and the rebuild confirmation have no serious axe violations', async ({ page, baseURL }) => {
      test.slow(); // two axe runs
      await signIn(page, ACCOUNTS.admin);
      await page.goto('/admin');
      await page.getByRole('tab', { name: 'Podcasts' }).click();
      await expect(page.getByRole('heading', { name: 'Create Podcast Episode' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Save draft', exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'Rebuild DB' }).click();
      await expect(page.getByRole('alertdialog', { name: 'Rebuild the database?' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test('/admin/menu has no serious axe violations', async ({ page, baseURL }) => {
      await signIn(page, ACCOUNTS.admin);
      await page.goto('/admin/menu');
      await expect(page.getByRole('switch').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test('/admin/categories and its dialog have no serious axe violations', async ({ page, baseURL }) => {
      test.slow(); // two axe runs
      await signIn(page, ACCOUNTS.admin);
      await page.goto('/admin/categories');
      await expect(page.getByRole('switch').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'Add Category' }).click();
      await expect(page.getByRole('dialog', { name: 'Add Category' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test('/admin/main-page has no serious axe violations', async ({ page, baseURL }) => {
      test.slow(); // a long page: every article of the first page of 50
      await signIn(page, ACCOUNTS.editor);
      await page.goto('/admin/main-page');
      await expect(page.getByRole('switch').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test("'Access Denied' has no serious axe violations", async ({ page, baseURL }) => {
      await signIn(page, ACCOUNTS.member);
      await page.goto('/admin/users');
      await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  });
});

/** The rebuild's action waits for the site's name (pwa/e2e/admin/admin-rebuild.spec.ts tests the dialog itself). */
async function confirmWithSiteName(page: Page) {
  const dialog = page.getByRole('alertdialog', { name: 'Rebuild the database?' });
  await dialog.getByLabel('Type the site’s name, Ledger Commons, to confirm').fill('Ledger Commons');
  await dialog.getByRole('button', { name: 'Rebuild Database' }).click();
}

test.describe('rebuild database', () => {
  test('asks for confirmation (Cancel sends nothing), then rebuilds and says so', async ({ page, baseURL }) => {
    test.slow(); // a long journey through several server round trips
    await signIn(page, ACCOUNTS.admin);
    await page.goto('/admin');
    const seeds: Request[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/admin/seed-database') seeds.push(request);
    });

    await page.getByRole('button', { name: 'Rebuild DB' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Rebuild the database?' });
    await expect(confirm).toContainText(
      'All existing articles, podcasts, resources, forums and community members will be deleted and fresh sample data added. Admin accounts are preserved.',
    );
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    // Only the preview (what would be deleted) was asked.
    expect(seeds.filter((request) => request.method() === 'POST')).toHaveLength(0);

    // A marker article that the rebuild must remove.
    const [category] = await getJson<ListedCategory[]>(page.request, '/api/news-categories?activeOnly=true');
    const marker = `Before the rebuild ${unique()}`;
    const created = await page.request.post('/api/news', {
      data: { title: marker, content: 'x', categoryIds: [category.id] },
      headers: { origin: baseURL! },
    });
    expect(created.status()).toBe(201);

    await page.getByRole('button', { name: 'Rebuild DB' }).click();
    await confirmWithSiteName(page);
    await expect(toast(page)).toContainText('Database populated successfully with fresh sample data!');
    const posts = seeds.filter((request) => request.method() === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0].postDataJSON()).toEqual({ force: true, confirmName: 'Ledger Commons' });
    const articles = await getJson<ListedArticle[]>(page.request, '/api/news?limit=50');
    expect(articles.some((a) => a.title === marker)).toBe(false);
    expect(articles.length).toBeGreaterThan(0);
    // The admin is still signed in.
    await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  test("'Already Seeded' and a failure are reported", async ({ page, baseURL }) => {
    await signIn(page, ACCOUNTS.admin);
    let answer: 'seeded' | 'error' = 'seeded';
    await page.route('**/api/admin/seed-database', (route) =>
      // The dialog's preview (GET) is the real one; the rebuild's answer is replaced.
      route.request().method() === 'GET'
        ? route.continue()
        : answer === 'seeded'
          ? route.fulfill({ json: { alreadySeeded: true, message: 'Database already contains seed data.' } })
          : route.fulfill({ status: 500, body: '' }),
    );
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Rebuild DB' }).click();
    await confirmWithSiteName(page);
    await expect(toast(page)).toContainText('Already Seeded');
    await expect(toast(page)).toContainText('Database already contains seed data.');

    answer = 'error';
    await page.getByRole('button', { name: 'Rebuild DB' }).click();
    await confirmWithSiteName(page);
    await expect(toast(page)).toContainText('Failed to seed database.');
  });
});
