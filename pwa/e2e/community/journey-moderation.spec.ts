import type { APIRequestContext, Page } from '@playwright/test';
import { getJson } from '../support/content';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { main, navigate, openArticleFromList, signInWithForm } from '../support/journey';
import { ACCOUNTS } from '../support/session';
import { toast } from '../support/toast';

/*
 * Journey: three members report a comment — two through the API, the third through the Report
 * dialog, signed in with the form. Their accounts are all from today and from one address, so
 * their reports reach the queue but hide nothing (docs/moderation.md): a visitor still reads it. An
 * editor signed in with the form opens the moderation queue by links (Main Page → Back to Admin →
 * Moderation), finds it with its three reports, and hides it; the visitor sees its place say so.
 * Axe checks the dialog and the queue.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PASSWORD = 'Member-heather-dock-123';

async function apiAs(playwright: { request: { newContext(o: object): Promise<APIRequestContext> } }, baseURL: string, email: string, password: string) {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const res = await api.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return api;
}

const commentByText = (page: Page, text: string) => main(page).getByRole('article').filter({ hasText: text });

test('three new members report a comment, it stays until an editor hides it from the queue', async ({ page, browser, playwright, baseURL }) => {
  test.slow(); // three accounts, two sign-ins through the form and a visitor's context on a busy machine
  const tag = unique();
  // The people: an author and two reporters made by the admin (the journey is the third reporter's and the editor's).
  const admin = await apiAs(playwright, baseURL!, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
  const people = ['Author', 'ReporterOne', 'ReporterTwo'].map((first) => ({ firstName: first, lastName: `M${tag}`, email: `${first.toLowerCase()}.${tag}@example.test` }));
  for (const person of people) {
    const created = await admin.post('/api/admin/users', { data: { ...person, password: PASSWORD, role: 'subscriber' } });
    expect(created.status(), await created.text()).toBe(201);
  }
  // An article of its own, published now (the newest on /news).
  const [category] = await getJson<Array<{ id: string }>>(admin, '/api/news-categories?activeOnly=true');
  const title = `Reporting season ${tag}`;
  const article = await admin.post('/api/news', { data: { title, content: 'Quarter-end, **again**.', categoryIds: [category.id], status: 'published' } });
  expect(article.status(), await article.text()).toBe(201);
  const articleId = ((await article.json()) as { id: string }).id;
  await admin.dispose();

  const words = `Cheap audit certificates at spam-${tag}.example`;
  const author = await apiAs(playwright, baseURL!, people[0].email, PASSWORD);
  const posted = await author.post(`/api/news/${articleId}/comments`, { data: { content: words } });
  expect(posted.status(), await posted.text()).toBe(201);
  const commentId = ((await posted.json()) as { id: string }).id;
  await author.dispose();
  for (const reporter of people.slice(1)) {
    const api = await apiAs(playwright, baseURL!, reporter.email, PASSWORD);
    const res = await api.post('/api/reports', { data: { target: { type: 'article_comment', id: commentId }, reason: 'spam' } });
    expect(res.status(), await res.text()).toBe(201);
    await api.dispose();
  }

  // The third reporter: signed in with the form, to the article by links, Report on the comment.
  await page.goto('/');
  await signInWithForm(page, ACCOUNTS.member);
  await navigate(page, 'News');
  await openArticleFromList(page, title);
  const comment = commentByText(page, words);
  await expect(comment).toBeVisible();
  await comment.getByRole('button', { name: 'Report comment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this comment' });
  await expect(dialog).toBeVisible();
  // React Aria's radio input is visually hidden: a person taps its label.
  await dialog.getByText('Something else', { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: 'Something else' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  // "Something else" needs a note.
  await expect(dialog.getByText('Tell the moderators what is wrong')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel('Note for the moderators').fill('Selling fake certificates');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Thanks — a moderator will review this.')).toBeVisible();

  // A visitor: three reports from accounts made today hide nothing; the words are still there.
  const visitor = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/news/${articleId}`);
  await expect(main(visitorPage).getByText(words)).toBeVisible();
  await expect(main(visitorPage).getByText('This comment was hidden by a moderator.')).toHaveCount(0);

  // The editor: signed in with the form, to the queue by links.
  const phone = test.info().project.name === 'phone';
  const editorContext = await browser.newContext({ baseURL, serviceWorkers: 'block', viewport: page.viewportSize() ?? undefined, isMobile: phone, hasTouch: phone });
  const editor = await editorContext.newPage();
  await editor.goto('/');
  await signInWithForm(editor, ACCOUNTS.editor);
  await navigate(editor, 'Main Page');
  await editor.getByRole('link', { name: 'Back to Admin' }).click();
  await expect(editor).toHaveURL('/admin');
  await main(editor).getByRole('link', { name: /^Moderation/ }).click();
  await expect(editor).toHaveURL('/admin/moderation');
  const item = main(editor).getByRole('article').filter({ hasText: words });
  await expect(item).toBeVisible();
  await expect(item).toContainText('3 reports · Visible');
  await expect(item).toContainText('Selling fake certificates');
  await expect(item).toContainText(ACCOUNTS.member.name);
  await expectNoSeriousA11yViolations(editor);
  await item.getByLabel(/^Note/).fill('Fake certificates');
  await item.getByRole('button', { name: 'Hide' }).click();
  await expect(toast(editor)).toContainText('Hidden');
  await expect(item).toHaveCount(0);

  // The visitor: the comment's place says it was hidden; its words are nowhere.
  await visitorPage.reload();
  await expect(main(visitorPage).getByText('This comment was hidden by a moderator.')).toBeVisible();
  await expect(main(visitorPage).getByText(words)).toHaveCount(0);
  await visitor.close();
  await editorContext.close();
});

test('a member who reported a comment is not offered a second report, on this visit or the next', async ({ page, browser, playwright, baseURL }) => {
  test.slow(); // two sign-ins through the form, on two devices
  const tag = unique();
  const admin = await apiAs(playwright, baseURL!, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
  const [category] = await getJson<Array<{ id: string }>>(admin, '/api/news-categories?activeOnly=true');
  const title = `Second thoughts ${tag}`;
  const article = await admin.post('/api/news', { data: { title, content: 'One report is enough.', categoryIds: [category.id], status: 'published' } });
  expect(article.status(), await article.text()).toBe(201);
  const articleId = ((await article.json()) as { id: string }).id;
  const words = `Visit spam-${tag}.example for answers`;
  expect((await admin.post(`/api/news/${articleId}/comments`, { data: { content: words } })).status()).toBe(201);
  await admin.dispose();

  await page.goto('/');
  await signInWithForm(page, ACCOUNTS.member);
  await navigate(page, 'News');
  await openArticleFromList(page, title);
  const comment = commentByText(page, words);
  await comment.getByRole('button', { name: 'Report comment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this comment' });
  await dialog.getByText('Spam', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thanks — a moderator will review this.')).toBeVisible();
  // One report of three: the comment stays, and says it was reported instead of offering another.
  await expect(comment.getByText('Reported', { exact: true })).toBeVisible();
  await expect(comment.getByRole('button', { name: 'Report comment' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await comment.screenshot({ path: `/tmp/shots-moderation/reported-${test.info().project.name}.png` });

  // Another device of the same member: the server's list says so too.
  const phone = test.info().project.name === 'phone';
  const other = await browser.newContext({ baseURL, serviceWorkers: 'block', viewport: page.viewportSize() ?? undefined, isMobile: phone, hasTouch: phone });
  const second = await other.newPage();
  await second.goto('/');
  await signInWithForm(second, ACCOUNTS.member);
  await second.goto(`/news/${articleId}`);
  const there = commentByText(second, words);
  await expect(there.getByText('Reported', { exact: true })).toBeVisible();
  await expect(there.getByRole('button', { name: 'Report comment' })).toHaveCount(0);
  await other.close();
});
