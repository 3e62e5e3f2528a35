import { expect, test } from '../support/fixtures';
import { header, main, signInWithForm } from '../support/journey';
import { ACTOR, bell, bellName, newRecipient, notify, unreadOnServer } from '../support/notifications';

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

  await list.getByRole('link', { name: `Unread: ${ACTOR} replied to your discussion “${member.discussion.title}”` }).click();
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
