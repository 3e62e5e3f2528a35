import type { APIRequestContext, Page } from '@playwright/test';
import { TestSmtpServer, type ReceivedMail } from '../../../server/test/mail';
import { expect, test as base } from './fixtures';
import { ACCOUNTS } from './session';

/*
 * Specs that read the site's mail: each worker starts a real SMTP server (smtp-server, the
 * one the server's mail tests use) and its app server sends through it (SMTP_URL), so a test reads
 * what a member's inbox would get. These specs run on servers of their own (another `serverEnv`).
 */

interface MailFixtures {
  /** The worker's SMTP server: every message the app server sent, parsed. */
  smtp: TestSmtpServer;
}

export const test = base.extend<object, MailFixtures>({
  smtp: [
    // No dependencies: Playwright reads them from this (empty) pattern.
    async ({}, use) => {
      const smtp = new TestSmtpServer();
      await smtp.start();
      try {
        await use(smtp);
      } finally {
        await smtp.stop();
      }
    },
    { scope: 'worker' },
  ],
  // The limit per address stays the default (5; one test goes past it); the one per client address
  // would count every test of the worker, all from 127.0.0.1.
  serverEnv: [async ({ smtp }, use) => use({ SMTP_URL: smtp.url, PASSWORD_RESET_RATE_PER_IP: '1000' }), { scope: 'worker' }],
});

export { expect };

/** Waits until `address` has received `count` messages (polling what the SMTP server accepted). */
export async function mailTo(smtp: TestSmtpServer, address: string, count = 1): Promise<ReceivedMail[]> {
  await expect.poll(() => smtp.to(address).length, { message: `${count} message(s) to ${address}` }).toBeGreaterThanOrEqual(count);
  return smtp.to(address);
}

/** The reset link a mail carries, as the member would click it (the whole URL from its text body). */
export function resetLinkIn(mail: ReceivedMail): string {
  const match = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.parsed.text ?? '');
  if (!match) throw new Error(`no reset link in:\n${mail.parsed.text}`);
  return match[0];
}

const unique = () => Math.random().toString(36).slice(2, 8);

export interface TestMember {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  name: string;
}

/** A new subscriber made by the admin through the API (arranging data), so no other spec's account changes. */
export async function newMember(
  playwright: { request: { newContext(options: object): Promise<APIRequestContext> } },
  baseURL: string,
  firstName: string,
): Promise<TestMember> {
  const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  try {
    const login = await admin.post('/api/auth/login', { data: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password } });
    expect(login.status()).toBe(200);
    const account = { email: `${firstName.toLowerCase()}-${unique()}@example.com`, password: 'old-password-1', firstName, lastName: 'Resetwell' };
    const created = await admin.post('/api/admin/users', { data: account });
    expect(created.status(), await created.text()).toBe(201);
    return { ...account, name: `${firstName} Resetwell` };
  } finally {
    await admin.dispose();
  }
}

/** Asks for a reset link through the API (arranging a state the test is not about). */
export async function requestResetLink(page: Page, email: string): Promise<void> {
  const response = await page.request.post('/api/auth/password-reset', { data: { email } });
  expect(response.status(), await response.text()).toBe(202);
}

/** The invite link a mail carries, as the invitee would click it (the whole URL from its text body). */
export function inviteLinkIn(mail: ReceivedMail): string {
  const match = /https?:\/\/\S+\/invite\/[A-Za-z0-9_-]+/.exec(mail.parsed.text ?? '');
  if (!match) throw new Error(`no invite link in:\n${mail.parsed.text}`);
  return match[0];
}

/** The email confirmation link a mail carries, as the member would click it (the whole URL from its text body). */
export function confirmLinkIn(mail: ReceivedMail): string {
  const match = /https?:\/\/\S+\/confirm-email\/[A-Za-z0-9_-]+/.exec(mail.parsed.text ?? '');
  if (!match) throw new Error(`no confirmation link in:\n${mail.parsed.text}`);
  return match[0];
}
