import { rmSync, writeFileSync } from 'node:fs';
import { format } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Agent, DB_KINDS, describeEachDb, startTestServer, type TestServer } from '../test/harness';
import { createUser, TEST_PASSWORD } from '../test/factories';
import { SESSION_COOKIE, SESSION_MAX_AGE_MS, SESSION_REFRESH_MS } from '../middleware/session';
import { signedIn } from '../test/agents';
import { PNG_BYTES, uploadPath } from '../test/uploads';

const DAY = 24 * 60 * 60 * 1000;

async function login(t: TestServer, email: string): Promise<Agent> {
  const agent = t.agent();
  const res = await agent.post('/api/auth/login', { email, password: TEST_PASSWORD });
  expect(res.status).toBe(200);
  return agent;
}

/** Moves a session's expiry (the row's column and koa-session's own copy) to `expire`. */
async function setExpiry(t: TestServer, sid: string, expire: number): Promise<void> {
  const row = await t.db('sessions').where({ sid }).first();
  const sess = { ...JSON.parse(row.sess), _expire: expire };
  await t.db('sessions').where({ sid }).update({ sess: JSON.stringify(sess), expire: new Date(expire).toISOString() });
}

const expiryOf = async (t: TestServer, sid: string) => new Date((await t.db('sessions').where({ sid }).first()).expire).getTime();

describeEachDb('sessions', (t) => {
  it('"sign out everywhere" ends every session of the caller and no one else\'s', async () => {
    const user = await createUser(t().db);
    const bystander = await createUser(t().db);
    const [laptop, phone, other] = [await login(t(), user.email), await login(t(), user.email), await login(t(), bystander.email)];

    const res = await phone.post('/api/auth/logout-all');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, ended: 2 });
    expect((await laptop.get('/api/auth/user')).status).toBe(401);
    expect((await phone.get('/api/auth/user')).status).toBe(401);
    expect(Number((await t().db('sessions').where({ user_id: user.id }).count({ n: '*' }).first())!.n)).toBe(0);
    expect((await other.get('/api/auth/user')).status).toBe(200);
    // Signed out, there is nothing to end.
    expect((await phone.post('/api/auth/logout-all')).status).toBe(401);
  });

  it('an admin can sign a user out everywhere; the admin stays signed in', async () => {
    const { agent: admin } = await signedIn(t().db, t().agent(), 'admin');
    const user = await createUser(t().db);
    const [a, b] = [await login(t(), user.email), await login(t(), user.email)];

    const res = await admin.post(`/api/admin/users/${user.id}/logout-all`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, ended: 2 });
    expect((await a.get('/api/auth/user')).status).toBe(401);
    expect((await b.get('/api/auth/user')).status).toBe(401);
    expect((await admin.get('/api/auth/user')).status).toBe(200);
    // The user can sign in again.
    expect((await (await login(t(), user.email)).get('/api/auth/user')).status).toBe(200);

    expect((await admin.post('/api/admin/users/00000000-0000-4000-8000-000000000000/logout-all')).status).toBe(404);
    expect((await admin.post('/api/admin/users/not-an-id/logout-all')).status).toBe(404);
  });

  it('idle timeout is 30 days, rolling: each use pushes the end to 30 days after it', async () => {
    const user = await createUser(t().db);
    const agent = await login(t(), user.email);
    const sid = agent.cookies.get(SESSION_COOKIE)!;

    // Last used 20 days ago: 10 days left. A request now gives it 30 days again.
    await setExpiry(t(), sid, Date.now() + 10 * DAY);
    const before = Date.now();
    expect((await agent.get('/api/auth/user')).status).toBe(200);
    expect(await expiryOf(t(), sid)).toBeGreaterThanOrEqual(before + SESSION_MAX_AGE_MS);

    // Used again within the hour: no write (the expiry stays exactly where it was set).
    const set = Date.now() + SESSION_MAX_AGE_MS - SESSION_REFRESH_MS / 2;
    await setExpiry(t(), sid, set);
    expect((await agent.get('/api/auth/user')).status).toBe(200);
    expect(await expiryOf(t(), sid)).toBe(set);

    // Unused for 30 days: over.
    await setExpiry(t(), sid, Date.now() - 1000);
    expect((await agent.get('/api/auth/user')).status).toBe(401);
  });
});

/*
 * What the server logs: one line at start (site name, address, database engine; never the database
 * URL), database outages and recoveries, and unexpected errors as `[request id] METHOD /route/:pattern`
 * with the error. Never request bodies, cookies, headers or paths (a path can hold an upload token).
 */
describe.each(DB_KINDS)('logs [%s]', (kind) => {
  const lines: string[] = [];
  const capture = (...args: unknown[]) => void lines.push(format(...args));
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind, { logger: { error: capture, info: capture } });
  }, 60_000);
  afterAll(async () => {
    vi.restoreAllMocks();
    await t?.close();
  });

  it('hold no password, session id or upload token, even for requests that fail', async () => {
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) vi.spyOn(console, method).mockImplementation(capture);
    const secrets: string[] = [];
    const password = 'correct-horse-battery-9';
    const email = `logged-${Date.now()}@example.com`;

    const agent = t.agent();
    expect((await agent.post('/api/auth/register', { email, password, firstName: 'Log', lastName: 'Check' })).status).toBe(201);
    secrets.push(password, agent.cookies.get(SESSION_COOKIE)!, agent.cookies.get(`${SESSION_COOKIE}.sig`)!);
    expect((await t.agent().post('/api/auth/login', { email, password: 'wrong-password-77' })).status).toBe(401);
    secrets.push('wrong-password-77');
    const again = t.agent();
    expect((await again.post('/api/auth/login', { email, password })).status).toBe(200);
    secrets.push(again.cookies.get(SESSION_COOKIE)!);

    const ok = await uploadPath(again);
    secrets.push(ok.split('/').pop()!);
    expect((await again.request('PUT', ok, { raw: PNG_BYTES, headers: { 'content-type': 'image/png' } })).status).toBe(200);
    // An upload that fails on our side (its directory is gone and a file stands in its place) is logged.
    const failing = await uploadPath(again);
    secrets.push(failing.split('/').pop()!);
    rmSync(t.storageDir, { recursive: true, force: true });
    writeFileSync(t.storageDir, 'not a directory');
    expect((await again.request('PUT', failing, { raw: PNG_BYTES, headers: { 'content-type': 'image/png' } })).status).toBe(500);
    rmSync(t.storageDir, { force: true });

    const log = lines.join('\n');
    expect(log).toContain('PUT /api/uploads/:token'); // the failure was logged, by its route
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(8);
      expect(log).not.toContain(secret);
    }
  });
});
