import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, setTheme } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { signInWithForm } from '../support/journey';
import { chooseRowAction } from '../support/menus';
import { choose, selectButton } from '../support/select';
import { ACCOUNTS, signIn } from '../support/session';
import { toast } from '../support/toast';

/*
 * The audit log (/admin/audit): an admin changes a member's role on User Management, through the
 * UI, and finds the change on the Audit log with its before and after; the filters live in the
 * address; editors are turned away.
 */

const SHOTS = '/tmp/shots-audit';

async function createSubscriber(page: Page, baseURL: string | undefined) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const response = await page.request.post('/api/admin/users', {
    data: { firstName: 'Audit', lastName: `Member${stamp}`, email: `audit.${stamp}@example.test`, password: 'Quiet-harbour-lamp-42' },
    headers: { origin: baseURL! },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; email: string; firstName: string; lastName: string };
}

for (const width of [1280, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a role changed on User Management shows on the Audit log with before → after, and the action filter narrows it', async ({ page, baseURL }) => {
      test.slow(); // a journey through several screens and server round trips
      await page.goto('/');
      await signInWithForm(page, ACCOUNTS.admin);
      const member = await createSubscriber(page, baseURL);
      const name = `${member.firstName} ${member.lastName}`;

      await page.goto('/admin/users');
      await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
      await chooseRowAction(page, page.getByRole('row').filter({ hasText: member.email }), name, 'Change role…');
      const roleDialog = page.getByRole('dialog', { name: `Change role for ${name}` });
      await choose(roleDialog, 'Role', 'Editor');
      await roleDialog.getByRole('button', { name: 'Save Role' }).click();
      await expect(toast(page)).toContainText('User role updated successfully!');

      await page.goto('/admin/audit');
      await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
      await expect(page.getByRole('link', { name: /Back to Admin/ })).toHaveAttribute('href', '/admin');
      const entry = page.getByRole('row').filter({ hasText: name }).filter({ hasText: 'changed the role of' });
      await expect(entry).toHaveCount(1);
      await expect(entry.getByRole('cell', { name: ACCOUNTS.admin.name })).toBeVisible();
      await expect(entry.getByRole('listitem')).toHaveText('role: subscriber → editor');
      // The member still exists: their name links to their page. The time says exactly when on hover.
      await expect(entry.getByRole('link', { name })).toHaveAttribute('href', `/members/${member.id}`);
      await expect(entry.getByRole('rowheader').locator('[title]')).toHaveAttribute('title', /\d/);
      await page.screenshot({ path: `${SHOTS}/audit-${width}.png`, fullPage: true });
      await expectNoSeriousA11yViolations(page);

      // The action choices are grouped by what they are about.
      await selectButton(page, 'Action').click();
      const members = page.getByRole('group', { name: 'Members' });
      await expect(members.getByRole('option', { name: 'Role changes', exact: true })).toBeVisible();
      await expect(page.getByRole('group', { name: 'Podcast shows' }).getByRole('option', { name: 'Created', exact: true })).toHaveCount(1);
      await page.screenshot({ path: `${SHOTS}/audit-actions-${width}.png` });
      await page.keyboard.press('Escape');
      await setTheme(page, 'dark');
      await page.screenshot({ path: `${SHOTS}/audit-dark-${width}.png`, fullPage: true });
      await setTheme(page, 'light');

      // Filtering by action keeps the filter in the address and only role changes in the table.
      await choose(page, 'Action', 'Role changes');
      await expect(page).toHaveURL(/[?&]action=user\.role/);
      await expect(entry).toHaveCount(1);
      const actions = page.locator('tbody td[data-label="Action"]');
      await expect(actions.first()).toBeVisible();
      for (const cell of await actions.all()) await expect(cell).toHaveText('changed the role of');
      await choose(page, 'Action', 'Accounts deleted');
      await expect(page).toHaveURL(/[?&]action=user\.delete/);
      await expect(page.getByText('No entries match these filters.')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/audit-empty-${width}.png`, fullPage: true });
      await expectNoSeriousA11yViolations(page);

      // The address alone restores the view; Clear filters shows everything again.
      await page.goto('/admin/audit?action=user.role');
      await expect(entry).toHaveCount(1);
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await expect(page).toHaveURL(/\/admin\/audit$/);
      await expect(page.getByRole('row').filter({ hasText: 'created the account of' }).filter({ hasText: name })).toHaveCount(1);
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 412, height: 915 } });

  test('entries are cards with labelled fields', async ({ page, baseURL }) => {
    await signIn(page, ACCOUNTS.admin);
    const member = await createSubscriber(page, baseURL);
    const changed = await page.request.patch(`/api/admin/users/${member.id}`, { data: { isActive: false }, headers: { origin: baseURL! } });
    expect(changed.status()).toBe(200);
    await page.goto('/admin/audit?action=user.');
    const entry = page.getByRole('row').filter({ hasText: 'deactivated' }).filter({ hasText: member.lastName });
    await expect(entry.getByRole('listitem')).toHaveText('active: yes → no');
    // One card: the row is as wide as the table, not a line of columns.
    const card = await entry.boundingBox();
    expect(card!.width).toBeLessThanOrEqual(412);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
    await page.screenshot({ path: `${SHOTS}/audit-phone.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });
});

test('editors see Access Denied', async ({ page }) => {
  await signIn(page, ACCOUNTS.editor);
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});

test('signed out, /admin/audit is the 404 page like the other admin routes', async ({ page }) => {
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
});
