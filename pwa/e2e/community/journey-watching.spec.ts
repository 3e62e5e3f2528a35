import type { APIRequestContext } from '@playwright/test';
import { header, main, navigate, signInWithForm } from '../support/journey';
import { confirmLinkIn, expect, newMember, test as mailTest } from '../support/mail';
import { ACTOR, ACTOR_FIRST, adminApi, bell } from '../support/notifications';
import { choose } from '../support/select';
import { toast } from '../support/toast';
import { goOffline, goOnline } from '../support/offline';

/*
 * Following a discussion one did not start, the member's way: signed in through the form,
 * to the forums by the menu, the discussion by its link, "Follow this discussion" set to Watching.
 * Another member (the admin, through the API) replies twice in a burst: the member's notifications
 * show both replies, and the mail capture holds ONE mail listing both — the burst batched once
 * WATCH_MAIL_INTERVAL_MS (4 s here, 10 minutes by default) passed since the first. Desktop and phone.
 */

const INTERVAL_MS = 4_000;

const test = mailTest.extend<object, object>({
  serverEnv: [
    async ({ smtp }, use) => use({ SMTP_URL: smtp.url, PASSWORD_RESET_RATE_PER_IP: '1000', WATCH_MAIL_INTERVAL_MS: String(INTERVAL_MS) }),
    { scope: 'worker' },
  ],
});

test.slow(); // sign-in through the form, three screens and a mail on a busy machine

const unique = () => Math.random().toString(36).slice(2, 8);

async function created<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

test('a member watches a discussion they did not start: one notice for the replies, one mail for the burst', async ({ page, playwright, baseURL, smtp }) => {
  const member = await newMember(playwright, baseURL!, 'Wren');
  // Arranged through the API (not what this journey is about): a confirmed address, replies in watched discussions by email.
  const own = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  expect((await own.post('/api/auth/login', { data: { email: member.email, password: member.password } })).status()).toBe(200);
  expect((await own.post('/api/email-confirmations')).status()).toBe(202);
  await expect.poll(() => smtp.to(member.email).length).toBeGreaterThanOrEqual(1);
  const token = confirmLinkIn(smtp.to(member.email)[0]).split('/').pop()!;
  expect((await own.post(`/api/email-confirmations/${token}`)).status()).toBeLessThan(300);
  expect((await own.put('/api/notifications/settings', { data: { watched_reply: 'email' } })).status()).toBe(200);

  const admin = await adminApi(playwright, baseURL!);
  const [category] = (await (await admin.get('/api/forum/categories')).json()) as Array<{ id: string }>;
  const title = `Year-end accruals ${unique()}`;
  const discussion = await created<{ id: string }>(await admin.post('/api/forum/discussions', { data: { title, content: 'What do you accrue at year end?', categoryId: category.id } }));

  await page.goto('/');
  await signInWithForm(page, member);
  await navigate(page, 'Forums');
  await expect(page).toHaveURL(/\/forums$/);
  await main(page).getByRole('searchbox', { name: 'Search discussions' }).fill(title);
  await main(page).getByRole('link', { name: title }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: title })).toBeVisible();

  // Not their discussion: Normal until they choose.
  await expect(main(page).getByText('You will be notified when someone mentions you, or replies to your own discussion.')).toBeVisible();
  await choose(main(page), 'Follow this discussion', 'Watching');
  await expect(toast(page)).toContainText('Watching');
  await expect(main(page).getByText('You will be notified of every new reply.')).toBeVisible();
  await expect.poll(async () => (await (await own.get(`/api/forum/discussions/${discussion.id}/watch`)).json()).level).toBe('watching');

  // A burst: two replies by another member, one right after the other.
  const first = await created<{ id: string }>(await admin.post('/api/forum/replies', { data: { discussionId: discussion.id, content: 'Accrue the audit fee.' } }));
  const second = await created<{ id: string }>(await admin.post('/api/forum/replies', { data: { discussionId: discussion.id, content: 'And the unused holiday.' } }));
  await admin.dispose();

  // The member sees both in the app's notifications.
  const phone = (page.viewportSize()?.width ?? 1280) < 640;
  // The list is asked again on each open (the header's count only every minute).
  await bell(page).click();
  if (!phone) await page.getByRole('dialog', { name: 'Notifications' }).getByRole('link', { name: 'See all' }).click();
  await expect(page).toHaveURL('/notifications');
  const list = main(page).getByRole('list', { name: 'Notifications' });
  // Both replies are one line: who, the discussion, the newest reply's words; it opens at the newest.
  const notices = list.getByRole('link', { name: `Unread: ${ACTOR_FIRST} replied to “${title}”` });
  await expect(notices).toHaveCount(1);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText('And the unused holiday.');
  await notices.click();
  await expect(page).toHaveURL(`/forums/${discussion.id}#reply-${second.id}`);
  await expect(page.locator(`#reply-${first.id}`)).toContainText('Accrue the audit fee.');
  await expect(header(page)).toBeVisible();

  // One mail for the burst, listing both replies (none is left waiting for another).
  const watchMails = () => smtp.to(member.email).filter((m) => /new repl(y|ies) in/.test(m.parsed.subject ?? ''));
  await expect.poll(() => watchMails().length, { timeout: 30_000 }).toBe(1);
  const [mail] = watchMails();
  expect(mail.parsed.subject).toBe(`2 new replies in “${title}”`);
  expect(mail.parsed.text).toContain('Accrue the audit fee.');
  expect(mail.parsed.text).toContain('And the unused holiday.');
  expect(mail.parsed.text).toContain(`/forums/${discussion.id}#reply-${first.id}`);
  await own.dispose();
});

test('a member watches a category while offline: the choice waits, lands once back online, and a new discussion there is noticed', async ({ page, context, playwright, baseURL }) => {
  const member = await newMember(playwright, baseURL!, 'Tamsin');
  const own = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  expect((await own.post('/api/auth/login', { data: { email: member.email, password: member.password } })).status()).toBe(200);
  const admin = await adminApi(playwright, baseURL!);
  const [category] = (await (await admin.get('/api/forum/categories')).json()) as Array<{ id: string; name: string }>;

  await page.goto('/');
  await signInWithForm(page, member);
  await navigate(page, 'Forums');
  await main(page).getByRole('button', { name: category.name, exact: true }).click();
  await expect(main(page).getByRole('heading', { level: 2, name: `${category.name} Discussions` })).toBeVisible();
  await expect(main(page).getByText('You will be notified when someone mentions you, or replies to your own discussion.')).toBeVisible();

  await goOffline(context);
  await choose(main(page), 'Follow this category', 'Watching');
  await expect(toast(page)).toContainText('Saved offline');
  await expect(main(page).getByText('You will be notified of every new discussion and reply in this category.')).toBeVisible();
  await goOnline(context);
  await expect.poll(async () => (await (await own.get(`/api/forum/categories/${category.id}/watch`)).json()).level).toBe('watching');

  const title = `Lease modifications ${unique()}`;
  await created(await admin.post('/api/forum/discussions', { data: { title, content: 'How do you remeasure?', categoryId: category.id } }));
  await admin.dispose();
  await bell(page).click();
  if ((page.viewportSize()?.width ?? 1280) >= 640) await page.getByRole('dialog', { name: 'Notifications' }).getByRole('link', { name: 'See all' }).click();
  await expect(page).toHaveURL('/notifications');
  await main(page).getByRole('list', { name: 'Notifications' }).getByRole('link', { name: `Unread: ${ACTOR} started a discussion in a category you watch “${title}”` }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: title })).toBeVisible();
  // Category watchers watch its discussions too.
  await expect(main(page).getByText('You will be notified of every new reply.')).toBeVisible();
  await own.dispose();
});
