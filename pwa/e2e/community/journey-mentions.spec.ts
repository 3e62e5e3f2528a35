import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Notification } from '../../../contracts/notifications';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { getJson } from '../support/content';
import { expect, test } from '../support/fixtures';
import { main, signInWithForm } from '../support/journey';
import { ACCOUNTS } from '../support/session';
import { goOffline } from '../support/offline';

/*
 * Mentions: a member types `@` and the start of a name in an article's comment box and in
 * a forum reply box, picks the member from the suggestions (the keyboard on a desktop, a tap on a
 * phone) and posts; the text shows the name as a link to the member's page, and the member has a
 * `mention` notification. A name typed by hand and not picked stays plain text. Desktop and phone.
 */

/** Letters only: a name part no sample member has, so the suggestions are this test's members. */
const letters = () => Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const PASSWORD = 'mention-pass-1';

interface Member {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  name: string;
}

async function apiAs(playwright: { request: { newContext(o: object): Promise<APIRequestContext> } }, baseURL: string, account: { email: string; password: string }) {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const login = await api.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(login.status(), await login.text()).toBe(200);
  return api;
}

async function newMember(admin: APIRequestContext, firstName: string, lastName: string): Promise<Member> {
  const account = { email: `${firstName.toLowerCase()}-${letters()}@example.com`, password: PASSWORD, firstName, lastName };
  const res = await admin.post('/api/admin/users', { data: account });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  return { ...account, id, name: `${firstName} ${lastName}` };
}

const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Members to mention' });

/**
 * Types `@` and the member's last name (a first or last name's start is what the server matches), and picks them from the suggestions: on a phone
 * with a tap, on a desktop with the keyboard (`key`: the first suggestion is highlighted as you type).
 */
async function mention(page: Page, box: Locator, member: Pick<Member, 'lastName' | 'name'>, key: 'Enter' | 'Tab', isMobile: boolean, checkA11y = false) {
  await box.pressSequentially(`@${member.lastName}`);
  const option = suggestions(page).getByRole('option', { name: member.name });
  await expect(option).toBeVisible();
  await expect(suggestions(page).getByRole('option')).toHaveCount(1);
  if (checkA11y) await expectNoSeriousA11yViolations(page);
  if (isMobile) {
    await option.tap();
  } else {
    await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
    await box.press(key);
  }
  await expect(suggestions(page)).toHaveCount(0);
  await expect(box).toBeFocused();
}

/** The mentioned member's notifications, read through the API signed in as them. */
async function mentionsOf(api: APIRequestContext): Promise<Notification[]> {
  return (await getJson<Notification[]>(api, '/api/notifications?limit=50')).filter((n) => n.type === 'mention');
}

test('a member mentions another in a comment and in a forum reply; links open the member, who is notified', async ({
  page,
  playwright,
  baseURL,
  isMobile,
}) => {
  const admin = await apiAs(playwright, baseURL!, ACCOUNTS.admin);
  const suffix = letters();
  const mentioned = await newMember(admin, 'Perpetua', `Mentionwood${suffix}`);
  const author = await newMember(admin, 'Ottoline', `Quillby${suffix}`);
  // Shares the start of the author's last name: the author is not offered to themself, she is.
  const namesake = await newMember(admin, 'Ramona', `${author.lastName}son`);
  // What a member can open (asked before signing in: the admin's lists start with drafts).
  const article = (await getJson<Array<{ id: string; title: string }>>(page.request, '/api/news?limit=1'))[0]!;
  const discussion = (await getJson<Array<{ id: string; title: string; isLocked: boolean }>>(page.request, '/api/forum/discussions?limit=20')).find((d) => !d.isLocked)!;

  await page.goto('/');
  await signInWithForm(page, author);

  // An article's comment box: pick the member, then type their name by hand after it.
  await page.goto(`/news/${article.id}`);
  await expect(main(page).getByRole('heading', { level: 1, name: article.title })).toBeVisible();
  const box = page.getByRole('textbox', { name: 'Add a comment' });
  await box.click();
  await box.pressSequentially('Thanks ');
  await mention(page, box, mentioned, 'Enter', isMobile, true);
  await expect(box).toHaveValue(`Thanks @${mentioned.name} `);
  if (!isMobile) {
    // Escape closes the suggestions; the name typed on stays text.
    await box.pressSequentially(`and @${mentioned.firstName}`);
    await expect(suggestions(page).getByRole('option', { name: mentioned.name })).toBeVisible();
    await box.press('Escape');
    await expect(suggestions(page)).toHaveCount(0);
    await box.pressSequentially(` ${mentioned.lastName} by hand`);
  } else {
    // Typing on past the name closes them: nothing fits "@Perpetua Mentionwood… by" any more.
    await box.pressSequentially(`and @${mentioned.name} by hand`);
  }
  await expect(suggestions(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect(box).toHaveValue('');

  const comment = page.getByRole('list', { name: 'Comments' }).getByRole('article').filter({ hasText: 'by hand' });
  await expect(comment).toHaveText(new RegExp(`Thanks @${mentioned.name} and @${mentioned.name} by hand`));
  const link = comment.getByRole('link', { name: `@${mentioned.name}` });
  await expect(link).toHaveCount(1);
  await expect(link).toHaveAttribute('href', `/members/${mentioned.id}`);
  await expect(comment).not.toContainText('](');

  // Stored with the markup for the picked name only, and drawn as a link in the server's HTML too.
  const stored = await getJson<Array<{ id: string; content: string }>>(page.request, `/api/news/${article.id}/comments`);
  const saved = stored.find((c) => c.content.includes('by hand'))!;
  expect(saved.content).toBe(`Thanks @[${mentioned.name}](${mentioned.id}) and @${mentioned.name} by hand`);
  // As a visitor's page (a member's server page has the comments' skeleton: features/content/Comments.tsx).
  const visitor = await playwright.request.newContext({ baseURL });
  const page_ = await (await visitor.get(`/news/${article.id}`)).text();
  await visitor.dispose();
  // The markup as drawn (the query cache that follows it holds the stored text, as the API does).
  const html = page_.slice(0, page_.indexOf('id="ssr-state"'));
  expect(html.includes(`<a class="mention" href="/members/${mentioned.id}">@<!-- -->${mentioned.name}</a>`), 'the mention is a link').toBe(true);
  expect(html.includes(`@[${mentioned.name}]`), 'no markup is shown').toBe(false);

  // The mentioned member has been told.
  const theirs = await apiAs(playwright, baseURL!, mentioned);
  expect((await mentionsOf(theirs)).map((n) => (n.target.available ? n.target.path : null))).toEqual([`/news/${article.id}#comment-${saved.id}`]);

  // The link opens the member's page.
  await link.click();
  await expect(page).toHaveURL(`/members/${mentioned.id}`);
  await expect(main(page).getByRole('heading', { level: 1, name: mentioned.name })).toBeVisible();

  // A forum reply: the same, picked with Tab on a desktop.
  await page.goto(`/forums/${discussion.id}`);
  await expect(main(page).getByRole('heading', { level: 1, name: discussion.title })).toBeVisible();
  const replyBox = page.getByRole('textbox', { name: 'Your reply' });
  await replyBox.click();
  await replyBox.pressSequentially(`@${author.lastName}`);
  await expect(suggestions(page).getByRole('option', { name: namesake.name })).toBeVisible();
  await expect(suggestions(page).getByRole('option')).toHaveCount(1);
  await replyBox.fill('');
  await expect(suggestions(page)).toHaveCount(0);
  await mention(page, replyBox, mentioned, 'Tab', isMobile);
  await replyBox.pressSequentially('what do you think?');
  await page.getByRole('button', { name: 'Post Reply' }).click();
  await expect(replyBox).toHaveValue('');
  const reply = page.getByRole('article', { name: `Reply by ${author.name}` }).filter({ hasText: 'what do you think?' });
  await expect(reply).toContainText(`@${mentioned.name} what do you think?`);
  await expect(reply.getByRole('link', { name: `@${mentioned.name}` })).toHaveAttribute('href', `/members/${mentioned.id}`);
  await expect.poll(async () => (await mentionsOf(theirs)).map((n) => n.target.kind)).toEqual(['discussion', 'article']);

  await admin.dispose();
  await theirs.dispose();
});

test('offline, the comment box offers no suggestions, and the queued comment draws its mention as a link', async ({ page, context }) => {
  const article = (await getJson<Array<{ id: string; title: string }>>(page.request, '/api/news?limit=1'))[0]!;
  await page.goto('/');
  await signInWithForm(page, ACCOUNTS.member);
  await page.goto(`/news/${article.id}`);
  const box = page.getByRole('textbox', { name: 'Add a comment' });
  await box.click();
  await mention(page, box, { lastName: 'Marsh', name: ACCOUNTS.editor.name }, 'Enter', false);

  let asked = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/members/mentions?q=mat')) asked += 1;
  });
  await goOffline(context);
  await box.pressSequentially('and @Mat later');
  await expect(box).toHaveValue(`@${ACCOUNTS.editor.name} and @Mat later`);
  // The query for "Mat" was tried (and failed) while the words after it were typed; nothing opened.
  await expect.poll(() => asked).toBeGreaterThan(0);
  await expect(suggestions(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Post Comment' }).click();
  const queued = page.getByRole('article', { name: `Comment by ${ACCOUNTS.member.name}` }).filter({ hasText: '@Mat later' });
  await expect(queued).toContainText('Pending sync');
  await expect(queued.getByRole('link', { name: `@${ACCOUNTS.editor.name}` })).toHaveAttribute('href', /^\/members\/[0-9a-f-]{36}$/);
  await expect(queued).not.toContainText('](');
});
