import { generate } from 'otplib';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { header, main, navigate } from '../support/journey';
import { ACCOUNTS } from '../support/session';

/*
 * REQUIRE_2FA_FOR_STAFF (docs/security.md §14): an editor without two-step sign-in signs in through
 * the form, is sent to the setup screen with the reason, sets it up, and can then use the site.
 */
test.use({ serverEnv: { REQUIRE_2FA_FOR_STAFF: 'true' } });

test('an editor without two-step sign-in is sent to set it up, and can use the site once it is on', async ({ page }, testInfo) => {
  await page.goto('/');
  await header(page).getByRole('link', { name: 'Login' }).click();
  await page.getByLabel('Email').fill(ACCOUNTS.editor.email);
  await page.getByLabel('Password').fill(ACCOUNTS.editor.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();

  // The home page's reads are refused (403 two_factor_required): the app goes to the setup screen.
  await expect(page).toHaveURL(/\/profile\/two-factor$/);
  await expect(main(page).getByRole('heading', { level: 1, name: 'Set up two-step sign-in' })).toBeVisible();
  await expect(main(page).getByText('This site requires two-step sign-in for editors and admins.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('two-factor-required.png') });

  // Anywhere else leads back here until it is on (a plain click: navigate() waits to arrive).
  await header(page).getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'News', exact: true }).click();
  await expect(page).toHaveURL(/\/profile\/two-factor$/);

  const section = main(page).getByRole('region', { name: 'Two-step sign-in' });
  await section.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  const secret = ((await section.getByLabel('Setup key').textContent()) ?? '').replace(/\s+/g, '');
  await section.getByLabel('6-digit code').fill(await generate({ secret }));
  await section.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(section.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await main(page).getByRole('link', { name: 'Continue to the site' }).click();
  await expect(page).toHaveURL(/\/$/);
  await navigate(page, 'News');
  await expect(page).toHaveURL(/\/news$/);
  await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
});
