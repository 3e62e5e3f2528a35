import type { Page } from '@playwright/test';
import { changeAnswer } from '../support/answers';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { holdRoute } from '../support/content';
import { expect, test } from '../support/fixtures';
import { header, main, signInWithForm } from '../support/journey';
import { ACTOR_FIRST, adminApi, bell, bellName, newRecipient, notify, settingsOnServer, unreadOnServer } from '../support/notifications';
import { expectSavedContentBanner, storedPaths, waitForServiceWorker, goOffline, goOnline } from '../support/offline';
import { toast } from '../support/toast';

/*
 * The client side of notifications on a desktop (the phone's way is
 * journey-notifications.spec.ts): the header's bell and its popover, /notifications, the settings,
 * and reading and marking offline. Each test has a member of its own, signed in through the form;
 * the admin makes the events through the API as another member would.
 */

// Sign-in through the form, several screens and axe runs: longer than 30 s on a busy machine.
test.slow();

const popover = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });
const list = (page: Page) => main(page).getByRole('list', { name: 'Notifications' });
const syncStatus = (page: Page) => page.getByRole('group', { name: 'Sync status' });

test('the bell counts unread ones; the popover lists them; opening one goes to it and counts it read; Mark all as read', async ({ page, playwright, baseURL }) => {
  const member = await newRecipient(playwright, baseURL!, 'Nadia');
  // Published first: a comment on a draft tells nobody (docs/notifications.md).
  const ids = await notify(playwright, baseURL!, member, ['reply', 'mention', 'publish', 'comment']);

  await page.goto('/');
  await signInWithForm(page, member);
  await expect(bell(page)).toHaveAccessibleName(bellName(4));

  await bell(page).click();
  const inPopover = popover(page).getByRole('link');
  // Newest first, each sentence by its type with the target's title; all unread.
  await expect(inPopover).toHaveText([
    `${ACTOR_FIRST} commented on your article “${member.article.title}”`,
    `Your article was published “${member.article.title}”`,
    `${ACTOR_FIRST} mentioned you in a reply in “${member.discussion.title}”`,
    `${ACTOR_FIRST} replied to “${member.discussion.title}”`,
    'Settings',
    'See all',
  ].map((text, i) => (i < 4 ? `Unread: ${text}` : text)));
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/screenshots/notifications-popover-1280.png' });

  // The comments arrive after the article (as on a slow network): the page scrolls to the comment then.
  const comments = holdRoute();
  await page.route(`**/api/news/${member.article.id}/comments`, async (route) => {
    await comments.held;
    await route.continue();
  });
  await popover(page).getByRole('link', { name: /commented on your article/ }).click();
  await expect(page).toHaveURL(`/news/${member.article.id}#comment-${ids.comment}`);
  await expect(main(page).getByRole('heading', { level: 1, name: member.article.title })).toBeVisible();
  comments.release();
  await expect(page.locator(`#comment-${ids.comment}`)).toBeInViewport();
  await expect(popover(page)).toHaveCount(0);
  await expect(bell(page)).toHaveAccessibleName(bellName(3));
  expect(await unreadOnServer(member)).toBe(3);

  await bell(page).click();
  await popover(page).getByRole('link', { name: 'See all' }).click();
  await expect(page).toHaveURL('/notifications');
  await expect(main(page).getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(list(page).getByRole('link', { name: /^Unread: / })).toHaveCount(3);
  await expect(list(page).getByRole('link', { name: `${ACTOR_FIRST} commented on your article “${member.article.title}”` })).toBeVisible();
  // Each group quotes its newest reply's or comment's first words.
  await expect(list(page).getByRole('listitem').filter({ hasText: 'commented on your article' })).toContainText('Clear and useful.');
  await expectNoSeriousA11yViolations(page);

  await main(page).getByRole('button', { name: 'Mark all as read' }).click();
  await expect(list(page).getByRole('link', { name: /^Unread: / })).toHaveCount(0);
  await expect(bell(page)).toHaveAccessibleName(bellName(0));
  await expect(main(page).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  await expect.poll(() => unreadOnServer(member)).toBe(0);
  await page.reload();
  await expect(list(page).getByRole('link')).toHaveCount(4);
  await expect(list(page).getByRole('link', { name: /^Unread: / })).toHaveCount(0);
  await member.api.dispose();
});

test('an article moved back to draft and renamed: "no longer available", no link, never the new title; Mark as read', async ({ page, playwright, baseURL }) => {
  const member = await newRecipient(playwright, baseURL!, 'Greta');
  await notify(playwright, baseURL!, member, ['publish', 'comment', 'reply']);
  // No longer an editor: drafts are hidden from them, as from any member.
  const admin = await adminApi(playwright, baseURL!);
  expect((await admin.patch(`/api/admin/users/${member.id}`, { data: { role: 'contributor' } })).status()).toBe(200);
  expect((await admin.patch(`/api/news/${member.article.id}/status`, { data: { status: 'draft' } })).status()).toBe(200);
  expect((await admin.patch(`/api/news/${member.article.id}`, { data: { title: 'SECRET: the Q4 restructuring' } })).status()).toBe(200);
  await admin.dispose();

  await page.goto('/');
  await signInWithForm(page, { ...member, role: 'contributor' });
  await expect(bell(page)).toHaveAccessibleName(bellName(3));
  await bell(page).click();
  await popover(page).getByRole('link', { name: 'See all' }).click();
  await expect(page).toHaveURL('/notifications');
  const rows = list(page).getByRole('listitem');
  await expect(rows).toHaveText([
    new RegExp(`Unread: ${ACTOR_FIRST} replied to “${member.discussion.title}”`),
    new RegExp(`Unread: ${ACTOR_FIRST} commented on your article, which is no longer available`),
    /Unread: Your article was published; it is no longer available/,
  ]);
  // The discussion is still a link; the hidden article's rows are words only, with no link to a 404,
  // and its comment's words are not quoted.
  await expect(rows.nth(1)).not.toContainText('Clear and useful.');
  await expect(list(page).getByRole('link')).toHaveCount(1);
  await expect(list(page).getByRole('link')).toHaveAttribute('href', new RegExp(`^/forums/${member.discussion.id}#reply-`));
  await expect(main(page)).not.toContainText('SECRET');
  await expect(list(page).locator(`a[href*="${member.article.id}"]`)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/screenshots/notifications-no-longer-available-1280.png' });

  await rows.nth(1).getByRole('button', { name: 'Mark as read' }).click();
  await expect(rows.nth(1)).not.toContainText('Unread:');
  await expect(rows.nth(1).getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
  await expect(bell(page)).toHaveAccessibleName(bellName(2));
  // The role change ended the member's other sessions: ask with the page's own.
  await expect.poll(async () => ((await (await page.request.get('/api/notifications/unread-count')).json()) as { count: number }).count).toBe(2);
  await member.api.dispose();
});

test('nothing yet: the empty state; the settings change and stay after a reload', async ({ page, playwright, baseURL }) => {
  const member = await newRecipient(playwright, baseURL!, 'Omar');
  await page.goto('/');
  await signInWithForm(page, member);
  await expect(bell(page)).toHaveAccessibleName('Notifications');

  // From the account menu, as well as the bell.
  await header(page).getByRole('button', { name: `Account menu for ${member.name}` }).click();
  await page.getByRole('menuitem', { name: 'Notifications' }).click();
  await expect(page).toHaveURL('/notifications');
  await expect(main(page).getByText('No notifications yet')).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();

  await main(page).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL('/notifications/settings');
  await expect(main(page).getByRole('heading', { level: 1, name: 'Notification Settings' })).toBeVisible();
  const mentions = main(page).getByRole('button', { name: /Mentions of you/ });
  await expect(mentions).toContainText('In app');
  await expectNoSeriousA11yViolations(page);

  await mentions.click();
  await page.getByRole('option', { name: 'Daily email digest' }).click();
  await main(page).getByRole('button', { name: /Comments on your articles/ }).click();
  await page.getByRole('option', { name: 'Off' }).click();
  await main(page).getByRole('button', { name: 'Save settings' }).click();
  await expect(toast(page)).toContainText('Notification settings saved');
  expect(await settingsOnServer(member)).toEqual({
    discussion_reply: 'in_app',
    mention: 'digest',
    article_comment: 'off',
    article_published: 'in_app',
    article_featured: 'in_app',
    answer_marked: 'in_app',
    watched_reply: 'in_app',
    watched_discussion: 'in_app',
    moderation: 'in_app',
    report_outcome: 'in_app',
  });

  await page.reload();
  await expect(main(page).getByRole('button', { name: /Mentions of you/ })).toContainText('Daily email digest');
  await expect(main(page).getByRole('button', { name: /Comments on your articles/ })).toContainText('Off');
  await member.api.dispose();
});

test('a page at a time: Load more asks for the next groups by its cursor', async ({ page, playwright, baseURL }) => {
  const member = await newRecipient(playwright, baseURL!, 'Lena');
  // 22 groups: a reply in each of 22 discussions of the member's (replies in one discussion are one group).
  const [category] = (await (await member.api.get('/api/forum/categories')).json()) as Array<{ id: string }>;
  const admin = await adminApi(playwright, baseURL!);
  for (let i = 0; i < 22; i++) {
    const discussion = await member.api.post('/api/forum/discussions', { data: { title: `Question ${i + 1} of Lena's`, content: 'How?', categoryId: category.id } });
    expect(discussion.status()).toBe(201);
    const { id } = (await discussion.json()) as { id: string };
    expect((await admin.post('/api/forum/replies', { data: { discussionId: id, content: `Answer ${i + 1}` } })).status()).toBe(201);
  }
  await admin.dispose();
  await page.goto('/');
  await signInWithForm(page, member);
  await page.goto('/notifications');
  await expect(list(page).getByRole('link')).toHaveCount(20);
  await main(page).getByRole('button', { name: 'Load more' }).click();
  await expect(list(page).getByRole('link')).toHaveCount(22);
  await expect(main(page).getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await member.api.dispose();
});

test('a list that fails to load says so, and Try again loads it', async ({ page, playwright, baseURL }) => {
  const member = await newRecipient(playwright, baseURL!, 'Milo');
  await notify(playwright, baseURL!, member, ['reply']);
  await page.goto('/');
  await signInWithForm(page, member);
  await page.route('**/api/notifications/groups', (route) => route.fulfill({ status: 500, json: { message: 'Internal error', code: 'internal' } }));
  await page.goto('/notifications');
  await expect(main(page).getByText('Your notifications could not be loaded.')).toBeVisible();
  await page.unroute('**/api/notifications/groups');
  await main(page).getByRole('button', { name: 'Try again' }).click();
  await expect(list(page).getByRole('link', { name: /replied to “/ })).toBeVisible();
  await member.api.dispose();
});

test('where the site sends no mail, the settings say so and the mail choices cannot be picked; a refused save shows why under its type', async ({
  page,
  playwright,
  baseURL,
}) => {
  const member = await newRecipient(playwright, baseURL!, 'Petra');
  await changeAnswer<object>(page, '**/api/site', (site) => ({ ...site, mailEnabled: false }));
  await page.goto('/');
  await signInWithForm(page, member);
  await page.goto('/notifications/settings');
  await expect(main(page).getByRole('note')).toHaveText('This site does not send email at the moment, so notifications show in the app only.');
  await main(page).getByRole('button', { name: /Replies to your discussions/ }).click();
  await expect(page.getByRole('option', { name: 'Email immediately' })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('option', { name: 'Daily email digest' })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('option', { name: 'Off' })).not.toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('option', { name: 'Off' }).click();

  // The server's field errors go under the type they name (none the form can send; a server's rule).
  await page.route('**/api/notifications/settings', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 400, json: { message: 'Validation failed', code: 'validation', errors: { discussion_reply: ['Replies cannot be turned off here'] } } })
      : route.continue(),
  );
  await main(page).getByRole('button', { name: 'Save settings' }).click();
  await expect(main(page).getByText('Replies cannot be turned off here')).toBeVisible();
  await expect(main(page).getByRole('button', { name: /Replies to your discussions/ })).toBeFocused();
  expect((await settingsOnServer(member)).discussion_reply).toBe('in_app');
  await member.api.dispose();
});

test('signed out: no bell, and /notifications asks to sign in, then comes back', async ({ page, playwright, baseURL }) => {
  const member = await newRecipient(playwright, baseURL!, 'Quinn');
  await notify(playwright, baseURL!, member, ['reply']);
  await page.goto('/');
  await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(header(page).getByRole('button', { name: /^Notifications/ })).toHaveCount(0);

  await page.goto('/notifications');
  await expect(page).toHaveURL('/login?redirect=%2Fnotifications');
  await main(page).getByLabel('Email').fill(member.email);
  await main(page).getByLabel('Password').fill(member.password);
  await main(page).getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/notifications');
  await expect(list(page).getByRole('link', { name: new RegExp(`replied to “${member.discussion.title}”`) })).toBeVisible();
  await member.api.dispose();
});

test.describe('offline', () => {
  // The app's shell comes from the service worker offline (playwright.config.ts blocks it elsewhere).
  test.use({ serviceWorkers: 'allow' });

  test('the list reads offline; one read offline shows read at once, waits in the outbox and reaches the server once', async ({ page, context, playwright, baseURL }) => {
    const member = await newRecipient(playwright, baseURL!, 'Rosa');
    await notify(playwright, baseURL!, member, ['reply', 'mention']);
    await page.goto('/');
    await waitForServiceWorker(page);
    await signInWithForm(page, member);
    await bell(page).click();
    await popover(page).getByRole('link', { name: 'See all' }).click();
    await expect(list(page).getByRole('link', { name: /^Unread: / })).toHaveCount(2);
    await expect.poll(async () => (await storedPaths(page)).filter((path) => path.startsWith('/api/notifications'))).toEqual(
      expect.arrayContaining(['/api/notifications/groups', '/api/notifications/unread-count']),
    );

    await goOffline(context);
    await page.reload();
    await expectSavedContentBanner(page);
    await expect(list(page).getByRole('link', { name: /^Unread: / })).toHaveCount(2);
    await expect(bell(page)).toHaveAccessibleName(bellName(2));

    // Opened offline: the discussion was never loaded here, but the notification is read at once.
    await list(page).getByRole('link', { name: /replied to “/ }).click();
    await expect(page).toHaveURL(new RegExp(`/forums/${member.discussion.id}#reply-`));
    await expect(syncStatus(page).getByRole('status')).toHaveText('1 pending');
    await expect(bell(page)).toHaveAccessibleName(bellName(1));
    await page.goBack();
    await expect(list(page).getByRole('link', { name: /^Unread: / })).toHaveCount(1);
    await expect(list(page).getByRole('link', { name: `${ACTOR_FIRST} replied to “${member.discussion.title}”` })).toBeVisible();

    // A reload offline answers the list as stored (unread); the outbox still says read.
    await page.reload();
    await expect(list(page).getByRole('link', { name: /^Unread: / })).toHaveCount(1);
    await expect(bell(page)).toHaveAccessibleName(bellName(1));
    expect(await unreadOnServer(member)).toBe(2);

    await goOnline(context);
    await expect(syncStatus(page)).toBeHidden();
    await expect.poll(() => unreadOnServer(member)).toBe(1);
    await expect(bell(page)).toHaveAccessibleName(bellName(1));
    const [mention, reply] = (await (await member.api.get('/api/notifications')).json()) as Array<{ type: string; read: boolean }>;
    expect([mention, reply]).toMatchObject([{ type: 'mention', read: false }, { type: 'discussion_reply', read: true }]);
    await member.api.dispose();
  });
});
