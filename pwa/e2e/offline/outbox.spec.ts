import type { APIRequestContext, Page } from '@playwright/test';
import type { Comment } from '../../../contracts/comments';
import type { Discussion, DiscussionDetail, ForumCategory } from '../../../contracts/forums';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { goOffline, goOnline, readOutbox, waitForServiceWorker, type OutboxRow } from '../support/offline';
import { ACCOUNTS, signIn } from '../support/session';

// Works offline, or with what the service worker caches (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/*
 * The outbox: signed-in writes made offline are queued in IndexedDB, shown at once as
 * 'Pending sync', and sent exactly once, in order, when the connection returns.
 */

const unique = () => Math.random().toString(36).slice(2, 8);


/** An API client signed in as the admin, outside the page's browser context (so never offline). */
async function adminApi(playwright: { request: { newContext(o: object): Promise<APIRequestContext> } }, baseURL: string) {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const login = await api.post('/api/auth/login', { data: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password } });
  expect(login.status()).toBe(200);
  return api;
}

async function json<T>(api: APIRequestContext, path: string): Promise<T> {
  const res = await api.get(path);
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

async function newArticle(api: APIRequestContext, title: string): Promise<string> {
  const [category] = await json<Array<{ id: string }>>(api, '/api/news-categories?activeOnly=true');
  const res = await api.post('/api/news', { data: { title, content: `Body of ${title}`, categoryIds: [category.id] } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}


const syncStatus = (page: Page) => page.getByRole('group', { name: 'Sync status' });

/**
 * The member has had the site open a moment: the worker holds the app and runs the page. (On a first
 * visit, a write made offline before that cannot be queued: the queue's code was not downloaded yet,
 * docs/offline.md, "The first seconds of a first visit".)
 */
const workerHasTheApp = waitForServiceWorker;

test('writes made offline survive a reload and reach the server exactly once, in order', async ({ page, context, playwright, baseURL }) => {
  test.slow(); // four screens, a reload and the checks by API: longer than the default 30 s on a busy machine
  const admin = await adminApi(playwright, baseURL!);
  const articleTitle = `Outbox article ${unique()}`;
  const articleId = await newArticle(admin, articleTitle);
  const [forumCategory] = await json<ForumCategory[]>(admin, '/api/forum/categories');
  const created = await admin.post('/api/forum/discussions', { data: { title: `Outbox thread ${unique()}`, content: 'Reply here', categoryId: forumCategory.id } });
  const discussion = (await created.json()) as Discussion;
  const comment = `Written on the train ${unique()}`;
  const reply = `Replied from a tunnel ${unique()}`;
  const newTitle = `Asked while offline ${unique()}`;

  await signIn(page, ACCOUNTS.member);
  // Visit the pages online first, then move by in-app links: without the offline store (loaded
  // later) only what this tab has already loaded can be shown offline.
  const mainNav = page.getByRole('navigation', { name: 'Main' });
  await page.goto(`/news/${articleId}`);
  await expect(page.getByRole('heading', { level: 1, name: articleTitle })).toBeVisible();
  await mainNav.getByRole('link', { name: 'Forums' }).click();
  await page.getByRole('link', { name: discussion.title }).click();
  await expect(page.getByRole('heading', { level: 1, name: discussion.title })).toBeVisible();
  await mainNav.getByRole('link', { name: 'News' }).click();
  await page.getByRole('link', { name: articleTitle }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: articleTitle })).toBeVisible();

  await goOffline(context);

  const like = page.getByRole('button', { name: new RegExp(`^Like "${articleTitle}"`) }).first();
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toContainText('Pending sync');

  await page.getByLabel('Add a comment').fill(comment);
  await page.getByRole('button', { name: 'Post Comment' }).click();
  const queuedComment = page.getByRole('article', { name: `Comment by ${ACCOUNTS.member.name}` }).filter({ hasText: comment });
  await expect(queuedComment).toContainText('Pending sync');
  await expect(syncStatus(page).getByRole('status')).toHaveText('2 pending');

  await mainNav.getByRole('link', { name: 'Forums' }).click();
  await page.getByRole('link', { name: discussion.title }).click();
  await page.getByLabel('Your reply').fill(reply);
  await page.getByRole('button', { name: 'Post Reply' }).click();
  await expect(page.getByRole('article', { name: `Reply by ${ACCOUNTS.member.name}` }).filter({ hasText: reply })).toContainText('Pending sync');

  await page.getByRole('link', { name: 'Back to Forums' }).click();
  await page.getByRole('button', { name: 'New Discussion' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start a New Discussion' });
  await dialog.getByLabel('Title').fill(newTitle);
  await dialog.getByRole('button', { name: /Category/ }).click();
  await page.getByRole('option', { name: forumCategory.name }).click();
  await dialog.getByLabel('Content').fill('Does anyone reconcile offline?');
  await dialog.getByRole('button', { name: 'Create Discussion' }).click();
  const waiting = page.getByRole('list', { name: 'Discussions waiting to sync' });
  await expect(waiting.getByRole('article')).toContainText(newTitle);
  await expect(waiting).toContainText('Pending sync');
  await expect(syncStatus(page).getByRole('status')).toHaveText('4 pending');
  await expectNoSeriousA11yViolations(page);

  // The minutes spent reading the article and the discussion wait too, as CPD time records between
  // the writes (docs/cpd.md; journey-cpd-time.spec.ts follows them): this test is about the writes.
  const writes = (rows: OutboxRow[]) => rows.filter((item) => item.kind !== 'cpdTime');
  const queued = writes(await readOutbox(page));
  expect(queued.map((item) => item.kind)).toEqual(['like', 'comment', 'reply', 'discussion']);

  // Reload while still offline. Until the service worker (the offline store's part) serves the app
  // shell, the page itself cannot load offline, so the reload runs with only /api/* failing.
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await goOnline(context);
  await page.reload();
  await expect(syncStatus(page).getByRole('status')).toHaveText('4 pending');
  expect(writes(await readOutbox(page))).toEqual(queued);

  // Back online: the outbox sends everything, then the count goes.
  await context.unroute('**/api/**');
  await goOffline(context);
  await goOnline(context);
  await expect(syncStatus(page)).toBeHidden();
  expect(await readOutbox(page)).toEqual([]);

  const member = page.request;
  const exactlyOnce = async () => {
    const comments = (await json<Comment[]>(member, `/api/news/${articleId}/comments`)).filter((c) => c.content === comment);
    expect(comments).toHaveLength(1);
    const article = await json<{ likes: number; liked: boolean }>(member, `/api/news/${articleId}`);
    expect(article).toMatchObject({ likes: 1, liked: true });
    const detail = await json<DiscussionDetail>(member, `/api/forum/discussions/${discussion.id}`);
    const replies = detail.replies.filter((r) => r.content === reply);
    expect(replies).toHaveLength(1);
    const started = (await json<Discussion[]>(member, '/api/forum/discussions?limit=100')).filter((d) => d.title === newTitle);
    expect(started).toHaveLength(1);
    return { comment: comments[0], reply: replies[0], discussion: started[0] };
  };
  const sent = await exactlyOnce();
  // In the order they were made, each with the time it was written.
  expect(sent.comment.createdAt <= sent.reply.createdAt && sent.reply.createdAt <= sent.discussion.createdAt).toBe(true);
  expect(sent.comment.id).toBe(queued[1].id);
  expect(Date.parse(sent.comment.writtenAt!)).toBeLessThanOrEqual(Date.parse(sent.comment.createdAt));

  // The same requests again by hand, with the same keys: answered from the first result, applied once.
  for (const item of queued) {
    const res = await member.fetch(item.path, {
      method: item.method,
      data: item.body,
      headers: { 'Idempotency-Key': item.id, origin: baseURL! },
    });
    expect(res.status(), `${item.kind}: ${await res.text()}`).toBeLessThan(300);
    expect(res.headers()['idempotent-replayed']).toBe('true');
  }
  await exactlyOnce();
  await admin.dispose();
});

// One run, in the light theme: each axe check also reads the dark theme's colours (axe.ts).
const theme = 'light';
test(`a comment whose article was deleted while it waited shows 'Not sent' with its text (${theme})`, async ({ page, context, playwright, baseURL }) => {
  await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
  const admin = await adminApi(playwright, baseURL!);
  const articleTitle = `Soon deleted ${unique()}`;
  const articleId = await newArticle(admin, articleTitle);
  const text = `Queued for a doomed article ${unique()}`;

  await signIn(page, ACCOUNTS.member);
  await page.goto(`/news/${articleId}`);
  await expect(page.getByRole('heading', { level: 1, name: articleTitle })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  await workerHasTheApp(page);
  await goOffline(context);
  await page.getByLabel('Add a comment').fill(text);
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect(page.getByRole('article', { name: `Comment by ${ACCOUNTS.member.name}` }).filter({ hasText: text })).toContainText('Pending sync');
  await expect(syncStatus(page).getByRole('status')).toHaveText('1 pending');
  await expectNoSeriousA11yViolations(page);

  expect((await admin.delete(`/api/news/${articleId}`)).status()).toBe(200);
  await goOnline(context);

  await expect(syncStatus(page).getByRole('status')).toHaveText('0 pending, 1 not sent');
  await syncStatus(page).getByRole('button', { name: 'Details' }).click();
  const details = page.getByRole('dialog', { name: 'Changes waiting to sync' });
  await expect(details).toContainText(text);
  await expect(details).toContainText('Not sent');
  await expect(details).toContainText('Article not found: it may have been deleted.');
  for (const action of ['Retry', 'Copy', 'Discard']) await expect(details.getByRole('button', { name: action })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Retry asks the server again (still refused); Discard drops it.
  await details.getByRole('button', { name: 'Retry' }).click();
  await expect(details).toContainText('Not sent');
  await details.getByRole('button', { name: 'Discard' }).click();
  await expect(syncStatus(page)).toBeHidden();
  await admin.dispose();
});

test('a session that expired while offline keeps the queue and continues after signing in', async ({ page, context, playwright, baseURL }) => {
  const admin = await adminApi(playwright, baseURL!);
  const articleTitle = `Session test ${unique()}`;
  const articleId = await newArticle(admin, articleTitle);
  const text = `Kept through a sign-in ${unique()}`;

  await signIn(page, ACCOUNTS.member);
  await page.goto(`/news/${articleId}`);
  await expect(page.getByRole('heading', { level: 1, name: articleTitle })).toBeVisible();
  await workerHasTheApp(page);
  await goOffline(context);
  await page.getByLabel('Add a comment').fill(text);
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect(syncStatus(page).getByRole('status')).toHaveText('1 pending');

  // The session ends while the device is offline.
  await context.clearCookies();
  await goOnline(context);
  await expect(page.getByRole('alertdialog').filter({ hasText: 'Session expired' })).toContainText('Sign in to send your changes waiting to sync.');
  await expect(syncStatus(page).getByRole('status')).toHaveText('1 pending');

  await syncStatus(page).getByRole('link', { name: 'Sign in to sync' }).click();
  await page.getByLabel('Email').fill(ACCOUNTS.member.email);
  await page.getByLabel('Password').fill(ACCOUNTS.member.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(syncStatus(page)).toBeHidden();

  const comments = (await json<Comment[]>(admin, `/api/news/${articleId}/comments`)).filter((c) => c.content === text);
  expect(comments).toHaveLength(1);
  await admin.dispose();
});

test('Sync now sends what is waiting at once', async ({ page, context, playwright, baseURL }) => {
  const admin = await adminApi(playwright, baseURL!);
  const articleTitle = `Sync now ${unique()}`;
  const articleId = await newArticle(admin, articleTitle);
  const text = `Sent by Sync now ${unique()}`;

  // A paused clock holds the backoff retries, so only 'Sync now' can send.
  await page.clock.install();
  await signIn(page, ACCOUNTS.member);
  await page.goto(`/news/${articleId}`);
  await expect(page.getByRole('heading', { level: 1, name: articleTitle })).toBeVisible();
  // The server is unreachable although the browser thinks it is online: the write is queued.
  await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.getByLabel('Add a comment').fill(text);
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect(syncStatus(page).getByRole('status')).toHaveText('1 pending');
  await page.unroute('**/api/**');
  // The header's sync indicator opens the details, which hold 'Sync now' (one compact indicator).
  await syncStatus(page).getByRole('button', { name: 'Details' }).click();
  // With the clock paused the opening dialog never settles for Playwright's actionability checks, so
  // the button gets the click event directly.
  await page.getByRole('dialog', { name: 'Changes waiting to sync' }).getByRole('button', { name: 'Sync now' }).dispatchEvent('click');
  await expect(syncStatus(page)).toBeHidden();
  const comments = (await json<Comment[]>(admin, `/api/news/${articleId}/comments`)).filter((c) => c.content === text);
  expect(comments).toHaveLength(1);
  await admin.dispose();
});

test('a comment and a reply posted late show when they were written and when they were posted', async ({ page, playwright, baseURL }) => {
  const admin = await adminApi(playwright, baseURL!);
  const articleTitle = `Late arrivals ${unique()}`;
  const articleId = await newArticle(admin, articleTitle);
  const [forumCategory] = await json<ForumCategory[]>(admin, '/api/forum/categories');
  const discussion = (await (await admin.post('/api/forum/discussions', { data: { title: `Late thread ${unique()}`, content: 'Body', categoryId: forumCategory.id } })).json()) as Discussion;
  // What the outbox sends for a write made two hours before the connection came back.
  const writtenAt = new Date(Date.now() - 2 * 3_600_000).toISOString();
  const body = { content: 'Written in the morning', id: crypto.randomUUID(), writtenAt };
  expect((await admin.post(`/api/news/${articleId}/comments`, { data: body })).status()).toBe(201);
  expect((await admin.post('/api/forum/replies', { data: { ...body, id: crypto.randomUUID(), discussionId: discussion.id } })).status()).toBe(201);

  await signIn(page, ACCOUNTS.member);
  await page.goto(`/news/${articleId}`);
  const comment = page.getByRole('article', { name: `Comment by ${ACCOUNTS.admin.name}` });
  await expect(comment).toContainText(/Written .+ · posted .+/);
  await expect(comment.locator(`time[datetime="${writtenAt}"]`)).toHaveCount(1);

  await page.goto(`/forums/${discussion.id}`);
  const reply = page.getByRole('article', { name: `Reply by ${ACCOUNTS.admin.name}` });
  await expect(reply).toContainText(/Written .+ · posted .+/);
  await expect(reply.locator(`time[datetime="${writtenAt}"]`)).toHaveCount(1);
  await admin.dispose();
});
