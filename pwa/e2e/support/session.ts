import { expect, request, type Page } from '@playwright/test';

/** The seeded demo accounts (server/db/seed/data.ts). */
export const ACCOUNTS = {
  admin: { email: 'admin@ledgercommons.test', password: 'admin123', name: 'Avery Collins' },
  editor: { email: 'editor@ledgercommons.test', password: 'editor123', name: 'Elena Marsh' },
  member: { email: 'member@ledgercommons.test', password: 'member123', name: 'Maya Patel' },
} as const;

export type Account = (typeof ACCOUNTS)[keyof typeof ACCOUNTS];

/**
 * Signs in through the API with the page's cookie jar (faster than the form; the form has its own
 * tests). Call before the first `page.goto` so the app starts signed in.
 */
export async function signIn(page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  const response = await page.request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Empties the account's reading list on the server. A member's Saved follows them to every
 * browser, so a test that starts from an empty Saved clears what an earlier test saved for the same
 * seeded account.
 */
export async function emptyReadingList(baseURL: string, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  const api = await request.newContext({ baseURL });
  try {
    expect((await api.post('/api/auth/login', { data: { email: account.email, password: account.password } })).status()).toBe(200);
    const changedAt = encodeURIComponent(new Date().toISOString());
    for (const { articleId } of (await (await api.get('/api/reading-list')).json()) as Array<{ articleId: string }>) {
      expect((await api.delete(`/api/reading-list/${articleId}?changedAt=${changedAt}`)).status()).toBe(200);
    }
  } finally {
    await api.dispose();
  }
}
