import type { APIRequestContext, Page } from '@playwright/test';
import type { Discussion, DiscussionDetail, ForumCategory } from '../../../contracts/forums';
import type { Comment } from '../../../contracts/comments';
import { getJson } from '../support/content';
import { expect, test } from '../support/fixtures';
import { main, SCREENS, signInWithForm } from '../support/journey';
import { storedPaths, waitForServiceWorker, goOffline, goOnline } from '../support/offline';
import { ACCOUNTS } from '../support/session';

// Works offline, or with what the service worker caches (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/*
 * Journey (b): a member signed in through the form writes a comment, a reply and a new
 * discussion offline, reloads (still offline), comes back online, and each lands exactly once. On a
 * phone, a small phone and a desktop.
 */

const unique = () => Math.random().toString(36).slice(2, 8);
const syncStatus = (page: Page) => page.getByRole('group', { name: 'Sync status' });

async function adminApi(playwright: { request: { newContext(o: object): Promise<APIRequestContext> } }, baseURL: string) {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  expect((await api.post('/api/auth/login', { data: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password } })).status()).toBe(200);
  return api;
}

for (const screen of SCREENS) {
  test.describe(screen.name, () => {
    test.use(screen.use);

    test(`a member's comment, reply and discussion written offline each land exactly once (${screen.name})`, async ({ page, context, playwright, baseURL }) => {
      test.slow(); // three screens, a reload and checks by API
      const admin = await adminApi(playwright, baseURL!);
      const [category] = await getJson<ForumCategory[]>(admin, '/api/forum/categories');
      const [newsCategory] = await getJson<Array<{ id: string }>>(admin, '/api/news-categories?activeOnly=true');
      const articleTitle = `Read on the train ${unique()}`;
      const created = await admin.post('/api/news', { data: { title: articleTitle, content: 'Body', categoryIds: [newsCategory.id] } });
      const articleId = ((await created.json()) as { id: string }).id;
      const discussion = (await (await admin.post('/api/forum/discussions', { data: { title: `Thread for the tunnel ${unique()}`, content: 'Reply here', categoryId: category.id } })).json()) as Discussion;
      const comment = `Comment from the train ${unique()}`;
      const reply = `Reply from the tunnel ${unique()}`;
      const newTitle = `Asked offline ${unique()}`;

      await page.goto('/');
      await waitForServiceWorker(page);
      await signInWithForm(page, ACCOUNTS.member);
      // Seen online first, so each page opens offline from the device.
      await page.goto('/forums');
      await expect(main(page).getByRole('link', { name: discussion.title })).toBeVisible();
      await main(page).getByRole('link', { name: discussion.title }).click();
      await expect(main(page).getByRole('heading', { level: 1, name: discussion.title })).toBeVisible();
      // page.goto unloads the page at once: wait until the discussion is on the device, as it will be opened offline.
      await expect.poll(() => storedPaths(page)).toContain(`/api/forum/discussions/${discussion.id}`);
      await page.goto(`/news/${articleId}`);
      await expect(main(page).getByRole('heading', { level: 1, name: articleTitle })).toBeVisible();

      await goOffline(context);
      await main(page).getByLabel('Add a comment').fill(comment);
      await main(page).getByRole('button', { name: 'Post Comment' }).click();
      await expect(main(page).getByRole('article', { name: `Comment by ${ACCOUNTS.member.name}` }).filter({ hasText: comment })).toContainText('Pending sync');

      await page.goto(`/forums/${discussion.id}`);
      await main(page).getByLabel('Your reply').fill(reply);
      await main(page).getByRole('button', { name: 'Post Reply' }).click();
      await expect(main(page).getByRole('article', { name: `Reply by ${ACCOUNTS.member.name}` }).filter({ hasText: reply })).toContainText('Pending sync');

      await main(page).getByRole('link', { name: 'Back to Forums' }).click();
      await main(page).getByRole('button', { name: 'New Discussion' }).click();
      const dialog = page.getByRole('dialog', { name: 'Start a New Discussion' });
      await dialog.getByLabel('Title').fill(newTitle);
      await dialog.getByRole('button', { name: /Category/ }).click();
      await page.getByRole('option', { name: category.name }).click();
      await dialog.getByLabel('Content').fill('Does anyone reconcile offline?');
      await dialog.getByRole('button', { name: 'Create Discussion' }).click();
      const waiting = main(page).getByRole('list', { name: 'Discussions waiting to sync' });
      await expect(waiting).toContainText(newTitle);

      // A reload while still offline: the member is still signed in and the three still wait.
      await page.reload();
      await expect(waiting).toContainText(newTitle);
      await expect(waiting).toContainText('Pending sync');
      await expect(syncStatus(page).getByRole('status')).toHaveText('3 pending');

      await goOnline(context);
      await expect(syncStatus(page)).toBeHidden();

      const member = page.request;
      const comments = (await getJson<Comment[]>(member, `/api/news/${articleId}/comments`)).filter((c) => c.content === comment);
      expect(comments).toHaveLength(1);
      const detail = await getJson<DiscussionDetail>(member, `/api/forum/discussions/${discussion.id}`);
      expect(detail.replies.filter((r) => r.content === reply)).toHaveLength(1);
      expect((await getJson<Discussion[]>(member, '/api/forum/discussions?limit=100')).filter((d) => d.title === newTitle)).toHaveLength(1);
      await admin.dispose();
    });
  });
}
