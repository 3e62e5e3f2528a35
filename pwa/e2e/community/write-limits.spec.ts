import { expect, test } from '../support/fixtures';
import { ACCOUNTS } from '../support/session';
import { toast } from '../support/toast';
import { expectNoSeriousA11yViolations } from '../support/axe';

// A low limit for this spec's server (docs/security.md §12; the default is 10 a minute). The
// hourly limit is the low one: a minute's window ends mid-test on a busy machine a third of the time.
test.use({ serverEnv: { WRITE_RATE_COMMENTS_PER_MINUTE: '100', WRITE_RATE_COMMENTS_PER_HOUR: '2' } });

const TOO_OFTEN = "You're doing that too often. Please wait a moment and try again.";

test('a member posting comments past the limit sees the error toast with the server message; nothing more is posted', async ({
  page,
}) => {
  // Sign-in (bcrypt), four posts and an axe scan: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  await page.goto('/login');
  await page.getByLabel('Email').fill(ACCOUNTS.member.email);
  await page.getByLabel('Password').fill(ACCOUNTS.member.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/', { timeout: 15_000 });

  await page.getByRole('banner').getByRole('link', { name: 'News' }).first().click();
  await page.getByRole('list', { name: 'Articles' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/news\/[0-9a-f-]+$/);
  const comments = page.getByRole('list', { name: 'Comments' }).getByRole('article');
  const box = page.getByRole('textbox', { name: 'Add a comment' });
  const submit = page.getByRole('button', { name: 'Post Comment' });
  const stamp = Date.now();

  for (let i = 1; i <= 2; i++) {
    await box.fill(`Comment ${i} of the hour ${stamp}`);
    await submit.click();
    await expect(toast(page)).toContainText('Comment posted');
    await expect(comments.filter({ hasText: `Comment ${i} of the hour ${stamp}` })).toHaveCount(1);
    await toast(page).getByRole('button', { name: 'Close' }).click();
    await expect(toast(page)).toHaveCount(0);
  }

  // Windows are aligned to the clock (server/db/counters.ts): the third post is refused unless the
  // hour turned after the first, and then the new window refuses the fifth at the latest.
  let refused = false;
  for (let i = 3; i <= 5 && !refused; i++) {
    await box.fill(`Comment ${i} of the hour ${stamp}`);
    await submit.click();
    await expect(toast(page)).toBeVisible();
    refused = (await toast(page).textContent())?.includes(TOO_OFTEN) ?? false;
    if (!refused) {
      await toast(page).getByRole('button', { name: 'Close' }).click();
      await expect(toast(page)).toHaveCount(0);
    }
  }
  expect(refused).toBe(true);
  await expect(toast(page)).toContainText('Error');
  await expect(toast(page)).toContainText(TOO_OFTEN);
  // The refused text stays in the box to be sent later, and was not posted.
  await expect(box).not.toHaveValue('');
  await expect(comments.filter({ hasText: (await box.inputValue()) })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('write-limit-toast.png') });
  await expectNoSeriousA11yViolations(page);
});
