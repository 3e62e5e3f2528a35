import type { APIRequestContext, Page } from '@playwright/test';
import type { Resource } from '../../../contracts/resources';
import { changeAnswer } from '../support/answers';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { ACCOUNTS, signIn, type Account } from '../support/session';
import { dismissToast } from '../support/toast';
import { expectImageLoaded } from '../support/images';

const TYPE_TILES = [
  ['ebook', 'E-Books', 'E-Book'],
  ['webinar', 'Webinars', 'Webinar'],
  ['case-study', 'Case Studies', 'Case Study'],
  ['certification', 'Certifications', 'Certification'],
] as const;

function resourceCards(page: Page) {
  return page.getByRole('list', { name: 'Resources', exact: true }).getByRole('article');
}

function cardTitled(page: Page, title: string) {
  return resourceCards(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

function typeTile(page: Page, label: string) {
  return page.getByRole('list', { name: 'Resources by type' }).getByRole('listitem').filter({ hasText: label });
}

async function listResources(request: APIRequestContext, query = ''): Promise<Resource[]> {
  const response = await request.get(`/api/resources?limit=50${query}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Resource[];
}

const downloads = (n: number) => `${new Intl.NumberFormat('en-US').format(n)} downloads`;

/** A Select's button is named by its current value, then its label. */
async function chooseOption(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('button', { name: new RegExp(` ${label}$`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('resources show the library: type tiles, cards with their details, and an external Access Resource link', async ({
  page,
  request,
}) => {
  const resources = await listResources(request);
  await page.goto('/resources');

  await expect(page.getByRole('heading', { level: 1, name: 'Educational Resources' })).toBeVisible();
  for (const [type, label] of TYPE_TILES) {
    await expect(typeTile(page, label)).toHaveText(`${resources.filter((r) => r.type === type).length}${label}`);
  }
  await expect(resourceCards(page)).toHaveCount(resources.length);

  const free = resources.find((r) => r.isFree && r.rating > 0 && r.type === 'webinar')!;
  const card = cardTitled(page, free.title);
  const labels = card.getByRole('list', { name: 'Labels' });
  await expect(labels).toContainText('Webinar');
  await expect(labels).toContainText('FREE');
  await expect(card).toContainText(free.description!);
  await expect(card).toContainText(free.duration!);
  await expect(card).toContainText(free.difficulty!, { ignoreCase: true });
  await expect(card).toContainText(`${free.rating}/5`);
  await expect(card).toContainText(downloads(free.downloadCount));
  const access = card.getByRole('link', { name: /^Access Resource/ });
  await expect(access).toHaveAttribute('href', free.url!);
  await expect(access).toHaveAttribute('target', '_blank');
  await expect(access).toHaveAttribute('rel', /noopener/);

  const paid = resources.find((r) => !r.isFree)!;
  await expect(cardTitled(page, paid.title).getByText('FREE', { exact: true })).toHaveCount(0);
  const unrated = resources.find((r) => r.rating === 0)!;
  await expect(cardTitled(page, unrated.title)).not.toContainText('/5');
  await expect(cardTitled(page, unrated.title).getByText('Ethical AI')).toBeVisible();
});

test('type buttons and the category dropdown narrow the list; the search runs over title and description', async ({
  page,
  request,
}) => {
  const all = await listResources(request);
  const webinars = await listResources(request, '&type=webinar');
  const taxWebinars = await listResources(request, '&type=webinar&category=taxation');
  await page.goto('/resources');
  await expect(resourceCards(page)).toHaveCount(all.length);

  const types = page.getByRole('group', { name: 'Filter by type' });
  await types.getByRole('button', { name: 'Webinars' }).click();
  await expect(types.getByRole('button', { name: 'Webinars' })).toHaveAttribute('aria-pressed', 'true');
  await expect(resourceCards(page)).toHaveCount(webinars.length);
  for (const r of webinars) await expect(cardTitled(page, r.title)).toBeVisible();

  await chooseOption(page, page.getByRole('main'), 'Category', 'Taxation');
  await expect(resourceCards(page)).toHaveCount(taxWebinars.length);
  // The tiles keep counting the whole library.
  await expect(typeTile(page, 'E-Books')).toHaveText(`${all.filter((r) => r.type === 'ebook').length}E-Books`);

  await types.getByRole('button', { name: 'All Types' }).click();
  await chooseOption(page, page.getByRole('main'), 'Category', 'All Categories');
  await expect(resourceCards(page)).toHaveCount(all.length);

  const search = page.getByRole('searchbox', { name: 'Search resources' });
  await search.fill('PANDAS');
  const byText = all.filter((r) => `${r.title} ${r.description}`.toLowerCase().includes('pandas'));
  expect(byText.length).toBeGreaterThan(0);
  await expect(resourceCards(page)).toHaveCount(byText.length);
  await search.fill('nothing in the library says this');
  await expect(page.getByText('No resources found matching your criteria.')).toBeVisible();
});

test('an image that fails to load gives way to the generated cover', async ({ page, request }) => {
  const [withImage, withBrokenImage] = await listResources(request);
  await page.route('https://images.example.test/**', (route) =>
    route.request().url().endsWith('/ok.svg')
      ? route.fulfill({
          status: 200,
          contentType: 'image/svg+xml',
          body: '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="9"><rect width="16" height="9" fill="teal"/></svg>',
        })
      : route.fulfill({ status: 404, body: 'missing' }),
  );
  await changeAnswer<Resource[]>(page, '**/api/resources?*', (body) => {
    for (const resource of body) {
      if (resource.id === withImage.id) resource.imageUrl = 'https://images.example.test/ok.svg';
      if (resource.id === withBrokenImage.id) resource.imageUrl = 'https://images.example.test/broken.png';
    }
  });
  await page.goto('/resources');

  await expect(cardTitled(page, withImage.title).locator('img')).toBeVisible();
  await expect(cardTitled(page, withImage.title).locator('img')).toHaveJSProperty('naturalWidth', 16);
  await expect(cardTitled(page, withBrokenImage.title)).toBeVisible();
  // Not a broken-image icon: the resource's own generated cover, loaded.
  const fallback = cardTitled(page, withBrokenImage.title).locator('img');
  await expect(fallback).toHaveAttribute('src', /^\/covers\//);
  await expectImageLoaded(fallback);
});

test('while the library loads, skeleton cards show', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/resources?*', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/resources');

  await expect(page.getByRole('status', { name: 'Loading resources' })).toBeVisible();
  await expect(page.getByTestId('skeleton').first()).toBeVisible();
  await expect(resourceCards(page)).toHaveCount(0);
  release();
  await expect(resourceCards(page).first()).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading resources' })).toHaveCount(0);
});

test.describe('each role sees exactly its controls', () => {
  for (const account of [null, ACCOUNTS.member, ACCOUNTS.editor] as (Account | null)[]) {
    test(`${account?.email ?? 'an anonymous visitor'}: no New Resource, edit or delete`, async ({ page }) => {
      if (account) await signIn(page, account);
      await page.goto('/resources');
      await expect(resourceCards(page).first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'New Resource' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^(Edit|Delete) "/ })).toHaveCount(0);
    });
  }

  test('an admin: New Resource, and edit and delete on every card', async ({ page, request }) => {
    const resources = await listResources(request);
    await signIn(page, ACCOUNTS.admin);
    await page.goto('/resources');
    await expect(resourceCards(page)).toHaveCount(resources.length);
    await expect(page.getByRole('button', { name: 'New Resource' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Edit "/ })).toHaveCount(resources.length);
    await expect(page.getByRole('button', { name: /^Delete "/ })).toHaveCount(resources.length);
  });
});

test('an admin creates, edits and deletes a resource', async ({ page }) => {
  test.slow(); // a long journey: three dialogs, each waiting on the server
  await signIn(page, ACCOUNTS.admin);
  const before = await listResources(page.request);
  const webinarsBefore = before.filter((r) => r.type === 'webinar').length;
  const title = `Close automation clinic ${Date.now()}`;
  await page.goto('/resources');

  await page.getByRole('button', { name: 'New Resource' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Resource' });
  const create = dialog.getByRole('button', { name: 'Create Resource' });
  await expect(dialog.getByRole('group', { name: 'Statistics (Admin Only)' })).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'This resource is free' })).toBeChecked();
  await expect(create).toBeDisabled();
  await dialog.getByLabel('Title').fill(title);
  await expect(create).toBeDisabled();
  await chooseOption(page, dialog, 'Type', 'Webinar');
  await expect(create).toBeDisabled();
  await chooseOption(page, dialog, 'Category', 'Audit Automation');
  await expect(create).toBeEnabled();

  await dialog.getByLabel('Description').fill('A live walkthrough of automating reconciliations.');
  await dialog.getByLabel('Resource URL').fill('https://example.com/resources/close-clinic');
  await dialog.getByLabel('Duration (optional)').fill('45 min');
  await chooseOption(page, dialog, 'Difficulty', 'Beginner');
  const rating = dialog.getByLabel('Star Rating (0-5)');
  await rating.fill('9');
  await rating.blur();
  await expect(rating).toHaveValue('5'); // clamped to the 0-5 range
  await rating.fill('4');
  await dialog.getByLabel('Rating Count').fill('12');
  // Letters cannot be typed into a number field; a cleared count is sent as 0.
  await dialog.getByLabel('Download Count').fill('');
  await dialog.getByLabel('Download Count').pressSequentially('abc');
  await expect(dialog.getByLabel('Download Count')).toHaveValue('');
  // RAC visually hides the native input (a pointer click lands on its label): toggle it from the keyboard.
  await dialog.getByRole('checkbox', { name: 'This resource is free' }).press('Space');
  await expect(dialog.getByRole('checkbox', { name: 'This resource is free' })).not.toBeChecked();
  await create.click();

  await dismissToast(page, 'Resource created successfully!');
  await expect(dialog).toHaveCount(0);
  const card = cardTitled(page, title);
  await expect(card).toContainText('4/5');
  await expect(card).toContainText('45 min');
  await expect(card).toContainText('Beginner');
  await expect(card).toContainText('Audit Automation');
  await expect(card).toContainText(downloads(0));
  await expect(card.getByText('FREE', { exact: true })).toHaveCount(0);
  await expect(typeTile(page, 'Webinars')).toHaveText(`${webinarsBefore + 1}Webinars`);
  const saved = (await listResources(page.request)).find((r) => r.title === title)!;
  expect(saved).toMatchObject({ type: 'webinar', category: 'audit-automation', rating: 4, ratingCount: 12, downloadCount: 0, isFree: false });

  await card.getByRole('button', { name: `Edit "${title}"` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Resource' });
  await expect(edit.getByLabel('Title')).toHaveValue(title);
  await expect(edit.getByLabel('Rating Count')).toHaveValue('12');
  const renamed = `${title} (2nd edition)`;
  await edit.getByLabel('Title').fill(renamed);
  await edit.getByRole('checkbox', { name: 'This resource is free' }).press('Space');
  await expect(edit.getByRole('checkbox', { name: 'This resource is free' })).toBeChecked();
  await edit.getByRole('button', { name: 'Update Resource' }).click();
  await dismissToast(page, 'Resource updated successfully!');
  await expect(cardTitled(page, renamed).getByRole('list', { name: 'Labels' })).toContainText('FREE');

  await cardTitled(page, renamed).getByRole('button', { name: `Delete "${renamed}"` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Resource' });
  await expect(confirm).toContainText(`Are you sure you want to delete "${renamed}"? This action cannot be undone.`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Resource deleted successfully!')).toBeVisible();
  await expect(cardTitled(page, renamed)).toHaveCount(0);
  await expect(typeTile(page, 'Webinars')).toHaveText(`${webinarsBefore}Webinars`);
});

test('failed resource writes: the server message when there is one, else the fallback', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/resources');
  await page.getByRole('button', { name: 'New Resource' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Resource' });
  await dialog.getByLabel('Title').fill('Bad link');
  await chooseOption(page, dialog, 'Type', 'E-Book');
  await chooseOption(page, dialog, 'Category', 'Taxation');
  await dialog.getByLabel('Resource URL').fill('ftp://example.com/file');
  await dialog.getByRole('button', { name: 'Create Resource' }).click();
  const message = 'URL must be an http(s) URL or an /objects/ path';
  await expect(page.getByRole('alertdialog').filter({ hasText: 'Error' })).toContainText(message);
  await expect(dialog.getByText(message)).toBeVisible();
  await expect(dialog.getByLabel('Resource URL')).toBeFocused();
  await dismissToast(page, message);

  await page.route('**/api/resources', (route) => route.fulfill({ status: 500, body: 'oops' }));
  await dialog.getByLabel('Resource URL').fill('https://example.com/file');
  await expect(dialog.getByText(message)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Create Resource' }).click();
  await dismissToast(page, 'Failed to create resource');

  await page.route('**/api/resources/*', (route) => route.fulfill({ status: 500, body: 'oops' }));
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await resourceCards(page).first().getByRole('button', { name: /^Delete "/ }).click();
  await page.getByRole('alertdialog', { name: 'Delete Resource' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alertdialog').filter({ hasText: 'Error' })).toContainText('Failed to delete resource');
});

test('on a phone, the error toast of the tall resource dialog sits below the dialog, never over its buttons', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/resources');
  await page.getByRole('button', { name: 'New Resource' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Resource' });
  await dialog.getByLabel('Title').fill('Overlap check');
  await chooseOption(page, dialog, 'Type', 'E-Book');
  await chooseOption(page, dialog, 'Category', 'Taxation');
  await dialog.getByLabel('Resource URL').fill('https://example.com/file');
  const modal = page.locator('.modal').filter({ has: dialog });
  const fullHeight = (await modal.boundingBox())!;
  // The dialog fills the phone's height, so a toast at the bottom would cover its buttons.
  expect(fullHeight.y + fullHeight.height).toBeGreaterThan(812 - 100);

  await page.route('**/api/resources', (route) => route.fulfill({ status: 500, body: 'oops' }));
  await dialog.getByRole('button', { name: 'Create Resource' }).click();
  const toast = page.getByRole('alertdialog').filter({ hasText: 'Failed to create resource' });
  await expect(toast).toBeVisible();

  const toastBox = (await toast.boundingBox())!;
  await expect
    .poll(async () => {
      const box = (await modal.boundingBox())!;
      return box.y + box.height;
    })
    .toBeLessThanOrEqual(toastBox.y);
  // The dialog scrolls inside the smaller box; its buttons are reachable and not covered.
  const create = dialog.getByRole('button', { name: 'Create Resource' });
  await create.scrollIntoViewIfNeeded();
  const createBox = (await create.boundingBox())!;
  expect(createBox.y + createBox.height).toBeLessThanOrEqual(toastBox.y);

  await toast.getByRole('button', { name: 'Close' }).click();
  await expect(toast).toHaveCount(0);
  await expect.poll(async () => (await modal.boundingBox())!.height).toBeCloseTo(fullHeight.height, 0);
});

// One run, in the light theme: each axe check also reads the dark theme's colours (axe.ts).
const theme = 'light';
test(`accessibility in the ${theme} theme: admin view, filters and the resource dialog`, async ({ page }) => {
  test.slow(); // two axe runs over a long page
  await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/resources');
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  await expect(resourceCards(page).first()).toBeVisible();
  await page.getByRole('group', { name: 'Filter by type' }).getByRole('button', { name: 'Certifications' }).click();
  await expect(page.getByRole('group', { name: 'Filter by type' }).getByRole('button', { name: 'Certifications' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectNoSeriousA11yViolations(page);

  await resourceCards(page).first().getByRole('button', { name: /^Edit "/ }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Resource' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
