import { expect, request, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { header, headerShows } from './journey';
import { newMember, type TestMember } from './mail';
import { ACCOUNTS } from './session';

/** Helpers of the CPD ledger's specs: a member of the test's own, and measured time posted as the device would. */

export type LedgerMember = TestMember;

/** A fresh member (a ledger is a member's alone: the seeded accounts' ledgers carry other specs' time). */
export const newLedgerMember = (baseURL: string, firstName = 'Lee'): Promise<LedgerMember> => newMember({ request }, baseURL, firstName);

/** The member's own API, signed in (for the arrangement: time records, checks of what the server kept). */
export async function memberApi(baseURL: string, member: Pick<LedgerMember, 'email' | 'password'>): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const res = await api.post('/api/auth/login', { data: { email: member.email, password: member.password } });
  expect(res.status(), await res.text()).toBe(200);
  return api;
}

/**
 * `minutes` of reading or listening, measured on a device and sent as one time record (POST
 * /api/cpd/time), ending a minute ago: the server refuses device times ahead of its own clock.
 */
export async function logTime(
  api: APIRequestContext,
  item: { itemType: 'article' | 'episode' | 'discussion'; itemId: string },
  minutes: number,
  options: { endedMinutesAgo?: number; recordedOffline?: boolean } = {},
): Promise<{ entryId: string; countedSeconds: number }> {
  const endedAt = Date.now() - (options.endedMinutesAgo ?? 1) * 60_000;
  const startedAt = endedAt - minutes * 60_000;
  const res = await api.post('/api/cpd/time', {
    data: {
      id: randomUUID(),
      ...item,
      startedAt: new Date(startedAt).toISOString(),
      endedAt: new Date(endedAt).toISOString(),
      activeSeconds: minutes * 60,
      recordedOffline: options.recordedOffline ?? false,
    },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as { entryId: string; countedSeconds: number };
}

/** A published article with learning objectives, by the seeded editor. */
export async function articleWithObjectives(baseURL: string, title: string, objectives: string[]): Promise<{ id: string; title: string }> {
  const editor = await request.newContext({ baseURL });
  try {
    const login = await editor.post('/api/auth/login', { data: { email: ACCOUNTS.editor.email, password: ACCOUNTS.editor.password } });
    expect(login.status(), await login.text()).toBe(200);
    const categories = (await (await editor.get('/api/news-categories')).json()) as Array<{ id: string }>;
    const res = await editor.post('/api/news', {
      data: {
        title,
        content: `${title}: a long read about revenue recognition, leases and the judgements behind them.\n\n`.repeat(30),
        categoryIds: [categories[0].id],
        status: 'published',
        learningObjectives: objectives.join('\n'),
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: string; title: string };
  } finally {
    await editor.dispose();
  }
}

/** The ledger, from the header's account menu on a desktop, from the menu sheet on a phone. */
export async function openLedgerFromMenu(page: Page, name: string): Promise<void> {
  const account = header(page).getByRole('button', { name: `Account menu for ${name}` });
  if ((await headerShows(page, account)) === 'desktop') {
    await account.click();
    await page.getByRole('menuitem', { name: 'CPD ledger' }).click();
  } else {
    await header(page).getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'CPD ledger' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
  }
  await expect(page).toHaveURL(/\/cpd$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'CPD ledger' })).toBeVisible();
}

/** RFC 4180 CSV (quoted fields, doubled quotes, line breaks inside quotes) into rows of fields. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** The text of every page of a PDF, joined (pdfjs-dist, as a reader would extract it). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: bytes, useSystemFonts: true }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages.join('\n');
}

/** Signs the page's browser in as `member` through the API (before the first page.goto). */
export async function signInAs(page: Page, member: Pick<LedgerMember, 'email' | 'password'>): Promise<void> {
  const res = await page.request.post('/api/auth/login', { data: { email: member.email, password: member.password } });
  expect(res.status(), await res.text()).toBe(200);
}
