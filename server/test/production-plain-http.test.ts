import { format } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestServer, type Agent, type TestServer } from './harness';
import { createUser, insertArticle, TEST_PASSWORD } from './factories';
import { upsertInvitation } from '../api/invitations/repo';
import { SESSION_COOKIE, SESSION_MAX_AGE_MS } from '../middleware/session';
import { signInAs } from './agents';

const DAY = 24 * 60 * 60 * 1000;
const HTTPS_REQUIRED = { message: 'Sign-in requires HTTPS', code: 'https_required' };
/** Errors the app logged (a 500 is logged with its stack). */
let logged: string[] = [];
const logger = { error: (...args: unknown[]) => logged.push(format(...args)), info: () => {} };
beforeEach(() => {
  logged = [];
});

const registration = (email: string) => ({ email, password: 'Quiet-harbour-lamp-42', firstName: 'Plain', lastName: 'Http' });
const count = async (t: TestServer, email: string) => Number((await t.db('users').where({ email }).count({ n: '*' }))[0].n);

describe.each(DB_KINDS)('production over plain HTTP [%s]', (kind) => {
  describe('with no TLS proxy in front (TRUST_PROXY empty)', () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startTestServer(kind, { env: 'production', logger });
    }, 60_000);
    afterAll(() => t?.close());

    it('registration answers 403 https_required before the account is created', async () => {
      const email = `plain-${kind}-${Date.now()}@example.com`;
      const res = await t.agent().post('/api/auth/register', registration(email));
      expect(res.status).toBe(403);
      expect(res.body).toEqual(HTTPS_REQUIRED);
      expect(await count(t, email)).toBe(0);
      expect(logged).toEqual([]);
    });

    it('login and logout answer 403 https_required, and no session is stored', async () => {
      const user = await createUser(t.db);
      const sessions = async () => Number((await t.db('sessions').count({ n: '*' }))[0].n);
      const before = await sessions();
      const login = await t.agent().post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
      expect(login.status).toBe(403);
      expect(login.body).toEqual(HTTPS_REQUIRED);
      expect((await t.agent().post('/api/auth/logout')).body).toEqual(HTTPS_REQUIRED);
      expect(await sessions()).toBe(before);
      expect(logged).toEqual([]);
    });

    it('accepting an invitation answers 403 https_required before the account is created', async () => {
      const admin = await createUser(t.db, { role: 'admin' });
      const email = `invited-${kind}-${Date.now()}@example.com`;
      const { token } = await upsertInvitation(t.db, undefined, { email, role: 'editor', invitedBy: admin.id });
      const res = await t.agent().post(`/api/invitations/${token}/accept`, { password: 'Quiet-harbour-lamp-42', firstName: 'Plain', lastName: 'Http' });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(HTTPS_REQUIRED);
      expect(await count(t, email)).toBe(0);
      expect(logged).toEqual([]);
    });

    it('an X-Forwarded-Proto sent by the client itself does not count as HTTPS', async () => {
      const email = `forged-${kind}-${Date.now()}@example.com`;
      const res = await t.agent().request('POST', '/api/auth/register', {
        body: registration(email),
        headers: { 'x-forwarded-proto': 'https', origin: t.url },
      });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(HTTPS_REQUIRED);
      expect(await count(t, email)).toBe(0);
    });
  });

  describe('behind a TLS proxy (TRUST_PROXY=127.0.0.1), server rendering on', () => {
    let t: TestServer;
    const https = () => t.url.replace('http:', 'https:');
    /** What the TLS proxy adds to every request it passes on. */
    const viaProxy = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.5' };
    beforeAll(async () => {
      t = await startTestServer(kind, { env: 'production', trustProxy: ['127.0.0.1', '::1'], serverRendering: true, logger });
      await insertArticle(t.db, { title: 'Deferred tax in practice' });
    }, 60_000);
    afterAll(() => t?.close());

    it('registration through the proxy works and sets a Secure cookie', async () => {
      const email = `proxied-${kind}-${Date.now()}@example.com`;
      const res = await t.agent().request('POST', '/api/auth/register', { body: registration(email), headers: { ...viaProxy, origin: https() } });
      expect(res.status).toBe(201);
      expect(res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))).toMatch(/;\s*secure/i);
      expect(await count(t, email)).toBe(1);
    });

    it('a session due for its rolling refresh renders a signed-in page without error; the browser\'s own call refreshes it', async () => {
      const user = await createUser(t.db, { firstName: 'Stale', lastName: 'Session' });
      const agent: Agent = t.agent();
      await signInAs(t.db, agent, user.id);
      const sid = agent.cookies.get(SESSION_COOKIE)!;
      // Last refreshed ten days ago: the next request of the user's refreshes it.
      const stale = Date.now() + SESSION_MAX_AGE_MS - 10 * DAY;
      const row = await t.db('sessions').where({ sid }).first();
      await t.db('sessions').where({ sid }).update({ sess: JSON.stringify({ ...JSON.parse(row.sess), _expire: stale }), expire: new Date(stale).toISOString() });
      const expiry = async () => new Date((await t.db('sessions').where({ sid }).first()).expire).getTime();

      const page = await agent.get('/news', viaProxy);
      expect(page.status).toBe(200);
      expect(page.text).not.toContain('<div id="root"></div>');
      expect(page.text).toContain('Deferred tax in practice');
      expect(page.headers.get('cache-control')).toBe('private, no-cache');
      expect(logged).toEqual([]);
      // The render's own calls left the session alone (their cookie would never reach the browser)...
      expect(await expiry()).toBe(stale);
      // ...and the browser's next call refreshes the row and its cookie together.
      const own = await agent.get('/api/auth/session', viaProxy);
      expect(own.body.user.id).toBe(user.id);
      expect(own.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))).toMatch(/;\s*secure/i);
      expect(await expiry()).toBeGreaterThan(Date.now() + SESSION_MAX_AGE_MS - DAY);
    });

    it('the internal render call cannot be imitated from outside: a forged marker changes nothing', async () => {
      const email = `marker-${kind}-${Date.now()}@example.com`;
      const res = await t.agent().request('POST', '/api/auth/register', {
        body: registration(email),
        headers: { 'x-internal-call': Buffer.alloc(32).toString('base64url'), origin: t.url },
      });
      // Over plain HTTP (the proxy did not say https), so sign-in is refused as for anyone else.
      expect(res.status).toBe(403);
      expect(res.body).toEqual(HTTPS_REQUIRED);
    });
  });
});
