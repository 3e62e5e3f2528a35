import { request, type Locator, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { getJson, useTheme } from '../support/content';
import { expect, test } from '../support/fixtures';
import { choose } from '../support/select';
import { toast } from '../support/toast';
import { chooseRowAction } from '../support/menus';
import { cachedUrls, waitForServiceWorker, goOffline } from '../support/offline';
import { ACCOUNTS, signIn } from '../support/session';
import { signInWithForm } from '../support/journey';

// Works offline, or with what the service worker caches (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/*
 * User management (spec 2): the control panel's Users tab (create with password, invite, role,
 * activate/deactivate, delete with confirmation, pending invitations) and /admin/users (filters,
 * add and edit dialogs).
 */

interface ListedUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: 'subscriber' | 'contributor' | 'editor' | 'admin';
  isActive: boolean;
}


/** Whether these credentials sign in, tried from a fresh request context (not the page's session). */
async function canSignIn(page: Page, baseURL: string | undefined, email: string, password: string): Promise<boolean> {
  const context = await page.context().browser()!.newContext({ baseURL });
  try {
    const response = await context.request.post('/api/auth/login', { data: { email, password }, headers: { origin: baseURL! } });
    return response.status() === 200;
  } finally {
    await context.close();
  }
}

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

async function createUserViaApi(page: Page, baseURL: string | undefined, fields: Partial<ListedUser> & { password?: string }) {
  const stamp = unique();
  const response = await page.request.post('/api/admin/users', {
    data: { firstName: 'Api', lastName: `User${stamp}`, email: `api.${stamp}@example.test`, password: 'Quiet-harbour-lamp-42', ...fields },
    headers: { origin: baseURL! },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as ListedUser;
}

async function openUsersTab(page: Page) {
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { name: 'Current Users' })).toBeVisible();
}

/** The users table (User Management also has the pending invitations' table): the one with a Status column. */
const usersTable = (page: Page) => page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Status' }) });

/** Invitations live in one place: User Management, under the heading "Invitations". */
async function openInvitations(page: Page) {
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'Invitations', exact: true })).toBeVisible();
  return page.getByRole('region', { name: 'Invitations', exact: true });
}

const row = (scope: Page | Locator, text: string) => scope.getByRole('row').filter({ hasText: text });


test.describe('control panel Users tab', () => {
  test('the note explains passwords; Create User (with a password) adds a user who can then sign in', async ({ page, baseURL }) => {
    test.slow(); // a long journey through several server round trips
    await signIn(page, ACCOUNTS.admin);
    await openUsersTab(page);
    await expect(page.getByRole('note')).toContainText('Set an initial password when you create a user');

    const stamp = unique();
    const email = `created.${stamp}@example.test`;
    await page.getByRole('button', { name: 'Create User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create User' });
    await dialog.getByLabel('First Name').fill('Casey');
    await dialog.getByLabel('Last Name').fill(`Created${stamp}`);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill('Secret-tundra-violin-12');
    await choose(dialog, 'Role', 'Editor');
    await dialog.getByLabel('Job Title').fill('Controller');
    await dialog.getByLabel('Company').fill('Acme');
    await dialog.getByLabel('Bio').fill('Numbers person.');
    await expect(dialog.getByRole('checkbox', { name: 'User can access the platform' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Create User' }).click();

    await expect(toast(page)).toContainText('User created successfully!');
    await expect(dialog).toHaveCount(0);
    const created = row(page, email);
    await expect(created).toContainText(`Casey Created${stamp}`);
    // The badge comes first; the row's role picker shows the same word.
    await expect(created.getByText('Editor', { exact: true }).first()).toHaveClass(/badge--purple/);
    await expect(created.getByText('Active', { exact: true })).toBeVisible();
    expect(await canSignIn(page, baseURL, email, 'Secret-tundra-violin-12')).toBe(true);
  });

  test("the Create User dialog shows the shared schema's messages under the fields", async ({ page, baseURL }) => {
    await signIn(page, ACCOUNTS.admin);
    await openUsersTab(page);
    await page.getByRole('button', { name: 'Create User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create User' });
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByLabel('Password', { exact: true }).fill('123');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(dialog.getByText('First name is required')).toBeVisible();
    await expect(dialog.getByText('Last name is required')).toBeVisible();
    await expect(dialog.getByText('Invalid email format')).toBeVisible();
    await expect(dialog.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  test('a taken email is refused by the server: the message shows under Email and as the error toast', async ({ page, baseURL }) => {
    await signIn(page, ACCOUNTS.admin);
    await openUsersTab(page);
    await page.getByRole('button', { name: 'Create User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create User' });
    await dialog.getByLabel('First Name').fill('Dup');
    await dialog.getByLabel('Last Name').fill('Licate');
    await dialog.getByLabel('Email').fill(ACCOUNTS.member.email);
    await dialog.getByLabel('Password', { exact: true }).fill('Secret-tundra-violin-12');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(toast(page)).toContainText('Error');
    await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog).toBeVisible();
    // Focus goes to the refused field, and editing it takes the message away.
    await expect(dialog.getByLabel('Email')).toBeFocused();
    await dialog.getByLabel('Email').fill(`dup.${unique()}@example.test`);
    await expect(dialog.getByLabel('Email')).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('change role, deactivate and activate a user from the table', async ({ page, baseURL }) => {
    test.slow(); // a long journey through several server round trips
    await signIn(page, ACCOUNTS.admin);
    const user = await createUserViaApi(page, baseURL, { role: 'subscriber' });
    const name = `${user.firstName} ${user.lastName}`;
    await openUsersTab(page);
    const line = row(page, user.email);
    await expect(line.getByText('Subscriber', { exact: true }).first()).toHaveClass(/badge--blue/);

    await chooseRowAction(page, line, name, 'Change role…');
    const roleDialog = page.getByRole('dialog', { name: `Change role for ${name}` });
    await choose(roleDialog, 'Role', 'Contributor');
    await roleDialog.getByRole('button', { name: 'Save Role' }).click();
    await expect(toast(page)).toContainText('User role updated successfully!');
    await expect(roleDialog).toHaveCount(0);
    await expect(line.getByText('Contributor', { exact: true }).first()).toHaveClass(/badge--green/);

    // The user is signed in elsewhere; deactivating them refuses that session's next request.
    const elsewhere = await page.context().browser()!.newContext({ baseURL });
    try {
      const login = await elsewhere.request.post('/api/auth/login', { data: { email: user.email, password: 'Quiet-harbour-lamp-42' } });
      expect(login.status()).toBe(200);
      expect((await elsewhere.request.get('/api/auth/user')).status()).toBe(200);

      await chooseRowAction(page, line, name, 'Deactivate');
      await expect(toast(page)).toContainText('User status updated successfully!');
      await expect(line.getByText('Inactive', { exact: true })).toBeVisible();
      expect((await elsewhere.request.get('/api/auth/user')).status()).toBe(401);
    } finally {
      await elsewhere.close();
    }
    await chooseRowAction(page, line, name, 'Activate');
    await expect(line.getByText('Active', { exact: true })).toBeVisible();

    const users = await getJson<ListedUser[]>(page.request, '/api/users');
    expect(users.find((u) => u.id === user.id)).toMatchObject({ role: 'contributor', isActive: true });
  });

  test('delete asks for confirmation (Cancel keeps the user), then deletes', async ({ page, baseURL }) => {
    await signIn(page, ACCOUNTS.admin);
    const user = await createUserViaApi(page, baseURL, {});
    const name = `${user.firstName} ${user.lastName}`;
    await openUsersTab(page);

    await chooseRowAction(page, row(page, user.email), name, 'Delete…');
    const confirm = page.getByRole('alertdialog', { name: `Delete ${name}?` });
    await expect(confirm).toContainText('Are you sure you want to delete this user? This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(row(page, user.email)).toHaveCount(1);

    await chooseRowAction(page, row(page, user.email), name, 'Delete…');
    await page.getByRole('alertdialog', { name: `Delete ${name}?` }).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page)).toContainText('User deleted successfully!');
    await expect(row(page, user.email)).toHaveCount(0);
  });

  test('the Users tab has no second copy of the invitations: it links to User Management', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);
    await openUsersTab(page);
    await expect(page.getByRole('heading', { name: 'Invite New User (Alternative)' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Pending Invitations' })).toHaveCount(0);
    await page.getByRole('region', { name: 'Invitations', exact: true }).getByRole('link', { name: 'User Management' }).click();
    await expect(page).toHaveURL(/\/admin\/users#invitations-title$/);
    await expect(page.getByRole('region', { name: 'Invitations', exact: true }).getByRole('region', { name: 'Pending Invitations' })).toBeVisible();
  });

  test('invite a user, see the pending invitation, then revoke it', async ({ page, baseURL }) => {
    await signIn(page, ACCOUNTS.admin);
    const section = await openInvitations(page);
    const invitations = section.getByRole('region', { name: 'Pending Invitations' });
    const email = `invitee.${unique()}@example.test`;
    const form = section.getByRole('region', { name: 'Invite someone' });
    await form.getByLabel('Email').fill(email);
    await choose(form, 'Role', 'Contributor');
    await form.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(toast(page)).toContainText('User invitation sent successfully!');
    await expect(form.getByLabel('Email')).toHaveValue('');

    const invited = row(invitations, email);
    await expect(invited.getByText('Contributor', { exact: true })).toBeVisible();
    await expect(invited.locator('time').first()).not.toHaveText('');
    await expect(invited).toContainText('Expires');
    // The invitation was mailed (journey-invitation.spec.ts follows the mail).
    const sent = form.getByRole('status');
    await expect(sent).toContainText(`Invitation sent to ${email} (Contributor).`);

    await invited.getByRole('button', { name: `Revoke invitation for ${email}` }).click();
    await expect(toast(page)).toContainText('Invitation revoked successfully!');
    await expect(row(invitations, email)).toHaveCount(0);
    // A revoked invitation is no longer said to be on its way.
    await expect(sent).toHaveCount(0);
  });

  test("inviting an existing user's email is refused with the server's message", async ({ page, baseURL }) => {
    await signIn(page, ACCOUNTS.admin);
    const form = (await openInvitations(page)).getByRole('region', { name: 'Invite someone' });
    await form.getByLabel('Email').fill(ACCOUNTS.member.email);
    await form.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(toast(page)).toContainText('A user with this email already exists');
    await expect(form.getByText('A user with this email already exists')).toBeVisible();
    const email = form.getByLabel('Email');
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await email.fill(`someone.${unique()}@example.test`);
    await expect(form.getByText('A user with this email already exists')).toHaveCount(0);
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  });

  test("the empty texts: 'No users found.' and 'No pending invitations.'", async ({ page, baseURL }) => {
    await signIn(page, ACCOUNTS.admin);
    await page.route('**/api/users', (route) => route.fulfill({ json: [] }));
    await page.route('**/api/users/invitations', (route) => route.fulfill({ json: [] }));
    await openUsersTab(page);
    await expect(page.getByText('No users found.', { exact: true })).toBeVisible();
    await openInvitations(page);
    await expect(page.getByText('No pending invitations.', { exact: true })).toBeVisible();
  });
});

test.describe('/admin/users', () => {
  test('search, role and status filters narrow the table; the count follows', async ({ page, baseURL }) => {
    test.slow(); // a long journey through several server round trips
    await signIn(page, ACCOUNTS.admin);
    const stamp = unique();
    const editor = await createUserViaApi(page, baseURL, { firstName: 'Filter', lastName: `Editor${stamp}`, role: 'editor' });
    const sleeper = await createUserViaApi(page, baseURL, { firstName: 'Filter', lastName: `Sleeper${stamp}`, isActive: false });
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Back to Admin/ })).toHaveAttribute('href', '/admin');
    const table = usersTable(page);
    const all = await getJson<ListedUser[]>(page.request, '/api/admin/users');
    await expect(page.getByRole('heading', { name: `Users (${all.length})` })).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search users' }).fill(`editor${stamp}`);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(row(table, editor.email)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Users (1)' })).toBeVisible();

    // Search by email too, case-insensitively.
    await page.getByRole('searchbox', { name: 'Search users' }).fill(sleeper.email.toUpperCase());
    await expect(row(table, sleeper.email)).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);

    await page.getByRole('searchbox', { name: 'Search users' }).fill('');
    // The filters' Role (the invitation form below has one too).
    const filters = page.locator('.admin-filters');
    await choose(filters, 'Role', 'Editor');
    await expect(row(table, editor.email)).toBeVisible();
    await expect(row(table, sleeper.email)).toHaveCount(0);
    for (const badge of await table.locator('tbody tr td[data-label="Role"]').all()) await expect(badge).toHaveText('Editor');

    await choose(filters, 'Role', 'All roles');
    await choose(filters, 'Status', 'Inactive');
    await expect(row(table, sleeper.email)).toBeVisible();
    await expect(row(table, editor.email)).toHaveCount(0);
    for (const badge of await table.locator('tbody tr td[data-label="Status"]').all()) await expect(badge).toHaveText('Inactive');

    await page.getByRole('searchbox', { name: 'Search users' }).fill('nobody-matches-this');
    await expect(page.getByText('No users found', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Users (0)' })).toBeVisible();
  });

  test('Add User with a status; Edit keeps the password when New Password is blank, and sets it when filled', async ({
    page,
    baseURL,
  }) => {
    test.slow(); // a long journey through several server round trips
    await signIn(page, ACCOUNTS.admin);
    await page.goto('/admin/users');
    const stamp = unique();
    const email = `added.${stamp}@example.test`;
    await page.getByRole('button', { name: 'Add User' }).click();
    const add = page.getByRole('dialog', { name: 'Add User' });
    await add.getByLabel('First Name').fill('Added');
    await add.getByLabel('Last Name').fill(`Person${stamp}`);
    await add.getByLabel('Email').fill(email);
    await add.getByLabel('Password', { exact: true }).fill('First-pass-cobalt-heron');
    await choose(add, 'Role', 'Admin');
    await choose(add, 'Status', 'Inactive');
    await add.getByLabel('Title (optional)').fill('Auditor');
    await add.getByRole('button', { name: 'Create User' }).click();
    await expect(toast(page)).toContainText('User created successfully!');

    const line = row(usersTable(page), email);
    await expect(line.getByText('Admin', { exact: true })).toHaveClass(/badge--red/);
    await expect(line.getByText('Inactive', { exact: true })).toBeVisible();
    await expect(line).toContainText('Auditor');

    await chooseRowAction(page, line, `Added Person${stamp}`, 'Edit');
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await expect(edit.getByLabel('Email')).toHaveValue(email);
    await expect(edit.getByLabel('New Password (Optional)')).toHaveValue('');
    await choose(edit, 'Status', 'Active');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page)).toContainText('User updated successfully!');
    await expect(edit).toHaveCount(0);
    await expect(line.getByText('Active', { exact: true })).toBeVisible();
    expect(await canSignIn(page, baseURL, email, 'First-pass-cobalt-heron')).toBe(true);

    await chooseRowAction(page, line, `Added Person${stamp}`, 'Edit');
    await page.getByRole('dialog', { name: 'Edit User' }).getByLabel('New Password (Optional)').fill('Second-pass-amber-otter');
    await page.getByRole('dialog', { name: 'Edit User' }).getByRole('button', { name: 'Save Changes' }).click();
    // The dialog closes once saved (the first save's toast may still be showing).
    await expect(page.getByRole('dialog', { name: 'Edit User' })).toHaveCount(0);
    expect(await canSignIn(page, baseURL, email, 'Second-pass-amber-otter')).toBe(true);
    expect(await canSignIn(page, baseURL, email, 'First-pass-cobalt-heron')).toBe(false);
  });

  test('delete from /admin/users asks for the same confirmation', async ({ page, baseURL }) => {
    await signIn(page, ACCOUNTS.admin);
    const user = await createUserViaApi(page, baseURL, {});
    await page.goto('/admin/users');
    const name = `${user.firstName} ${user.lastName}`;
    await chooseRowAction(page, row(usersTable(page), user.email), name, 'Delete…');
    const confirm = page.getByRole('alertdialog', { name: `Delete ${name}?` });
    await expect(confirm).toContainText('Are you sure you want to delete this user? This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page)).toContainText('User deleted successfully!');
    await expect(row(usersTable(page), user.email)).toHaveCount(0);
  });

  test('Reset two-step sign-in: the member who lost their phone signs in with the password alone, and is signed out everywhere', async ({ page, baseURL }) => {
    test.slow(); // the member turns two-step sign-in on through the API first
    await signIn(page, ACCOUNTS.admin);
    const user = await createUserViaApi(page, baseURL, {});
    const name = `${user.firstName} ${user.lastName}`;
    // The member's own device: two-step sign-in on, as the profile's setup does it.
    const device = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
    try {
      expect((await device.post('/api/auth/login', { data: { email: user.email, password: 'Quiet-harbour-lamp-42' } })).status()).toBe(200);
      const { secret } = (await (await device.post('/api/profile/two-factor/setup')).json()) as { secret: string };
      const enabled = await device.post('/api/profile/two-factor/enable', { data: { code: await generate({ secret }) } });
      expect(enabled.status(), await enabled.text()).toBe(200);
      expect((await device.get('/api/auth/user')).status()).toBe(200);

      await page.goto('/admin/users');
      const line = row(usersTable(page), user.email);
      await expect(line.getByText('Two-step sign-in', { exact: true })).toBeVisible();
      await chooseRowAction(page, line, name, 'Reset two-step sign-in…');
      const confirm = page.getByRole('alertdialog', { name: 'Reset two-step sign-in?' });
      await expect(confirm).toContainText(`${name} will sign in with their password alone and be signed out of every device.`);
      await expectNoSeriousA11yViolations(page);
      await confirm.getByRole('button', { name: 'Reset' }).click();
      await expect(toast(page)).toContainText('Two-step sign-in reset.');
      await expect(confirm).toHaveCount(0);
      await expect(line.getByText('Two-step sign-in', { exact: true })).toHaveCount(0);
      // Nothing left to reset: the menu no longer offers it.
      await line.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
      const menu = page.getByRole('menu', { name: `Actions for ${name}` });
      await expect(menu.getByRole('menuitem', { name: 'Sign out everywhere' })).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: 'Reset two-step sign-in…' })).toHaveCount(0);
      await page.keyboard.press('Escape');

      // Their device was signed out; the password alone now signs them in.
      expect((await device.get('/api/auth/user')).status()).toBe(401);
      const again = await device.post('/api/auth/login', { data: { email: user.email, password: 'Quiet-harbour-lamp-42' } });
      expect(again.status()).toBe(200);
      const body = await again.json();
      expect(body).toMatchObject({ email: user.email });
      expect(body).not.toHaveProperty('twoFactorRequired');
    } finally {
      await device.dispose();
    }
  });
});

test('below 1024 px the tables become cards that keep their table roles (WebKit drops them from display: block)', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await signIn(page, ACCOUNTS.admin);
  for (const path of ['/admin/users', '/admin']) {
    await page.goto(path);
    if (path === '/admin') await page.getByRole('tab', { name: 'Users' }).click();
    const table = page.locator('table.data-table--cards').first();
    await expect(table.locator('tbody tr').first()).toBeVisible();
    // The cards layout is on: rows are blocks, not table rows.
    expect(await table.locator('tbody tr').first().evaluate((tr) => getComputedStyle(tr).display)).toBe('block');
    const roles = await page.locator('table.data-table--cards').evaluateAll((tables) =>
      tables.flatMap((t) => [t, ...t.querySelectorAll('thead, tbody, tr, th, td')]).map((el) => ({
        tag: el.tagName.toLowerCase(),
        scope: el.getAttribute('scope'),
        role: el.getAttribute('role'),
      })),
    );
    const expected = { table: 'table', thead: 'rowgroup', tbody: 'rowgroup', tr: 'row', td: 'cell' } as Record<string, string>;
    for (const { tag, scope, role } of roles)
      expect(role, `${path} <${tag}>`).toBe(tag === 'th' ? (scope === 'col' ? 'columnheader' : 'rowheader') : expected[tag]);
  }
});

test('offline, the admin lists say so with the offline notice: no "could not be loaded", no count of nothing', async ({ page, context }) => {
  await signIn(page, ACCOUNTS.admin);
  // The control panel's screens are not precached: each is kept once opened. The visit begins on the panel,
  // before any worker (the page hands the worker the chunks it ran), then opens the users screen.
  await page.goto('/admin');
  await waitForServiceWorker(page);
  const keptScreen = (name: string) => async () => (await cachedUrls(page, 'ledger-assets-v1')).some((url) => url.includes(`/assets/${name}-`));
  await expect.poll(keptScreen('AdminPanelScreen')).toBe(true);
  await page.goto('/admin/users');
  await expect(usersTable(page).getByRole('row').nth(1)).toBeVisible();
  await expect.poll(keptScreen('UserManagementScreen')).toBe(true);
  await goOffline(context);
  await page.reload();
  const list = page.getByRole('region', { name: 'Users' });
  await expect(list.getByRole('heading', { name: "You're offline" })).toBeVisible();
  // Managing the site needs the server: the notice says so, and offers no saved reading instead.
  await expect(list.getByText('This part of the control panel has not been loaded on this device. Connect to the internet to manage it.')).toBeVisible();
  await expect(list.getByRole('link', { name: 'Go to Saved' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Users', exact: true })).toBeVisible();
  await expect(page.getByText(/could not be loaded/)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /^Users \(/ })).toHaveCount(0);

  // The control panel's Users tab too.
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page.getByRole('tabpanel').getByRole('heading', { name: "You're offline" }).first()).toBeVisible();
  await expect(page.getByText(/could not be loaded/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

for (const width of [1280, 1440]) {
  test.describe(`the users table's activity columns at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('joined, last seen, posts and comments are shown; clicking a header sorts by it, again reverses it', async ({ page, baseURL }) => {
      test.slow(); // several sorts, each a server round trip
      await page.goto('/');
      await signInWithForm(page, ACCOUNTS.admin);
      const stamp = unique();
      // A member with known activity: one discussion, one reply, one comment.
      const poster = await createUserViaApi(page, baseURL, { firstName: 'Aaa', lastName: `Poster${stamp}`, password: 'Quiet-harbour-lamp-42' });
      const api = await request.newContext({ baseURL });
      try {
        expect((await api.post('/api/auth/login', { data: { email: poster.email, password: 'Quiet-harbour-lamp-42' } })).status()).toBe(200);
        const [category] = await getJson<Array<{ id: string }>>(api, '/api/forum/categories');
        const discussion = await (await api.post('/api/forum/discussions', { data: { title: `Sorting ${stamp}`, content: 'Body', categoryId: category.id } })).json();
        expect((await api.post('/api/forum/replies', { data: { discussionId: discussion.id, content: 'A reply' } })).status()).toBe(201);
        const [article] = await getJson<Array<{ id: string }>>(api, '/api/news?limit=1');
        expect((await api.post(`/api/news/${article.id}/comments`, { data: { content: 'A comment' } })).status()).toBe(201);
      } finally {
        await api.dispose();
      }

      await page.getByRole('banner').getByRole('link', { name: 'Admin' }).click();
      await page.getByRole('main').getByRole('link', { name: 'Users', exact: true }).click();
      const table = usersTable(page);
      for (const name of ['User', 'Role', 'Status', 'Joined', 'Last seen', 'Posts', 'Comments', 'Actions']) {
        await expect(table.getByRole('columnheader', { name, exact: true })).toBeVisible();
      }
      const line = row(table, poster.email);
      // The email under the name; every column, Actions too, fits without scrolling sideways.
      await expect(line.getByRole('rowheader')).toContainText(poster.email);
      await expect(line.getByRole('button', { name: /^Actions for / })).toBeInViewport();
      await expect(line.locator('td[data-label="Posts"]')).toHaveText('2');
      await expect(line.locator('td[data-label="Comments"]')).toHaveText('1');
      // Signed in through the API just now: seen minutes ago at most.
      await expect(line.locator('td[data-label="Last seen"]')).toHaveText(/just now|minute/);
      await expect(line.locator('td[data-label="Joined"] time')).toHaveAttribute('datetime', /^\d{4}-/);

      // Default: joined, newest first.
      await expect(table.getByRole('columnheader', { name: 'Joined', exact: true })).toHaveAttribute('aria-sort', 'descending');
      const column = (label: string) => table.locator(`tbody td[data-label="${label}"]`).allTextContents();
      const numbers = async (label: string) => (await column(label)).map(Number);

      await table.getByRole('button', { name: 'Posts', exact: true }).click();
      await expect(table.getByRole('columnheader', { name: 'Posts', exact: true })).toHaveAttribute('aria-sort', 'descending');
      await expect(table.getByRole('columnheader', { name: 'Joined', exact: true })).toHaveAttribute('aria-sort', 'none');
      await expect.poll(async () => {
        const posts = await numbers('Posts');
        return posts.length > 1 && posts.every((n, i) => i === 0 || posts[i - 1] >= n);
      }).toBe(true);
      await table.getByRole('button', { name: 'Posts', exact: true }).click();
      await expect(table.getByRole('columnheader', { name: 'Posts', exact: true })).toHaveAttribute('aria-sort', 'ascending');
      await expect.poll(async () => {
        const posts = await numbers('Posts');
        return posts.length > 1 && posts.every((n, i) => i === 0 || posts[i - 1] <= n);
      }).toBe(true);

      await table.getByRole('button', { name: 'User', exact: true }).click();
      await expect(table.getByRole('columnheader', { name: 'User', exact: true })).toHaveAttribute('aria-sort', 'ascending');
      // An "Aaa Poster…" (this test's, or the other width's on the same server) sorts first by name.
      await expect(table.locator('tbody tr').first().getByRole('rowheader')).toContainText('Aaa Poster');
      await table.getByRole('button', { name: 'User', exact: true }).click();
      await expect(table.getByRole('columnheader', { name: 'User', exact: true })).toHaveAttribute('aria-sort', 'descending');
      await expect(table.locator('tbody tr').last().getByRole('rowheader')).toContainText('Aaa Poster');
      await table.getByRole('button', { name: 'Comments', exact: true }).click();
      await expect(table.getByRole('columnheader', { name: 'Comments', exact: true })).toHaveAttribute('aria-sort', 'descending');
      await expect.poll(async () => {
        const comments = await numbers('Comments');
        return comments.every((n, i) => i === 0 || comments[i - 1] >= n);
      }).toBe(true);
      await page.screenshot({ path: `/tmp/shots-rebuild/users-${width}.png`, fullPage: true });

      // Invitations in one place, under a plain heading.
      const invitations = page.getByRole('region', { name: 'Invitations', exact: true });
      await expect(invitations.getByRole('button', { name: 'Send Invitation', exact: true })).toBeVisible();
      await expect(invitations.getByRole('heading', { name: 'Pending Invitations' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Invite New User (Alternative)' })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
    });
  });
}

test.describe('accessibility', () => {
  // One run, in the light theme: each axe check also reads the dark theme's colours (axe.ts).
  const theme = 'light';
  test.describe(theme, () => {
    test.beforeEach(async ({ page, baseURL }) => {
      await useTheme(page, theme);
      await signIn(page, ACCOUNTS.admin);
    });

    test('the Users tab and the Create User dialog have no serious axe violations', async ({ page }) => {
      test.slow(); // two axe runs over a long page
      await openUsersTab(page);
      await expect(usersTable(page).getByRole('row').nth(1)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'Create User' }).click();
      await page.getByRole('dialog', { name: 'Create User' }).getByRole('button', { name: 'Create User' }).click();
      await expect(page.getByText('First name is required')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test('/admin/users and the Edit User dialog have no serious axe violations', async ({ page }) => {
      test.slow(); // two axe runs
      await page.goto('/admin/users');
      await expect(usersTable(page).getByRole('row').nth(1)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await usersTable(page).getByRole('button', { name: /^Actions for / }).first().click();
      await page.getByRole('menuitem', { name: 'Edit' }).click();
      await expect(page.getByRole('dialog', { name: 'Edit User' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  });
});
