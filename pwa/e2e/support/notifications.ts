import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { NotificationSettings } from '../../../contracts/notifications';
import { header } from './journey';
import { ACCOUNTS } from './session';

/*
 * Arranging notifications for the browser specs: a new member of their own per test (so
 * counts are theirs alone), with a discussion and a draft article; the admin (Avery Collins) then
 * replies, mentions, comments and publishes through the API, as another member would from their
 * browser. The member's own screens are then used through the UI.
 */

type Playwright = { request: { newContext(options: object): Promise<APIRequestContext> } };

const unique = () => Math.random().toString(36).slice(2, 8);
const LONG_BODY = Array.from({ length: 40 }, (_, i) => `Paragraph ${i + 1}: how IFRS 16 brings leases onto the balance sheet.`).join('\n\n');

export const ACTOR = ACCOUNTS.admin.name;
/** How a group of replies, comments or mentions names the admin: by first name ("Avery and 2 others"). */
export const ACTOR_FIRST = ACTOR.split(' ')[0];

export interface Recipient {
  id: string;
  email: string;
  password: string;
  name: string;
  /** An editor (to write the article): the sign-in form lands them on the control panel. */
  role: 'editor';
  /** Signed in as the member (another session than the page's): their discussion and article, their count. */
  api: APIRequestContext;
  discussion: { id: string; title: string };
  article: { id: string; title: string };
}

async function signedInApi(playwright: Playwright, baseURL: string, email: string, password: string): Promise<APIRequestContext> {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const login = await api.post('/api/auth/login', { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  return api;
}

async function created<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

/** Signed in as the admin, for arranging what a test does not cover through the UI. */
export function adminApi(playwright: Playwright, baseURL: string): Promise<APIRequestContext> {
  return signedInApi(playwright, baseURL, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
}

/** A new editor (so an article can be theirs) with a discussion and a draft article; nothing notified yet. */
export async function newRecipient(playwright: Playwright, baseURL: string, firstName: string): Promise<Recipient> {
  const admin = await adminApi(playwright, baseURL);
  const account = { email: `${firstName.toLowerCase()}-${unique()}@example.com`, password: 'bell-password-1', firstName, lastName: 'Bellamy', role: 'editor' };
  const user = await created<{ id: string }>(await admin.post('/api/admin/users', { data: account }));
  const [category] = (await (await admin.get('/api/forum/categories')).json()) as Array<{ id: string }>;
  const [newsCategory] = (await (await admin.get('/api/news-categories?activeOnly=true')).json()) as Array<{ id: string }>;
  await admin.dispose();

  const api = await signedInApi(playwright, baseURL, account.email, account.password);
  const discussionTitle = `Closing the books ${unique()}`;
  const discussion = await created<{ id: string }>(
    await api.post('/api/forum/discussions', { data: { title: discussionTitle, content: 'How do you close the month?', categoryId: category.id } }),
  );
  const articleTitle = `Lease accounting ${unique()}`;
  const article = await created<{ id: string }>(
    // Long, so its comments start below the first screen (opening one must scroll to it).
    await api.post('/api/news', { data: { title: articleTitle, content: LONG_BODY, categoryIds: [newsCategory.id], status: 'draft' } }),
  );
  return {
    id: user.id,
    email: account.email,
    password: account.password,
    name: `${firstName} Bellamy`,
    role: 'editor',
    api,
    discussion: { id: discussion.id, title: discussionTitle },
    article: { id: article.id, title: articleTitle },
  };
}

export type Event = 'reply' | 'mention' | 'comment' | 'publish';

/**
 * The admin acts on the member's discussion and article, one notification each, in this order
 * (a comment notifies only once the article is published): returns the id of each reply or comment
 * made (for the `#reply-`/`#comment-` fragments).
 */
export async function notify(playwright: Playwright, baseURL: string, to: Recipient, events: readonly Event[]): Promise<Record<string, string>> {
  const admin = await adminApi(playwright, baseURL);
  const ids: Record<string, string> = {};
  try {
    for (const event of events) {
      if (event === 'reply') ids.reply = (await created<{ id: string }>(await admin.post('/api/forum/replies', { data: { discussionId: to.discussion.id, content: 'Reconcile the bank first.' } }))).id;
      if (event === 'mention')
        ids.mention = (
          await created<{ id: string }>(
            await admin.post('/api/forum/replies', { data: { discussionId: to.discussion.id, content: `@[${to.name}](${to.id}) what do you think?` } }),
          )
        ).id;
      if (event === 'comment') ids.comment = (await created<{ id: string }>(await admin.post(`/api/news/${to.article.id}/comments`, { data: { content: 'Clear and useful.' } }))).id;
      if (event === 'publish') await created(await admin.patch(`/api/news/${to.article.id}/status`, { data: { status: 'published' } }));
    }
  } finally {
    await admin.dispose();
  }
  return ids;
}

/** What the server says the member has unread. */
export async function unreadOnServer(to: Recipient): Promise<number> {
  return ((await (await to.api.get('/api/notifications/unread-count')).json()) as { count: number }).count;
}

export async function settingsOnServer(to: Recipient): Promise<NotificationSettings> {
  return (await (await to.api.get('/api/notifications/settings')).json()) as NotificationSettings;
}

/** The header's bell: a button (desktop popover) or a link (phones), named with the unread count. */
export const bell = (page: Page) => header(page).getByRole((page.viewportSize()?.width ?? 1280) < 640 ? 'link' : 'button', { name: /^Notifications/ });

export const bellName = (unread: number) => (unread ? `Notifications, ${unread} unread` : 'Notifications');
