import type { APIRequestContext, Page } from '@playwright/test';
import type { User } from '../../../contracts/auth';
import type { Discussion, DiscussionDetail, ForumCategory } from '../../../contracts/forums';
import { changeAnswer } from '../support/answers';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { ACCOUNTS, signIn, type Account } from '../support/session';
import { dismissToast } from '../support/toast';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

function discussionCards(page: Page) {
  return page.getByRole('list', { name: 'Discussions' }).getByRole('article');
}

function cardTitled(page: Page, title: string) {
  return discussionCards(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

function categoryToggle(page: Page, name: string) {
  return page.getByRole('region', { name: 'Categories' }).getByRole('button', { name, exact: true });
}

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

async function currentUser(page: Page): Promise<User> {
  return getJson<User>(page.request, '/api/auth/user');
}

async function useTheme(page: Page, theme: 'light' | 'dark') {
  await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
}

test.describe('with the sample data', () => {
  test('the forum shows its categories and discussions, filters by category and searches in the browser', async ({
    page,
    request,
  }) => {
    const categories = await getJson<ForumCategory[]>(request, '/api/forum/categories');
    const discussions = await getJson<Discussion[]>(request, '/api/forum/discussions?limit=50');
    await page.goto('/forums');

    await expect(page.getByRole('heading', { level: 1, name: 'Community Forums' })).toBeVisible();
    for (const category of categories) {
      const toggle = categoryToggle(page, category.name);
      await expect(toggle).toContainText(plural(category.discussionCount, 'discussion', 'discussions'));
      await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    }
    await expect(discussionCards(page)).toHaveCount(discussions.length);

    // A card: title link, author, relative time, category, counts; pinned and locked flags.
    const first = discussions[0];
    const firstCard = cardTitled(page, first.title);
    await expect(firstCard.getByRole('link', { name: first.title })).toHaveAttribute('href', `/forums/${first.id}`);
    await expect(firstCard.getByText(`${first.author!.firstName} ${first.author!.lastName}`)).toBeVisible();
    await expect(firstCard.locator('time')).toHaveText(/(just now|ago)$/);
    await expect(firstCard.getByRole('list', { name: 'Labels' })).toContainText(first.category!.name);
    await expect(firstCard.getByTestId('reply-count')).toHaveText(plural(first.replyCount, 'reply', 'replies'));
    await expect(firstCard.getByTestId('like-count')).toHaveText(plural(first.likes, 'like', 'likes'));
    const locked = discussions.find((d) => d.isLocked && d.isPinned)!;
    await expect(cardTitled(page, locked.title).getByRole('list', { name: 'Labels' })).toContainText('Pinned');
    await expect(cardTitled(page, locked.title).getByRole('list', { name: 'Labels' })).toContainText('Locked');
    const plain = discussions.find((d) => !d.isPinned && !d.isLocked)!;
    await expect(cardTitled(page, plain.title).getByText('Pinned')).toHaveCount(0);

    // Category filter: the server's list for that category; pressing again clears it.
    const category = categories.find((c) => c.name === 'Regulatory Compliance')!;
    const inCategory = await getJson<Discussion[]>(request, `/api/forum/discussions?limit=50&categoryId=${category.id}`);
    await categoryToggle(page, category.name).click();
    await expect(categoryToggle(page, category.name)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('heading', { name: 'Regulatory Compliance Discussions' })).toBeVisible();
    await expect(discussionCards(page)).toHaveCount(inCategory.length);
    for (const d of inCategory) await expect(cardTitled(page, d.title)).toBeVisible();
    await categoryToggle(page, category.name).click();
    await expect(categoryToggle(page, category.name)).toHaveAttribute('aria-pressed', 'false');
    await expect(discussionCards(page)).toHaveCount(discussions.length);

    // Search: case-insensitive substring over title and content.
    const search = page.getByRole('searchbox', { name: 'Search discussions' });
    await search.fill('ifrs 18');
    const expected = discussions.filter((d) => `${d.title}\n${d.content}`.toLowerCase().includes('ifrs 18'));
    expect(expected.length).toBeGreaterThan(0);
    await expect(discussionCards(page)).toHaveCount(expected.length);
    await search.fill('no discussion mentions this phrase');
    await expect(page.getByText('No discussions found matching your criteria.')).toBeVisible();
    await search.fill('');
    await expect(discussionCards(page)).toHaveCount(discussions.length);

    // A card opens its discussion.
    await cardTitled(page, plain.title).getByRole('link', { name: plain.title }).click();
    await expect(page).toHaveURL(`/forums/${plain.id}`);
    await expect(page.getByRole('heading', { level: 1, name: plain.title })).toBeVisible();
  });

  test('a discussion page shows the discussion and its replies; visitors are asked to log in', async ({ page, request }) => {
    const list = await getJson<Discussion[]>(request, '/api/forum/discussions?limit=50');
    const withReplies = list.find((d) => d.replyCount >= 3 && d.author?.title)!;
    const detail = await getJson<DiscussionDetail>(request, `/api/forum/discussions/${withReplies.id}`);
    await page.goto(`/forums/${detail.id}`);

    await expect(page.getByRole('heading', { level: 1, name: detail.title })).toBeVisible();
    const article = page.getByRole('article', { name: detail.title });
    await expect(article.getByText(`${detail.author!.firstName} ${detail.author!.lastName}`, { exact: true })).toBeVisible();
    await expect(article.getByText(detail.author!.title!, { exact: true })).toBeVisible();
    await expect(article.getByRole('list', { name: 'Labels' })).toContainText(detail.category!.name);
    await expect(article.getByTestId('reply-count')).toHaveText(plural(detail.replyCount, 'reply', 'replies'));
    await expect(article.getByTestId('like-count')).toHaveText(plural(detail.likes, 'like', 'likes'));
    const content = article.locator('.discussion__content');
    await expect(content).toHaveText(detail.content);
    await expect(content).toHaveCSS('white-space', 'pre-line');

    await expect(page.getByRole('heading', { name: `Replies (${detail.replies.length})` })).toBeVisible();
    const replies = page.getByRole('region', { name: `Replies (${detail.replies.length})` }).getByRole('article');
    await expect(replies).toHaveCount(detail.replies.length);
    const reply = detail.replies[0];
    const firstReply = replies.first();
    await expect(firstReply).toContainText(reply.content);
    await expect(firstReply).toContainText(`${reply.author!.firstName} ${reply.author!.lastName}`);
    await expect(firstReply).toContainText(plural(reply.likes, 'like', 'likes'));
    await expect(firstReply.locator('.avatar__initials')).toHaveText(`${reply.author!.firstName![0]}${reply.author!.lastName![0]}`);

    await expect(page.getByText('Please log in to reply to this discussion')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    await expect(page.getByPlaceholder('Share your thoughts...')).toHaveCount(0);

    await page.getByRole('link', { name: 'Back to Forums' }).click();
    await expect(page).toHaveURL('/forums');
    await expect(page.getByRole('heading', { level: 1, name: 'Community Forums' })).toBeVisible();
  });

  test('deleted authors read "Unknown User" with "??"; an author without a name shows the email and its first two letters', async ({
    page,
    request,
  }) => {
    const list = await getJson<Discussion[]>(request, '/api/forum/discussions?limit=50');
    const target = list.find((d) => d.replyCount >= 1)!;
    await changeAnswer<DiscussionDetail>(page, `**/api/forum/discussions/${target.id}`, (body) => {
      body.author = null;
      body.replies[0].author = { ...body.replies[0].author!, firstName: null, lastName: null, email: 'quinn@example.test' };
    });
    await page.goto(`/forums/${target.id}`);

    const article = page.getByRole('article', { name: target.title });
    await expect(article.getByText('Unknown User')).toBeVisible();
    await expect(article.locator('.avatar__initials')).toHaveText('??');
    const reply = page.getByRole('article', { name: 'Reply by quinn@example.test' });
    await expect(reply.getByText('quinn@example.test')).toBeVisible();
    await expect(reply.locator('.avatar__initials')).toHaveText('QU');
  });

  test('content is shown as text, never as HTML', async ({ page, baseURL }) => {
    await signIn(page, ACCOUNTS.member);
    const categories = await getJson<ForumCategory[]>(page.request, '/api/forum/categories');
    const content = 'Line one <b id="injected">bold?</b>\nLine two <img src=x onerror="window.__xss=1">';
    const created = await page.request.post('/api/forum/discussions', {
      data: { title: 'Markup test', content, categoryId: categories[0].id },
      headers: { origin: baseURL! },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as Discussion;

    await page.goto(`/forums/${id}`);
    const body = page.locator('.discussion__content');
    await expect(body).toHaveText(content);
    await expect(page.locator('#injected')).toHaveCount(0);
    await expect(body.locator('img')).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();

    await page.request.delete(`/api/forum/discussions/${id}`, { headers: { origin: baseURL! } });
  });

  test('loading states: the list and a discussion wait visibly for the API', async ({ page, request }) => {
    const [first] = await getJson<Discussion[]>(request, '/api/forum/discussions?limit=50');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/forum\/(discussions|categories)/, async (route) => {
      await held;
      await route.continue();
    });

    await page.goto('/forums');
    await expect(page.getByRole('status', { name: 'Loading discussions' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading categories' })).toBeVisible();
    await expect(discussionCards(page)).toHaveCount(0);
    release();
    await expect(discussionCards(page).first()).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading discussions' })).toHaveCount(0);

    let releaseDetail!: () => void;
    const heldDetail = new Promise<void>((resolve) => (releaseDetail = resolve));
    await page.unroute(/\/api\/forum\/(discussions|categories)/);
    await page.route(`**/api/forum/discussions/${first.id}`, async (route) => {
      await heldDetail;
      await route.continue();
    });
    await page.goto(`/forums/${first.id}`);
    await expect(page.getByRole('status').filter({ hasText: 'Loading discussion...' })).toBeVisible();
    releaseDetail();
    await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
    await expect(page.getByText('Loading discussion...')).toHaveCount(0);
  });

  test('the list pages 50 at a time: Load More Discussions asks for the page after the cursor, and goes when there is none', async ({ page, request }) => {
    const [sample] = await getJson<Discussion[]>(request, '/api/forum/discussions?limit=50');
    const copies = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({ ...sample, id: `00000000-0000-4000-8000-${String(from + i).padStart(12, '0')}`, title: `Paged discussion ${from + i}` }));
    const asked: Array<string | null> = [];
    await page.route('**/api/forum/discussions?*', (route) => {
      const before = new URL(route.request().url()).searchParams.get('before');
      asked.push(before);
      return before === 'cursor-1'
        ? route.fulfill({ json: copies(3, 2) })
        : route.fulfill({ json: copies(1, 2), headers: { 'X-Next-Cursor': 'cursor-1' } });
    });
    await page.goto('/forums');
    await expect(discussionCards(page)).toHaveCount(2);
    await page.getByRole('button', { name: 'Load More Discussions' }).click();
    await expect(discussionCards(page)).toHaveCount(4);
    await expect(discussionCards(page).getByRole('heading')).toHaveText([1, 2, 3, 4].map((n) => `Paged discussion ${n}`));
    await expect(page.getByRole('button', { name: 'Load More Discussions' })).toHaveCount(0);
    expect(asked.filter((before) => before !== null)).toEqual(['cursor-1']);
  });

  test('an unknown or malformed discussion id shows "Discussion Not Found" with a way back', async ({ page }) => {
    for (const id of [MISSING_ID, 'not-a-discussion']) {
      await page.goto(`/forums/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Discussion Not Found' })).toBeVisible();
      await expect(page.getByText("The discussion you're looking for doesn't exist.")).toBeVisible();
    }
    await page.getByRole('link', { name: 'Back to Forums' }).click();
    await expect(page).toHaveURL('/forums');
  });

  test.describe('each role sees exactly its controls', () => {
    async function expectControls(page: Page, expected: { newDiscussion: boolean; edit: number; status: number; drafts: number }) {
      await page.goto('/forums');
      await expect(discussionCards(page).first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'New Discussion' })).toHaveCount(expected.newDiscussion ? 1 : 0);
      await expect(page.getByRole('button', { name: /^Edit "/ })).toHaveCount(expected.edit);
      await expect(page.getByRole('button', { name: /^Delete "/ })).toHaveCount(expected.edit);
      await expect(page.getByRole('button', { name: /^(Publish|Unpublish) "/ })).toHaveCount(expected.status);
      await expect(page.getByRole('button', { name: /^Publish "/ })).toHaveCount(expected.drafts);
    }

    test('anonymous visitors: no New Discussion, no edit, delete or status buttons', async ({ page }) => {
      await expectControls(page, { newDiscussion: false, edit: 0, status: 0, drafts: 0 });
    });

    test('a subscriber: New Discussion, and edit/delete only on their own discussions', async ({ page }) => {
      await signIn(page, ACCOUNTS.member);
      const me = await currentUser(page);
      const list = await getJson<Discussion[]>(page.request, '/api/forum/discussions?limit=50');
      const own = list.filter((d) => d.authorId === me.id);
      expect(own.length).toBeGreaterThan(0);
      await expectControls(page, { newDiscussion: true, edit: own.length, status: 0, drafts: 0 });
      for (const d of own) await expect(cardTitled(page, d.title).getByRole('button', { name: /^Edit "/ })).toBeVisible();
    });

    for (const account of [ACCOUNTS.editor, ACCOUNTS.admin] as Account[]) {
      test(`${account.email}: edit, delete and a publish/draft toggle on every discussion, drafts included`, async ({ page }) => {
        await signIn(page, account);
        const list = await getJson<Discussion[]>(page.request, '/api/forum/discussions?limit=50');
        const drafts = list.filter((d) => d.status === 'draft');
        expect(drafts.length).toBeGreaterThan(0);
        await expectControls(page, { newDiscussion: true, edit: list.length, status: list.length, drafts: drafts.length });
        await expect(cardTitled(page, drafts[0].title).getByRole('list', { name: 'Labels' })).toContainText('Draft');
      });
    }
  });

  test('a member starts a discussion, replies to it, sees the reply count update, then edits and deletes it', async ({ page }) => {
    test.slow(); // a long journey across both screens and three dialogs
    await signIn(page, ACCOUNTS.member);
    const categories = await getJson<ForumCategory[]>(page.request, '/api/forum/categories');
    const category = categories.find((c) => c.name === 'Learning & Development')!;
    const title = `Study tips for the CPA exam ${Date.now()}`;
    await page.goto('/forums');

    await page.getByRole('button', { name: 'New Discussion' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start a New Discussion' });
    const create = dialog.getByRole('button', { name: 'Create Discussion' });
    await expect(create).toBeDisabled();
    await dialog.getByLabel('Title').fill(title);
    await expect(create).toBeDisabled();
    await dialog.getByLabel('Content').fill('How did you plan your study time?\nI have six months.');
    await expect(create).toBeDisabled();
    await dialog.getByRole('button', { name: /Category/ }).click();
    await page.getByRole('option', { name: category.name }).click();
    await expect(create).toBeEnabled();
    await create.click();

    await dismissToast(page, 'Discussion created successfully!');
    await expect(dialog).toHaveCount(0);
    // The new discussion opens itself; back on the list, its card and its category's count.
    await expect(page).toHaveURL(/\/forums\/[0-9a-f-]+$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/forums$/);
    const card = cardTitled(page, title);
    await expect(card.getByTestId('reply-count')).toHaveText('0 replies');
    await expect(card.getByText(ACCOUNTS.member.name)).toBeVisible();
    await expect(categoryToggle(page, category.name)).toContainText(
      plural(category.discussionCount + 1, 'discussion', 'discussions'),
    );

    await card.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Replies (0)' })).toBeVisible();
    await expect(page.getByText('No replies yet. Be the first to reply!')).toBeVisible();

    const box = page.getByPlaceholder('Share your thoughts...');
    const post = page.getByRole('button', { name: 'Post Reply' });
    await expect(post).toBeDisabled();
    await box.fill('   ');
    await expect(post).toBeDisabled();
    await box.fill('Block out two evenings a week and one weekend morning.');

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/forum/replies', async (route) => {
      await held;
      await route.continue();
    });
    await post.click();
    await expect(page.getByRole('button', { name: 'Posting...' })).toBeVisible();
    release();

    await dismissToast(page, 'Reply posted successfully!');
    await expect(page.getByRole('heading', { name: 'Replies (1)' })).toBeVisible();
    const reply = page.getByRole('article', { name: `Reply by ${ACCOUNTS.member.name}` });
    await expect(reply).toContainText('Block out two evenings a week and one weekend morning.');
    await expect(box).toHaveValue('');
    await expect(page.getByRole('article', { name: title }).getByTestId('reply-count')).toHaveText('1 reply');

    await page.getByRole('link', { name: 'Back to Forums' }).click();
    await expect(cardTitled(page, title).getByTestId('reply-count')).toHaveText('1 reply');

    // The author may edit and delete their own discussion.
    await cardTitled(page, title).getByRole('button', { name: `Edit "${title}"` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Discussion' });
    await expect(edit.getByLabel('Title')).toHaveValue(title);
    const renamed = `${title} (updated)`;
    await edit.getByLabel('Title').fill(renamed);
    await edit.getByRole('button', { name: 'Update Discussion' }).click();
    await dismissToast(page, 'Discussion updated successfully!');
    await expect(cardTitled(page, renamed)).toBeVisible();

    await cardTitled(page, renamed).getByRole('button', { name: `Delete "${renamed}"` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Discussion' });
    await expect(confirm).toContainText(`Are you sure you want to delete "${renamed}"? This action cannot be undone.`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Discussion deleted successfully!')).toBeVisible();
    await expect(cardTitled(page, renamed)).toHaveCount(0);
    await expect(categoryToggle(page, category.name)).toContainText(plural(category.discussionCount, 'discussion', 'discussions'));
  });

  test('an editor sets a discussion to draft and publishes it again', async ({ page }) => {
    await signIn(page, ACCOUNTS.editor);
    const list = await getJson<Discussion[]>(page.request, '/api/forum/discussions?limit=50');
    const target = list.find((d) => d.status === 'published' && !d.isPinned)!;
    await page.goto('/forums');
    const card = cardTitled(page, target.title);

    await card.getByRole('button', { name: `Unpublish "${target.title}"` }).click();
    await expect(page.getByText('Discussion set to draft.')).toBeVisible();
    await expect(card.getByRole('list', { name: 'Labels' })).toContainText('Draft');
    await card.getByRole('button', { name: `Publish "${target.title}"` }).click();
    await expect(page.getByText('Discussion published.')).toBeVisible();
    await expect(card.getByRole('list', { name: 'Labels' })).not.toContainText('Draft');
    await expect(card.getByRole('button', { name: `Unpublish "${target.title}"` })).toBeVisible();
  });

  test('failed writes show the spec fallbacks', async ({ page }) => {
    await signIn(page, ACCOUNTS.editor);
    await page.route('**/api/forum/discussions/*/status', (route) => route.fulfill({ status: 500, body: 'oops' }));
    await page.route('**/api/forum/discussions', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, body: 'oops' }) : route.continue(),
    );
    await page.goto('/forums');

    await page.getByRole('button', { name: /^Unpublish "/ }).first().click();
    await dismissToast(page, 'Failed to update discussion status.');

    const categories = await getJson<ForumCategory[]>(page.request, '/api/forum/categories');
    await page.getByRole('button', { name: 'New Discussion' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start a New Discussion' });
    await dialog.getByLabel('Title').fill('Will not be saved');
    await dialog.getByLabel('Content').fill('The server fails.');
    await dialog.getByRole('button', { name: /Category/ }).click();
    await page.getByRole('option', { name: categories[0].name }).click();
    await dialog.getByRole('button', { name: 'Create Discussion' }).click();
    await expect(page.getByRole('alertdialog').filter({ hasText: 'Error' })).toContainText('Failed to create discussion');
    await expect(dialog).toBeVisible();
  });

  test("a field the server refuses: its message under the field, focused, gone once the field is edited", async ({ page }) => {
    await signIn(page, ACCOUNTS.member);
    await page.goto('/forums');
    const categories = await getJson<ForumCategory[]>(page.request, '/api/forum/categories');
    const message = 'Title must be at most 300 characters';
    await page.route('**/api/forum/discussions', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 400, json: { message, code: 'bad_request', errors: { title: [message] } } })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'New Discussion' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start a New Discussion' });
    const title = dialog.getByRole('textbox', { name: 'Title' });
    await title.fill('Refused by the server');
    await dialog.getByLabel('Content').fill('The server names the title.');
    await dialog.getByRole('button', { name: /Category/ }).click();
    await page.getByRole('option', { name: categories[0].name }).click();
    await dialog.getByRole('button', { name: 'Create Discussion' }).click();
    await expect(dialog.getByText(message)).toBeVisible();
    await expect(title).toBeFocused();
    await title.fill('Refused by the server, shorter');
    await expect(dialog.getByText(message)).toHaveCount(0);
    await expect(title).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('replying to a locked discussion shows the server message', async ({ page }) => {
    await signIn(page, ACCOUNTS.member);
    const list = await getJson<Discussion[]>(page.request, '/api/forum/discussions?limit=50');
    const locked = list.find((d) => d.isLocked)!;
    await page.goto(`/forums/${locked.id}`);

    await expect(page.getByRole('article', { name: locked.title }).getByRole('list', { name: 'Labels' })).toContainText('Locked');
    await page.getByPlaceholder('Share your thoughts...').fill('Can I still ask a question here?');
    await page.getByRole('button', { name: 'Post Reply' }).click();
    await expect(page.getByRole('alertdialog').filter({ hasText: 'Error' })).toContainText('This discussion is locked');
    await expect(page.getByRole('heading', { name: 'Replies (0)' })).toBeVisible();
  });

  // One run, in the light theme: each axe check also reads the dark theme's colours (axe.ts).
  const theme = 'light';
  test(`accessibility in the ${theme} theme: list, dialog and discussion page`, async ({ page, request }) => {
    test.slow(); // three axe runs over long pages
    await useTheme(page, theme);
    await signIn(page, ACCOUNTS.editor);
    const [first] = await getJson<Discussion[]>(request, '/api/forum/discussions?limit=50');
    await page.goto('/forums');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(discussionCards(page).first()).toBeVisible();
    await categoryToggle(page, first.category!.name).click();
    await expect(categoryToggle(page, first.category!.name)).toHaveAttribute('aria-pressed', 'true');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'New Discussion' }).click();
    await expect(page.getByRole('dialog', { name: 'Start a New Discussion' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');

    await page.goto(`/forums/${first.id}`);
    await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
    await expect(page.getByPlaceholder('Share your thoughts...')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test(`accessibility in the ${theme} theme: anonymous discussion page and not-found`, async ({ page, request }) => {
    await useTheme(page, theme);
    const [first] = await getJson<Discussion[]>(request, '/api/forum/discussions?limit=50');
    await page.goto(`/forums/${first.id}`);
    await expect(page.getByText('Please log in to reply to this discussion')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto(`/forums/${MISSING_ID}`);
    await expect(page.getByRole('heading', { name: 'Discussion Not Found' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
