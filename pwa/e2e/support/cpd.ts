import { expect, request, type APIRequestContext } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { ACCOUNTS } from './session';

/** Helpers of the CPD ledger's specs: a member of the test's own, and measured time posted as the device would. */

export interface LedgerMember {
  id: string;
  email: string;
  password: string;
  firstName: string;
  name: string;
}

/** A fresh member (a ledger is a member's alone: the seeded accounts' ledgers carry other specs' time). */
export async function newLedgerMember(baseURL: string, firstName = 'Lee'): Promise<LedgerMember> {
  const admin = await request.newContext({ baseURL });
  try {
    const login = await admin.post('/api/auth/login', { data: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password } });
    expect(login.status(), await login.text()).toBe(200);
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const member = { email: `ledger.${stamp}@example.test`, password: 'Quiet-harbour-lamp-42', firstName, lastName: `Ledger${stamp}` };
    const res = await admin.post('/api/admin/users', { data: member });
    expect(res.status(), await res.text()).toBe(201);
    const { id } = (await res.json()) as { id: string };
    return { id, email: member.email, password: member.password, firstName, name: `${firstName} ${member.lastName}` };
  } finally {
    await admin.dispose();
  }
}

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
