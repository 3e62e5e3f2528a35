import { expect, test } from '../support/fixtures';
import { header, main, signInWithForm } from '../support/journey';
import { ACTOR_FIRST, bell, bellName, newRecipient, notify, unreadOnServer } from '../support/notifications';
import { expectNoSeriousA11yViolations } from '../support/axe';

/*
 * A member hears that someone replied to their discussion and goes to the reply, the way
 * they would on their device. On a phone (the phone project: 412 px, touch) the bell is a link to
 * the notifications screen, as phone apps open a screen of their own; on a desktop it opens a popover
 * whose 'See all' leads to the same screen. A screenshot of the phone's screen is kept in
 * test-results/screenshots/.
 */

test.slow(); // sign-in through the form and three screens on a busy machine

test('the bell leads to the notifications; tapping one opens the reply and counts it read', async ({ page, playwright, baseURL }, testInfo) => {
  const member = await newRecipient(playwright, baseURL!, 'Sofia');
  const ids = await notify(playwright, baseURL!, member, ['reply', 'publish']);
  const phone = (page.viewportSize()?.width ?? 1280) < 640;

  await page.goto('/');
  await signInWithForm(page, member);
  await expect(bell(page)).toHaveAccessibleName(bellName(2));
  await bell(page).click();
  if (!phone) await page.getByRole('dialog', { name: 'Notifications' }).getByRole('link', { name: 'See all' }).click();
  await expect(page).toHaveURL('/notifications');
  const list = main(page).getByRole('list', { name: 'Notifications' });
  await expect(list.getByRole('link', { name: /^Unread: / })).toHaveCount(2);
  await page.screenshot({ path: `test-results/screenshots/notifications-${testInfo.project.name.replace(/\W+/g, '-')}.png` });

  // The header still fits with the bell and its badge (the layout sweep measures every screen).
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  await list.getByRole('link', { name: `Unread: ${ACTOR_FIRST} replied to “${member.discussion.title}”` }).click();
  await expect(page).toHaveURL(`/forums/${member.discussion.id}#reply-${ids.reply}`);
  await expect(main(page).getByRole('heading', { level: 1, name: member.discussion.title })).toBeVisible();
  await expect(page.locator(`#reply-${ids.reply}`)).toContainText('Reconcile the bank first.');
  await expect(page.locator(`#reply-${ids.reply}`)).toBeInViewport();
  await expect(bell(page)).toHaveAccessibleName(bellName(1));
  expect(await unreadOnServer(member)).toBe(1);

  // Back on the list, it shows read; the other is still unread.
  await page.goBack();
  await expect(list.getByRole('link', { name: /^Unread: / })).toHaveCount(1);
  await expect(list.getByRole('link', { name: `Your article was published “${member.article.title}”` })).toBeVisible();

  // On a phone the menu sheet has the screen too.
  if (phone) {
    await header(page).getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Notifications' })).toBeVisible();
  }
  await member.api.dispose();
});

test('two replies from two members in a watched discussion: one line with both, the newest words; opening it clears it', async ({ page, playwright, baseURL }, testInfo) => {
  const maya = await newRecipient(playwright, baseURL!, 'Maya');
  const tom = await newRecipient(playwright, baseURL!, 'Tom');
  const member = await newRecipient(playwright, baseURL!, 'Wren');
  // Wren watches Maya's discussion (the watching screens are journey-watching's); Tom replies, then Maya.
  expect((await member.api.put(`/api/forum/discussions/${maya.discussion.id}/watch`, { data: { level: 'watching' } })).status()).toBe(200);
  expect((await tom.api.post('/api/forum/replies', { data: { discussionId: maya.discussion.id, content: 'Reconcile the bank accounts first.' } })).status()).toBe(201);
  const newest = await maya.api.post('/api/forum/replies', { data: { discussionId: maya.discussion.id, content: 'Then the **accruals**: audit fee and unused holiday.' } });
  expect(newest.status()).toBe(201);
  const { id: newestId } = (await newest.json()) as { id: string };
  const phone = (page.viewportSize()?.width ?? 1280) < 640;

  await page.goto('/');
  await signInWithForm(page, member);
  // Two replies, one group: the bell counts one.
  await expect(bell(page)).toHaveAccessibleName(bellName(1));
  await bell(page).click();
  if (!phone) await page.getByRole('dialog', { name: 'Notifications' }).getByRole('link', { name: 'See all' }).click();
  await expect(page).toHaveURL('/notifications');
  const list = main(page).getByRole('list', { name: 'Notifications' });
  const line = list.getByRole('listitem');
  await expect(line).toHaveCount(1);
  const link = list.getByRole('link', { name: `Unread: Maya and Tom replied to “${maya.discussion.title}”` });
  await expect(link).toBeVisible();
  // The newest reply's words as plain text, not the older reply's.
  await expect(line).toContainText('Then the accruals: audit fee and unused holiday.');
  await expect(line).not.toContainText('Reconcile the bank');
  await expect(line).not.toContainText('**');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `test-results/screenshots/notifications-grouped-${testInfo.project.name.replace(/\W+/g, '-')}.png` });

  await link.click();
  await expect(page).toHaveURL(`/forums/${maya.discussion.id}#reply-${newestId}`);
  await expect(page.locator(`#reply-${newestId}`)).toContainText('unused holiday');
  await expect(bell(page)).toHaveAccessibleName(bellName(0));
  await expect.poll(() => unreadOnServer(member)).toBe(0);

  await page.goBack();
  await expect(list.getByRole('link', { name: `Maya and Tom replied to “${maya.discussion.title}”` })).toBeVisible();
  await expect(list.getByRole('link', { name: /^Unread: / })).toHaveCount(0);
  for (const m of [maya, tom, member]) await m.api.dispose();
});
