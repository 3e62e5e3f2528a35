import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { getJson } from '../support/content';
import { expect, test } from '../support/fixtures';
import { ACCOUNTS, signIn } from '../support/session';

/*
 * Moderators read what a member's edit replaced. The sample member writes a reply and a
 * comment and changes both (through the API); an editor opens each page and reads the earlier words
 * under History. The author sees the Edited mark but no History (the server refuses it to them too).
 */

type Requester = { request: { newContext(o: object): Promise<APIRequestContext> } };

async function memberApi(playwright: Requester, baseURL: string): Promise<APIRequestContext> {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const login = await api.post('/api/auth/login', { data: { email: ACCOUNTS.member.email, password: ACCOUNTS.member.password } });
  expect(login.status(), await login.text()).toBe(200);
  return api;
}

async function created(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<string> {
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test('an editor reads the words an edited reply and comment replaced; the author sees only the mark', async ({ page, browser, playwright, baseURL }) => {
  const stamp = Date.now();
  const api = await memberApi(playwright, baseURL!);
  const [category] = await getJson<Array<{ id: string }>>(api, '/api/forum/categories');
  const discussionId = await created(await api.post('/api/forum/discussions', { data: { title: `Deferred tax on leases ${stamp}`, content: 'How do you treat it?', categoryId: category.id } }));
  const replyId = await created(await api.post('/api/forum/replies', { data: { discussionId, content: `First words ${stamp}` } }));
  expect((await api.patch(`/api/forum/replies/${replyId}`, { data: { content: `Second words ${stamp}` } })).status()).toBe(200);
  const [article] = await getJson<Array<{ id: string }>>(api, '/api/news?limit=1');
  const commentId = await created(await api.post(`/api/news/${article.id}/comments`, { data: { content: `A comment first ${stamp}` } }));
  expect((await api.patch(`/api/news/comments/${commentId}`, { data: { content: `A comment fixed ${stamp}` } })).status()).toBe(200);

  // The editor: History on the reply lists what it said before.
  await signIn(page, ACCOUNTS.editor);
  await page.goto(`/forums/${discussionId}`);
  const reply = page.locator(`#reply-${replyId}`);
  await expect(reply).toContainText(`Second words ${stamp}`);
  await expect(reply.getByText('Edited')).toBeVisible();
  await reply.getByRole('button', { name: 'Edit history of this reply' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit history' });
  const versions = dialog.getByRole('list', { name: 'Earlier versions' }).getByRole('listitem');
  await expect(versions).toHaveCount(1);
  await expect(versions.first()).toContainText(`First words ${stamp}`);
  await expect(versions.first()).toContainText(`by ${ACCOUNTS.member.name}`);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);

  // And on the article's comment.
  await page.goto(`/news/${article.id}#comment-${commentId}`);
  const comment = page.locator(`#comment-${commentId}`);
  await expect(comment).toContainText(`A comment fixed ${stamp}`);
  await comment.getByRole('button', { name: 'Edit history of this comment' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit history' }).getByRole('listitem')).toHaveText([new RegExp(`A comment first ${stamp}`)]);

  // The author: the mark, no History.
  const authorContext = await browser.newContext({ baseURL });
  try {
    const authorPage = await authorContext.newPage();
    await signIn(authorPage, ACCOUNTS.member);
    await authorPage.goto(`/forums/${discussionId}`);
    const own = authorPage.locator(`#reply-${replyId}`);
    await expect(own.getByText('Edited')).toBeVisible();
    await expect(own.getByRole('button', { name: /Edit history/ })).toHaveCount(0);
  } finally {
    await authorContext.close();
  }
  await api.dispose();
});
