import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { getJson } from '../support/content';
import { expect, test } from '../support/fixtures';
import { main, navigate, signInWithForm } from '../support/journey';
import { ACCOUNTS } from '../support/session';
import { dismissToast } from '../support/toast';
import { goOffline, goOnline } from '../support/offline';

/*
 * Solved and edits in the forums, desktop and phone. Solved: a member signed in through the form asks a
 * question, another member answers (through the API), the asker marks that reply as the answer: it
 * is shown first under the question, marked Solved, the list marks the card Solved, and the
 * "Unanswered" filter leaves it out. Edits: the author fixes their reply offline; back online the
 * edit lands once, marked Edited.
 */

const unique = () => Math.random().toString(36).slice(2, 8);
const PASSWORD = 'solved-pass-1';
const syncStatus = (page: Page) => page.getByRole('group', { name: 'Sync status' });
type Requester = { request: { newContext(o: object): Promise<APIRequestContext> } };

async function apiAs(playwright: Requester, baseURL: string, account: { email: string; password: string }) {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const login = await api.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(login.status(), await login.text()).toBe(200);
  return api;
}

/** A member of this test's own (created by the admin), so no other spec's data is theirs. */
async function newMember(playwright: Requester, baseURL: string, firstName: string) {
  const admin = await apiAs(playwright, baseURL, ACCOUNTS.admin);
  const lastName = `Solver${unique()}`;
  const account = { email: `${firstName.toLowerCase()}-${unique()}${Date.now()}@example.com`, password: PASSWORD, firstName, lastName };
  const res = await admin.post('/api/admin/users', { data: account });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await admin.dispose();
  return { ...account, id, name: `${firstName} ${lastName}` };
}

const cardTitled = (page: Page, title: string) => main(page).getByRole('article').filter({ has: page.getByRole('link', { name: title, exact: true }) });

test('the asker marks a reply as the answer: shown first under the question, Solved in the list, left out of Unanswered', async ({ page, playwright, baseURL }) => {
  const asker = await newMember(playwright, baseURL!, 'Quinta');
  const helper = await newMember(playwright, baseURL!, 'Horatio');
  const [category] = await getJson<Array<{ id: string; name: string }>>(page.request, '/api/forum/categories');
  const title = `Lease or buy the delivery vans? ${Date.now()}`;
  const other = `Still open: accruing the audit fee ${Date.now()}`;

  await page.goto('/');
  await signInWithForm(page, asker);
  await navigate(page, 'Forums');
  await expect(main(page).getByRole('heading', { level: 1, name: 'Community Forums' })).toBeVisible();

  // The question, asked through the form.
  await main(page).getByRole('button', { name: 'New Discussion' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start a New Discussion' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Content').fill('Three vans, five years: which way does IFRS 16 push us?');
  await dialog.getByRole('button', { name: /Category/ }).click();
  await page.getByRole('option', { name: category.name }).click();
  await dialog.getByRole('button', { name: 'Create Discussion' }).click();
  await dismissToast(page, 'Discussion created successfully!');
  // The new discussion opens itself; the list has it too.
  await expect(page).toHaveURL(/\/forums\/[0-9a-f-]+$/);
  await expect(main(page).getByRole('heading', { level: 1, name: title })).toBeVisible();
  await main(page).getByRole('link', { name: 'Back to Forums' }).click();
  await expect(cardTitled(page, title)).toBeVisible();

  // Another member answers; a second question of the asker's stays unanswered.
  const askerApi = await apiAs(playwright, baseURL!, asker);
  const mine = (await getJson<Array<{ id: string; title: string }>>(askerApi, '/api/forum/discussions?limit=50')).find((d) => d.title === title)!;
  expect((await askerApi.post('/api/forum/discussions', { data: { title: other, content: 'Which period?', categoryId: category.id } })).status()).toBe(201);
  const helperApi = await apiAs(playwright, baseURL!, helper);
  const answerWords = `Lease them: the vans are a right-of-use asset either way ${unique()}`;
  const posted = await helperApi.post('/api/forum/replies', { data: { discussionId: mine.id, content: answerWords } });
  expect(posted.status(), await posted.text()).toBe(201);
  const replyId = ((await posted.json()) as { id: string }).id;
  expect((await helperApi.post('/api/forum/replies', { data: { discussionId: mine.id, content: 'Buy, if cash allows.' } })).status()).toBe(201);

  // The discussion was open before its replies came: a reload reads it anew, as a member returning later would.
  await page.reload();
  await main(page).getByRole('link', { name: title, exact: true }).click();
  await expect(page).toHaveURL(`/forums/${mine.id}`);
  await expect(main(page).getByRole('heading', { level: 1, name: title })).toBeVisible();
  const reply = main(page).getByRole('article', { name: `Reply by ${helper.name}` }).filter({ hasText: answerWords });
  await expect(reply).toBeVisible();
  await expect(main(page).getByRole('region', { name: 'Answer' })).toHaveCount(0);

  await reply.getByRole('button', { name: 'Mark as answer' }).click();
  await dismissToast(page, 'Marked as the answer');
  const answer = main(page).getByRole('region', { name: 'Answer' });
  await expect(answer).toContainText('Solved');
  await expect(answer).toContainText(answerWords);
  await expect(answer).toContainText(helper.name);
  await expect(reply.getByRole('button', { name: 'Unmark answer' })).toBeVisible();
  await expect(reply).toContainText('Answer');
  // Under the question, before the reply box and the thread.
  const answerTop = (await answer.boundingBox())!.y;
  expect(answerTop).toBeGreaterThan((await main(page).getByRole('heading', { level: 1, name: title }).boundingBox())!.y);
  expect(answerTop).toBeLessThan((await main(page).getByRole('heading', { name: /^Replies \(/ }).boundingBox())!.y);
  await expect(answer.getByRole('link', { name: 'Go to the answer in the thread' })).toHaveAttribute('href', `#reply-${replyId}`);
  await expectNoSeriousA11yViolations(page);
  // The answer's author was told, and earned the points.
  await expect.poll(async () => (await getJson<Array<{ type: string }>>(helperApi, '/api/notifications')).map((n) => n.type)).toContain('answer_marked');

  // The list marks it Solved; "Unanswered" leaves it out and keeps the open one.
  await main(page).getByRole('link', { name: 'Back to Forums' }).click();
  await expect(page).toHaveURL('/forums');
  const card = cardTitled(page, title);
  await expect(card.getByRole('list', { name: 'Labels' })).toContainText('Solved');
  await expect(cardTitled(page, other).getByRole('list', { name: 'Labels' })).not.toContainText('Solved');
  const filter = main(page).getByRole('button', { name: 'Unanswered' });
  await filter.click();
  await expect(filter).toHaveAttribute('aria-pressed', 'true');
  await expect(cardTitled(page, other)).toBeVisible();
  await expect(card).toHaveCount(0);
  await filter.click();
  await expect(filter).toHaveAttribute('aria-pressed', 'false');
  await expect(card).toBeVisible();

  await askerApi.dispose();
  await helperApi.dispose();
});

test('the author fixes their reply offline: it waits, then lands once marked Edited', async ({ page, context, playwright, baseURL }) => {
  const author = await newMember(playwright, baseURL!, 'Euphemia');
  const [category] = await getJson<Array<{ id: string }>>(page.request, '/api/forum/categories');
  const title = `Depreciation on a mid-year purchase ${Date.now()}`;
  const api = await apiAs(playwright, baseURL!, author);
  const created = await api.post('/api/forum/discussions', { data: { title, content: 'Full year or pro rata?', categoryId: category.id } });
  expect(created.status()).toBe(201);
  const discussionId = ((await created.json()) as { id: string }).id;
  const words = `Pro rata from the month of purchse ${unique()}`;
  const posted = await api.post('/api/forum/replies', { data: { discussionId, content: words } });
  expect(posted.status()).toBe(201);
  const replyId = ((await posted.json()) as { id: string }).id;
  await api.dispose();

  await page.goto('/');
  await signInWithForm(page, author);
  await navigate(page, 'Forums');
  await main(page).getByRole('link', { name: title, exact: true }).click();
  await expect(page).toHaveURL(`/forums/${discussionId}`);
  const mine = main(page).getByRole('article', { name: `Reply by ${author.name}` });
  await expect(mine).toContainText(words);
  await expect(mine).not.toContainText('Edited');

  const fixed = words.replace('purchse', 'purchase');
  await goOffline(context);
  await mine.getByRole('button', { name: 'Edit reply' }).click();
  await mine.getByLabel('Edit your reply').fill(fixed);
  await mine.getByRole('button', { name: 'Save' }).click();
  await expect(mine).toContainText(fixed);
  await expect(mine).toContainText('Pending sync');
  await expect(syncStatus(page).getByRole('status')).toHaveText('1 pending');

  await goOnline(context);
  await expect(syncStatus(page)).toBeHidden();
  await expect(mine).toContainText(/Edited/);
  await expect(mine).not.toContainText('Pending sync');
  await expect(mine).toContainText(fixed);
  const detail = await getJson<{ replies: Array<{ id: string; content: string; editedAt: string | null }> }>(page.request, `/api/forum/discussions/${discussionId}`);
  expect(detail.replies.map((r) => r.content)).toEqual([fixed]);
  expect(detail.replies[0].editedAt).not.toBeNull();
  // Exactly one edit in the history moderators read.
  const moderator = await apiAs(playwright, baseURL!, ACCOUNTS.editor);
  expect(await getJson<Array<{ previousContent: string }>>(moderator, `/api/forum/replies/${replyId}/edits`)).toEqual([expect.objectContaining({ previousContent: words })]);
  await moderator.dispose();
  await page.reload();
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(/Edited/);
});
