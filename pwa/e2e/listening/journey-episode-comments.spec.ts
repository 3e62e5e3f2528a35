import type { APIRequestContext } from '@playwright/test';
import { getJson, type ListedShow } from '../support/content';
import { expect, test } from '../support/fixtures';
import { main, navigate, signInWithForm } from '../support/journey';
import { ACCOUNTS } from '../support/session';
import { goOffline, goOnline } from '../support/offline';

/*
 * Journey: a member signed in through the form opens an episode from the podcast hub, loses the
 * connection, comments (the comment waits in the outbox, shown 'Pending sync'), and once back online
 * it is posted exactly once; a typo fixed offline lands once too, marked edited. Episodes use the
 * article's comment component and offline queue.
 */

const unique = () => Math.random().toString(36).slice(2, 8);
const syncStatus = (page: import('@playwright/test').Page) => page.getByRole('group', { name: 'Sync status' });

async function editorApi(playwright: { request: { newContext(o: object): Promise<APIRequestContext> } }, baseURL: string) {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  expect((await api.post('/api/auth/login', { data: { email: ACCOUNTS.editor.email, password: ACCOUNTS.editor.password } })).status()).toBe(200);
  return api;
}

test("a member's episode comment written offline is queued, posted once when back online, and fixed offline the same way", async ({ page, context, playwright, baseURL }) => {
  const editor = await editorApi(playwright, baseURL!);
  const [category] = await getJson<Array<{ id: string }>>(editor, '/api/news-categories?activeOnly=true');
  const [show] = await getJson<ListedShow[]>(editor, '/api/podcast-shows');
  const title = `Heard on the train ${unique()}`;
  const created = await editor.post('/api/podcasts', {
    data: { title, categoryIds: [category.id], showId: show.id, episodeNumber: show.nextEpisodeNumber, description: 'Accruals, **explained**.' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const episodeId = ((await created.json()) as { id: string }).id;
  await editor.dispose();
  const words = `Comment from the tunnel ${unique()}`;

  await page.goto('/');
  await signInWithForm(page, ACCOUNTS.member);
  await navigate(page, 'Podcasts');
  await main(page).getByRole('link', { name: title, exact: true }).first().click();
  await expect(page).toHaveURL(`/podcasts/${episodeId}`);
  await expect(main(page).getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(main(page).getByRole('heading', { name: 'Comments (0)' })).toBeVisible();

  await goOffline(context);
  await main(page).getByLabel('Add a comment').fill(words);
  await main(page).getByRole('button', { name: 'Post Comment' }).click();
  const mine = main(page).getByRole('article', { name: `Comment by ${ACCOUNTS.member.name}` }).filter({ hasText: words });
  await expect(mine).toContainText('Pending sync');
  // Counted while it waits, as an article's waiting comment is.
  await expect(main(page).getByRole('heading', { name: 'Comments (1)' })).toBeVisible();
  await expect(syncStatus(page).getByRole('status')).toHaveText('1 pending');

  await goOnline(context);
  await expect(syncStatus(page)).toBeHidden();
  await expect(mine).toBeVisible();
  await expect(mine).not.toContainText('Pending sync');
  const posted = (await getJson<Array<{ content: string; podcastId: string }>>(page.request, `/api/podcasts/${episodeId}/comments`)).filter((c) => c.content === words);
  expect(posted).toHaveLength(1);
  expect(posted[0].podcastId).toBe(episodeId);
  expect((await getJson<{ commentCount: number }>(page.request, `/api/podcasts/${episodeId}`)).commentCount).toBe(1);

  // A reload (online) shows it once, from the server.
  await page.reload();
  await expect(mine).toHaveCount(1);
  await expect(main(page).getByRole('heading', { name: 'Comments (1)' })).toBeVisible();
  await page.screenshot({ path: `/work/shots-episode/journey-${test.info().project.name}.png`, fullPage: true });

  // A typo fixed in the tunnel: the new words show at once, waiting; back online they land once, marked edited.
  const fixed = `${words}, fixed`;
  await goOffline(context);
  await mine.getByRole('button', { name: 'Edit comment' }).click();
  await mine.getByLabel('Edit your comment').fill(fixed);
  await mine.getByRole('button', { name: 'Save' }).click();
  const edited = main(page).getByRole('article', { name: `Comment by ${ACCOUNTS.member.name}` }).filter({ hasText: fixed });
  await expect(edited).toContainText('Pending sync');
  await expect(syncStatus(page).getByRole('status')).toHaveText('1 pending');
  await goOnline(context);
  await expect(syncStatus(page)).toBeHidden();
  await expect(edited).toContainText(/Edited/);
  await expect(edited).not.toContainText('Pending sync');
  const after = await getJson<Array<{ id: string; content: string; editedAt: string | null }>>(page.request, `/api/podcasts/${episodeId}/comments`);
  expect(after.map((c) => c.content)).toEqual([fixed]);
  expect(after[0].editedAt).not.toBeNull();
  // One edit in the history moderators read, with the words it replaced.
  const moderator = await editorApi(playwright, baseURL!);
  expect(await getJson<Array<{ previousContent: string }>>(moderator, `/api/podcasts/comments/${after[0].id}/edits`)).toEqual([expect.objectContaining({ previousContent: words })]);
  await moderator.dispose();
  await page.reload();
  await expect(edited).toHaveCount(1);
  await expect(edited).toContainText(/Edited/);
});
