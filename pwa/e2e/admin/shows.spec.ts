import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { getJson, type ListedPodcast, type ListedShow } from '../support/content';
import { expect, test } from '../support/fixtures';
import { choose } from '../support/select';
import { chooseRowAction } from '../support/menus';
import { ACCOUNTS, signIn } from '../support/session';
import { toast } from '../support/toast';

/*
 * Shows and the admin finish: the Show select and per-show episode numbers in the episode
 * form, the featured episode shown once, the users tables' Actions menu (keyboard, confirmation,
 * nothing self-destructive on the admin's own row) and the Shows screen.
 */

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;


test.describe('episode form', () => {
  test('the Show select suggests its next free number; a taken number is refused under Episode Number', async ({ page }) => {
    test.slow(); // two saves, a redirect and the edit page
    await signIn(page, ACCOUNTS.editor);
    const shows = await getJson<ListedShow[]>(page.request, '/api/podcast-shows');
    const audit = shows.find((show) => show.slug === 'audit-tech-talk')!;
    const [category] = await getJson<Array<{ name: string }>>(page.request, '/api/news-categories?activeOnly=true');
    const title = `Per-show numbers ${unique()}`;

    await page.goto('/podcasts/add');
    const number = page.getByLabel('Episode Number');
    // The shows arrive after the form's own chunk (a busy machine can take a while).
    await expect(page.getByRole('button', { name: /Show$/ })).toContainText(shows[0].name, { timeout: 15_000 });
    await expect(number).toHaveValue(String(shows[0].nextEpisodeNumber));
    await choose(page, 'Show', audit.name);
    await expect(number).toHaveValue(String(audit.nextEpisodeNumber));
    await expect(number).toHaveAccessibleDescription(`Next free number in ${audit.name}: ${audit.nextEpisodeNumber}`);

    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByRole('group', { name: 'Categories' }).getByText(category.name, { exact: true }).click();
    // Episode 1 of Audit Tech Talk exists (sample data): the server's 409 shows under the field.
    await number.fill('1');
    await page.getByRole('button', { name: 'Save draft', exact: true }).click();
    const message = `Episode 1 already exists in ${audit.name}`;
    await expect(toast(page)).toContainText(message);
    await expect(page.locator('.field').filter({ has: number }).getByText(message)).toBeVisible();
    await expect(number).toHaveAttribute('aria-invalid', 'true');

    // The suggested number is free.
    await number.fill(String(audit.nextEpisodeNumber));
    await number.press('Tab'); // a number field commits its value when it loses focus
    await expect(number).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Save draft', exact: true }).click();
    // Saved: the page is now the draft's edit page, says so and links to the draft.
    const saved = page.getByRole('status').filter({ hasText: title });
    await expect(saved).toContainText('is saved as a draft.');
    await expect(page).toHaveURL(/\/podcasts\/[^/]+\/edit$/);
    const created = (await getJson<ListedPodcast[]>(page.request, '/api/podcasts?limit=50')).find((p) => p.title === title)!;
    await expect(saved.getByRole('link', { name: 'Open preview' })).toHaveAttribute('href', `/podcasts/${created.id}/preview`);
    expect(created).toMatchObject({ episodeNumber: audit.nextEpisodeNumber, show: { id: audit.id, name: audit.name } });

    // The edit page shows the episode's show and number.
    await page.goto(`/podcasts/${created.id}/edit`);
    await expect(page.getByRole('button', { name: /Show$/ })).toContainText(audit.name, { timeout: 15_000 });
    await expect(page.getByLabel('Episode Number')).toHaveValue(String(audit.nextEpisodeNumber));
  });
});

test.describe('featured episode', () => {
  test('/podcasts shows the featured episode once: on top, not again among the Recent Episodes', async ({ page, request }) => {
    test.slow(); // the episode list renders every sample episode
    const [featured] = await getJson<ListedPodcast[]>(request, '/api/podcasts/featured');
    await page.goto('/podcasts');
    const hero = page.getByRole('region', { name: 'Featured Episode' });
    await expect(hero.getByRole('heading', { name: featured.title })).toBeVisible();
    const recent = page.getByRole('list', { name: 'Episodes' });
    await expect(recent.getByRole('article').first()).toBeVisible();
    await expect(recent.getByRole('heading', { name: featured.title, exact: true })).toHaveCount(0);
    // Each card names its show.
    await expect(hero.getByText(featured.show!.name, { exact: true })).toBeVisible();
  });

  test('home lists featured episodes first, then the newest others, each once', async ({ page, request }) => {
    test.slow(); // the whole home page
    const podcasts = await getJson<ListedPodcast[]>(request, '/api/podcasts?limit=50');
    await page.goto('/');
    const titles = await page.getByRole('list', { name: 'Podcast episodes' }).getByRole('article').getByRole('heading').allTextContents();
    expect(titles).toHaveLength(3);
    expect(new Set(titles).size).toBe(3);
    const featured = podcasts.filter((p) => p.isFeatured).map((p) => p.title);
    expect(titles.slice(0, featured.length)).toEqual(featured.slice(0, 3));
  });
});

test.describe('users Actions menu', () => {
  async function newUser(page: Page, baseURL: string | undefined) {
    const stamp = unique();
    const response = await page.request.post('/api/admin/users', {
      data: { firstName: 'Menu', lastName: `Person${stamp}`, email: `menu.${stamp}@example.test`, password: 'Quiet-harbour-lamp-42' },
      headers: { origin: baseURL! },
    });
    expect(response.status(), await response.text()).toBe(201);
    return { email: `menu.${stamp}@example.test`, name: `Menu Person${stamp}` };
  }

  test('works from the keyboard, and Delete… asks for confirmation first', async ({ page, baseURL }) => {
    test.slow(); // a delete and its confirmation after a keyboard walk
    await signIn(page, ACCOUNTS.admin);
    const user = await newUser(page, baseURL);
    await page.goto('/admin/users');
    const row = page.getByRole('row').filter({ hasText: user.email });
    await expect(row).toBeVisible({ timeout: 15_000 });
    // No solid red button in any row: one Actions button per row.
    await expect(page.getByRole('table').locator('.btn--destructive')).toHaveCount(0);

    const trigger = row.getByRole('button', { name: `Actions for ${user.name}` });
    await page.getByRole('searchbox', { name: 'Search users' }).fill(user.email);
    // The users table (the first; pending invitations have a table of their own below): its header and this user.
    await expect(page.getByRole('table').first().getByRole('row')).toHaveCount(2);
    // Tab from the search field reaches the row's Actions button (the filters come first).
    await page.getByRole('searchbox', { name: 'Search users' }).focus();
    for (let i = 0; i < 8 && !(await trigger.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(trigger).toBeFocused();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: `Actions for ${user.name}` });
    await expect(menu.getByRole('menuitem')).toHaveText(['Edit', 'Change role…', 'Deactivate', 'Sign out everywhere', 'Delete…']);
    await page.keyboard.press('End');
    await expect(menu.getByRole('menuitem', { name: 'Delete…' })).toBeFocused();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: `Delete ${user.name}?` });
    await expect(confirm).toContainText('Are you sure you want to delete this user? This action cannot be undone.');
    await page.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);
    await expect(row).toHaveCount(1);
    await expect(trigger).toBeFocused();

    await chooseRowAction(page, row, user.name, 'Delete…');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page)).toContainText('User deleted successfully!');
    await expect(row).toHaveCount(0);
  });

  test("the signed-in admin's own row offers no Change role, Deactivate or Delete (both tables)", async ({ page }) => {
    test.slow(); // two screens
    await signIn(page, ACCOUNTS.admin);
    for (const path of ['/admin/users', '/admin']) {
      await page.goto(path);
      if (path === '/admin') await page.getByRole('tab', { name: 'Users' }).click();
      const own = page.getByRole('row').filter({ hasText: ACCOUNTS.admin.email });
      await expect(own.getByText('You', { exact: true })).toBeVisible({ timeout: 15_000 });
      await own.getByRole('button', { name: `Actions for ${ACCOUNTS.admin.name}` }).click();
      const menu = page.getByRole('menu', { name: `Actions for ${ACCOUNTS.admin.name}` });
      await expect(menu.getByRole('menuitem')).toHaveText(['Edit', 'Sign out everywhere']);
      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);
      // Anyone else's row still has them.
      const other = page.getByRole('row').filter({ hasText: ACCOUNTS.member.email });
      await other.getByRole('button', { name: `Actions for ${ACCOUNTS.member.name}` }).click();
      await expect(page.getByRole('menu').getByRole('menuitem', { name: 'Delete…' })).toBeVisible();
      await page.keyboard.press('Escape');
    }
    // The server refuses anyway (server/api/users/users.test.ts covers every route), also when
    // another admin exists (with none, 'There must always be at least one active admin' answers first).
    const origin = new URL(page.url()).origin;
    const stamp = unique();
    const other = await page.request.post('/api/admin/users', {
      data: { firstName: 'Second', lastName: `Admin${stamp}`, email: `second.${stamp}@example.test`, password: 'Quiet-harbour-lamp-42', role: 'admin' },
      headers: { origin },
    });
    expect(other.status()).toBe(201);
    const me = (await getJson<{ user: { id: string } }>(page.request, '/api/auth/session')).user;
    const refused = await page.request.delete(`/api/admin/users/${me.id}`, { headers: { origin } });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).message).toBe('You cannot delete your own account');
    expect((await page.request.delete(`/api/admin/users/${(await other.json()).id}`, { headers: { origin } })).status()).toBe(200);
  });
});

test.describe('Shows screen', () => {
  test('an admin adds, edits and deletes a show; a show with episodes is kept and says why', async ({ page, baseURL }) => {
    test.slow(); // several dialogs and server round trips
    await signIn(page, ACCOUNTS.admin);
    const name = `Close Notes ${unique()}`;
    await page.goto('/admin/shows');
    await expect(page.getByRole('heading', { level: 1, name: 'Podcast Shows' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Shows' });
    await expect(list.getByRole('heading', { name: 'The Tax Brief' })).toBeVisible({ timeout: 15_000 });

    await page.getByRole('button', { name: 'Add Show' }).click();
    const add = page.getByRole('dialog', { name: 'Add Show' });
    await add.getByLabel('Name', { exact: true }).fill(name);
    await expect(add.getByLabel('Slug')).toHaveValue(name.toLowerCase().replace(/ /g, '-'));
    await add.getByLabel('Host Name (optional)').fill('Noor Haddad');
    await add.getByLabel('Display Order').fill('9');
    await add.getByRole('button', { name: 'Create Show' }).click();
    await expect(toast(page)).toContainText(`Show '${name}' created`);
    const item = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await expect(item).toContainText('0 episodes');
    await expect(item).toContainText('Host: Noor Haddad');

    await chooseRowAction(page, item, name, 'Edit');
    const edit = page.getByRole('dialog', { name: 'Edit Show' });
    await edit.getByLabel('Description (optional)').fill('Month-end, explained.');
    await edit.getByRole('button', { name: 'Update Show' }).click();
    await expect(item).toContainText('Month-end, explained.');

    // A show with episodes cannot go.
    const main = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Ledger Commons Podcast' }) });
    await expect(main).toContainText('Default for new episodes');
    await chooseRowAction(page, main, 'Ledger Commons Podcast', 'Delete…');
    await page.getByRole('alertdialog', { name: 'Delete Ledger Commons Podcast?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page)).toContainText('This show still has episodes.');
    await expect(main).toHaveCount(1);

    await chooseRowAction(page, item, name, 'Delete…');
    await page.getByRole('alertdialog', { name: `Delete ${name}?` }).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page)).toContainText(`Show '${name}' deleted`);
    await expect(item).toHaveCount(0);
    const shows = await getJson<ListedShow[]>(page.request, '/api/podcast-shows');
    expect(shows.map((s) => s.name)).not.toContain(name);
    expect(baseURL).toBeTruthy();
  });

  test("a taken slug: the server's message under Slug, focused, gone once the slug is edited", async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);
    await page.goto('/admin/shows');
    await expect(page.getByRole('list', { name: 'Shows' }).getByRole('heading', { name: 'The Tax Brief' })).toBeVisible({
      timeout: 15_000,
    });
    await page.getByRole('button', { name: 'Add Show' }).click();
    const add = page.getByRole('dialog', { name: 'Add Show' });
    await add.getByLabel('Name', { exact: true }).fill(`Another Brief ${unique()}`);
    const slug = add.getByLabel('Slug');
    const [taken] = await getJson<ListedShow[]>(page.request, '/api/podcast-shows');
    await slug.fill(taken.slug);
    await add.getByRole('button', { name: 'Create Show' }).click();
    await expect(add.getByText('A show with this slug already exists')).toBeVisible();
    await expect(slug).toBeFocused();
    await slug.fill(`${taken.slug}-${unique()}`);
    await expect(add.getByText('A show with this slug already exists')).toHaveCount(0);
    await expect(slug).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('the Shows screen and its dialog have no serious axe violations', async ({ page }) => {
    test.slow(); // two axe runs
    await signIn(page, ACCOUNTS.admin);
    await page.goto('/admin/shows');
    await expect(page.getByRole('list', { name: 'Shows' })).toBeVisible({ timeout: 15_000 });
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Add Show' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Show' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
