import { expect, test } from '../support/fixtures';
import { NEW_PASSWORD_HINT } from '../../../contracts/auth';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { ACCOUNTS, signIn } from '../support/session';

/** Resolves a held route when `release` is called, so a pending state can be seen without sleeping. */
function holdRoute() {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  return { held, release };
}

test.describe('sign in', () => {
  test('success: pending text, toast, home page, signed-in header', async ({ page }) => {
    const { held, release } = holdRoute();
    await page.route('**/api/auth/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login');
    await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');

    await page.getByLabel('Email').fill(ACCOUNTS.member.email);
    await page.getByLabel('Password').fill(ACCOUNTS.member.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Signing In...' })).toBeVisible();
    release();

    await expect(page).toHaveURL('/');
    const toast = page.getByRole('alertdialog');
    await expect(toast).toContainText('Login Successful');
    await expect(toast).toContainText('Welcome back to Ledger Commons');
    await expect(page.getByRole('banner').getByText(ACCOUNTS.member.name)).toBeVisible();
  });

  test('wrong password: a Login Failed toast with the server message; stays on /login', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(ACCOUNTS.member.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();

    const toast = page.getByRole('alertdialog');
    await expect(toast).toContainText('Login Failed');
    await expect(toast).toContainText('Invalid email or password');
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('invalid email and short password show field errors under the fields, without a request', async ({ page }) => {
    let loginCalls = 0;
    await page.route('**/api/auth/login', async (route) => {
      loginCalls += 1;
      await route.continue();
    });
    await page.goto('/login');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('123');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();

    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Invalid email format');
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription('Password must be at least 6 characters');
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(loginCalls).toBe(0);

    // Correcting a field clears its error.
    await page.getByLabel('Email').fill(ACCOUNTS.member.email);
    await expect(page.getByText('Invalid email format')).toHaveCount(0);
  });

  test('/LOGIN matches /login (paths are case-insensitive)', async ({ page }) => {
    await page.goto('/LOGIN');
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toBeVisible();
  });

  test('Back to Home goes to /', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Ledger Commons' })).toBeVisible();
  });
});

test.describe('sign up', () => {
  test('registering lands on / signed in, with the welcome toast', async ({ page }) => {
    const email = `new.member.${Date.now()}@example.com`;
    const { held, release } = holdRoute();
    await page.route('**/api/auth/register', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('First name').fill('Nora');
    await page.getByLabel('Last name').fill('Quinn');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('Quiet-harbour-lamp-42');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('button', { name: 'Creating Account...' })).toBeVisible();
    release();

    // A new member's first page is the welcome screen, and nothing says "Welcome back".
    await expect(page).toHaveURL('/welcome');
    const toast = page.getByRole('alertdialog');
    await expect(toast).not.toContainText('Welcome back');
    await expect(toast).toContainText('Registration Successful');
    await expect(toast).toContainText('Welcome to Ledger Commons community!');
    await expect(page.getByRole('banner').getByText('Nora Quinn')).toBeVisible();
    const me = await page.request.get('/api/auth/user');
    expect((await me.json()).email).toBe(email);
  });

  test('missing names and a taken email show field errors and a Registration Failed toast', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByLabel('First name')).toHaveAccessibleDescription('First name is required');
    await expect(page.getByLabel('Last name')).toHaveAccessibleDescription('Last name is required');

    await page.getByLabel('First name').fill('Maya');
    await page.getByLabel('Last name').fill('Patel');
    await page.getByLabel('Email').fill(ACCOUNTS.member.email);
    await page.getByLabel('Password').fill('Quiet-harbour-lamp-42');
    await page.getByRole('button', { name: 'Create Account' }).click();

    const toast = page.getByRole('alertdialog');
    await expect(toast).toContainText('Registration Failed');
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL('/login');
  });

  test("a taken email: the server's message under Email, focused; editing the email clears it", async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('First name').fill('Maya');
    await page.getByLabel('Last name').fill('Patel');
    await page.getByLabel('Email').fill(ACCOUNTS.member.email);
    await page.getByLabel('Password').fill('Quiet-harbour-lamp-42');
    await page.getByRole('button', { name: 'Create Account' }).click();

    // The contract accepts the form; the server refuses the address, and says so under its field.
    const email = page.getByLabel('Email');
    await expect(email).toHaveAccessibleDescription('An account with this email already exists');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();
    await expect(page.getByRole('alertdialog')).toContainText('Registration Failed');

    await email.press('End');
    await email.press('Backspace');
    // (The toast may still say it; the field no longer does.)
    await expect(email).toHaveAccessibleDescription('');
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('a name with a pasted control character shows the text rule under the field, without a request', async ({ page }) => {
    let registerCalls = 0;
    await page.route('**/api/auth/register', async (route) => {
      registerCalls += 1;
      await route.continue();
    });
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    // An escape sequence, as pasted from a terminal: the same contract rule the server applies.
    await page.getByLabel('First name').fill('Nora\u001b[31m');
    await page.getByLabel('Last name').fill('Quinn');
    await page.getByLabel('Email').fill(`control.${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('Quiet-harbour-lamp-42');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByLabel('First name')).toHaveAccessibleDescription('Text cannot contain control characters');
    await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(registerCalls).toBe(0);
  });

  test("a guessable password: the server's advice under Password, no account, and a strong one then works", async ({ page }) => {
    const email = `guessable.${Date.now()}@example.com`;
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    const password = page.getByLabel('Password');
    await expect(password).toHaveAccessibleDescription(NEW_PASSWORD_HINT);
    await page.getByLabel('First name').fill('Nora');
    await page.getByLabel('Last name').fill('Quinn');
    await page.getByLabel('Email').fill(email);
    // Long enough for the contract; only the server's strength check refuses it.
    await password.fill('password123');
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(password).toHaveAccessibleDescription(/This password is too easy to guess\. This is a commonly used password\./);
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('main').getByText('This is a commonly used password.', { exact: false })).toBeVisible();
    await expect(page).toHaveURL('/login');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath('guessable-password.png') });
    expect((await page.request.post('/api/auth/login', { data: { email, password: 'password123' } })).status()).toBe(401);

    await password.fill('Quiet-harbour-lamp-42');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL('/welcome');
    await expect(page.getByRole('banner').getByText('Nora Quinn')).toBeVisible();
  });
});

test.describe('logout screen', () => {
  test('shows Logging out..., signs out, clears data and goes to /login', async ({ page }) => {
    await signIn(page, ACCOUNTS.member);
    await page.goto('/');
    await expect(page.getByRole('banner').getByText(ACCOUNTS.member.name)).toBeVisible();
    const { held, release } = holdRoute();
    await page.route('**/api/auth/logout', async (route) => {
      await held;
      await route.continue();
    });

    await page.goto('/logout');
    await expect(page.getByRole('heading', { name: 'Logging out...' })).toBeVisible();
    await expect(page.getByText('Please wait while we sign you out')).toBeVisible();
    release();

    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });

  test('still goes to /login when the logout call fails', async ({ page }) => {
    await signIn(page, ACCOUNTS.member);
    await page.route('**/api/auth/logout', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    await page.goto('/logout');
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
  });
});
