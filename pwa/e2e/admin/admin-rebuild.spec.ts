import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { appStarted } from '../support/hydration';
import { expectSignedIn, signInWithForm } from '../support/journey';
import { startServer, type RunningServer } from '../support/server';
import { ACCOUNTS } from '../support/session';
import { toast } from '../support/toast';

/*
 * Rebuild DB, kept safe: the dialog lists what would be deleted, the action waits for the
 * site's name, a backup is written first and named; a member signed in elsewhere is told why they
 * were signed out on their next navigation.
 */

test.use({ viewport: { width: 1280, height: 800 } });

// Its own server: the rebuild deletes every member and all content, which specs sharing the
// worker's server must not lose.
let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer('sample');
});
test.afterAll(async () => {
  await server?.close();
});

const SHOTS = '/tmp/shots-rebuild';

async function openAt(page: Page, url: string) {
  await page.goto(url);
  await appStarted(page);
}

test('the admin confirms with the typed site name, gets the backup named; a member elsewhere is told the site was reset', async ({ page, browser }) => {
  test.slow(); // two browsers, a backup and a rebuild
  // The member signs in through the form in a browser of their own.
  const memberContext = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const member = await memberContext.newPage();
  try {
    await openAt(member, `${server.url}/`);
    await signInWithForm(member, ACCOUNTS.member);

    await openAt(page, `${server.url}/`);
    await signInWithForm(page, ACCOUNTS.admin);
    await openAt(page, `${server.url}/admin`);

    await page.getByRole('button', { name: 'Rebuild DB' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Rebuild the database?' });
    const preview = (await (await page.request.get(`${server.url}/api/admin/seed-database`)).json()) as {
      siteName: string;
      counts: Record<string, number>;
    };
    expect(preview.siteName).toBe('Ledger Commons');
    expect(preview.counts.articles).toBeGreaterThan(0);
    expect(preview.counts.members).toBeGreaterThan(0);
    const counts = dialog.getByRole('list', { name: 'This deletes:' });
    await expect(counts.getByRole('listitem').filter({ hasText: /articles?$/ })).toHaveText(`${preview.counts.articles} articles`);
    await expect(counts.getByRole('listitem').filter({ hasText: 'podcast episode' })).toHaveText(`${preview.counts.episodes} podcast episodes`);
    await expect(counts.getByRole('listitem').filter({ hasText: 'member account' })).toHaveText(
      `${preview.counts.members} member accounts (not admins)`,
    );
    await expect(counts.getByRole('listitem')).toHaveCount(8);

    const action = dialog.getByRole('button', { name: 'Rebuild Database' });
    const name = dialog.getByLabel('Type the site’s name, Ledger Commons, to confirm');
    await expect(name).toBeFocused();
    await expect(action).toBeDisabled();
    await name.fill('Ledger');
    await expect(action).toBeDisabled();
    await name.fill('ledger commons');
    await expect(action).toBeDisabled();
    await name.fill('Ledger Commons');
    await expect(action).toBeEnabled();
    await page.screenshot({ path: `${SHOTS}/dialog-light.png` });
    await expectNoSeriousA11yViolations(page);

    await action.click();
    await expect(toast(page)).toContainText('Database populated successfully with fresh sample data!');
    const result = page.getByRole('status').filter({ hasText: 'The database was rebuilt.' });
    await expect(result).toContainText(/A backup of the data before it was written first: \d{4}-\d{2}-\d{2}T[\d-]+\.\d{3}Z/);
    const backup = (await result.locator('strong').textContent())!;
    expect(existsSync(path.join(server.dataDir, 'backups', backup, 'manifest.json'))).toBe(true);
    await page.screenshot({ path: `${SHOTS}/result.png` });
    // The admin stays signed in.
    await expectSignedIn(page, ACCOUNTS.admin.name);

    // The member's next navigation: told why, and signed out.
    await member.getByRole('banner').getByRole('link', { name: 'News', exact: true }).click();
    await expect(toast(member)).toContainText("The site's data was reset; please sign in again");
    await expect(member.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    // The page goes on as a visitor's: the fresh sample articles are listed.
    await expect(member.getByRole('main').getByRole('link', { name: /Read More/ }).first()).toBeVisible();
    await member.screenshot({ path: `${SHOTS}/member-told.png` });
  } finally {
    await memberContext.close();
  }
});
