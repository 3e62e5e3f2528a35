import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { DB_KINDS, freshAuthLimits, startTestServer, type Agent, type TestServer } from '../test/harness';
import { createUser, TEST_PASSWORD } from '../test/factories';
import { loadConfig } from '../config';
import { connect } from '../db/connect';
import {
  AuthRateLimits,
  DEFAULT_AUTH_RATE_LIMITS,
  ipKey,
  type AuthRateLimitConfig,
  type AuthRateLimiter,
} from '../middleware/rate-limit';

const MINUTE = 60_000;

/**
 * The server's limiter delegates to `limits`, which each test replaces, so every test starts from
 * empty counters and its own fake clock without a new server.
 */
let clock = 0;
let limits: AuthRateLimits;
let server: TestServer;
const reset = async (config: AuthRateLimitConfig = DEFAULT_AUTH_RATE_LIMITS) => {
  clock = Date.parse('2030-01-01T00:00:00Z');
  limits = await freshAuthLimits(server, config, () => clock);
};
const delegate: AuthRateLimiter = {
  beginLogin: (ip, email) => limits.beginLogin(ip, email),
  register: (ip, email) => limits.register(ip, email),
  acceptInvitation: (ip) => limits.acceptInvitation(ip),
};
const withLimits = (patch: Partial<AuthRateLimitConfig>) => reset({ ...DEFAULT_AUTH_RATE_LIMITS, ...patch });

describe.each(DB_KINDS)('login and registration rate limits [%s]', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind, { rateLimits: delegate });
    server = t;
  }, 60_000);
  afterAll(() => t?.close());
  beforeEach(() => reset());

  const login = (email: string, password: string, agent: Agent = t.agent()) => agent.post('/api/auth/login', { email, password });
  let n = 0;
  const register = (email = `new-${kind}-${++n}-${Date.now()}@example.com`) =>
    t.agent().post('/api/auth/register', { email, password: 'Quiet-harbour-lamp-42', firstName: 'New', lastName: 'Member' });

  it('blocks an email after 10 failed logins, right password included, with 429 and Retry-After', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 10; i++) expect((await login(user.email, 'wrong-password')).status, `attempt ${i + 1}`).toBe(401);

    clock += 5 * MINUTE;
    const blocked = await login(user.email, TEST_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: 'too_many_requests', message: expect.stringMatching(/try again later/) });
    // The 15-minute window opened at the first failure, five minutes ago.
    expect(blocked.headers.get('retry-after')).toBe(String(10 * 60));
    // The email is spelled differently but normalised the same way.
    expect((await login(`  ${user.email.toUpperCase()} `, TEST_PASSWORD)).status).toBe(429);

    // Another account from the same IP is not affected.
    const other = await createUser(t.db);
    expect((await login(other.email, TEST_PASSWORD)).status).toBe(200);

    // After the window, the right password works again.
    clock += 10 * MINUTE;
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('counts only failed logins: successful ones never add up to a block', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 9; i++) expect((await login(user.email, 'wrong-password')).status).toBe(401);
    for (let i = 0; i < 5; i++) expect((await login(user.email, TEST_PASSWORD)).status, `success ${i + 1}`).toBe(200);
    expect((await login(user.email, 'wrong-password')).status).toBe(401); // the 10th failure
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(429);
  });

  it('an unknown email is limited exactly like a known one', async () => {
    const email = `nobody-${kind}@example.com`;
    for (let i = 0; i < 10; i++) expect((await login(email, 'wrong-password')).status).toBe(401);
    expect((await login(email, 'wrong-password')).status).toBe(429);
  });

  it('parallel guesses cannot slip past the limit before the first failure is recorded', async () => {
    const user = await createUser(t.db);
    const statuses = await Promise.all(Array.from({ length: 25 }, () => login(user.email, 'wrong-password').then((r) => r.status)));
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it('blocks an IP after its failed logins across many emails', async () => {
    await withLimits({ loginFailuresPerIp: { limit: 5, windowMs: 15 * MINUTE } });
    for (let i = 0; i < 5; i++) expect((await login(`guess-${i}@example.com`, 'wrong-password')).status).toBe(401);
    const user = await createUser(t.db);
    const blocked = await login(user.email, TEST_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBe(15 * 60);
    clock += 15 * MINUTE;
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('limits registrations per IP, successful or not', async () => {
    await withLimits({ registrationsPerIp: { limit: 5, windowMs: 15 * MINUTE } });
    const existing = await createUser(t.db);
    for (let i = 0; i < 4; i++) expect((await register()).status, `registration ${i + 1}`).toBe(201);
    // The 5th is a duplicate: it still counts, and says the email is taken (spec).
    const taken = await register(existing.email);
    expect(taken.status).toBe(409);
    expect(taken.body.errors.email[0]).toMatch(/already exists/);
    const blocked = await register();
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Blocked attempts learn nothing: a taken email gets the same 429.
    expect((await register(existing.email)).status).toBe(429);
    clock += 15 * MINUTE;
    expect((await register()).status).toBe(201);
  });

  it('limits registration attempts per email, so probing one address is bounded too', async () => {
    const existing = await createUser(t.db);
    for (let i = 0; i < 10; i++) expect((await register(existing.email)).status).toBe(409);
    expect((await register(existing.email)).status).toBe(429);
    expect((await register()).status).toBe(201);
  });

  it('a login for an unknown email takes as long as one with a wrong password (no enumeration)', async () => {
    const user = await createUser(t.db);
    const timed = async (email: string) => {
      const start = performance.now();
      const res = await login(email, 'wrong-password');
      expect(res.status).toBe(401);
      return performance.now() - start;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved, so load from other suites affects both alike; limits are per-test, so 8 stays under 10.
    for (let i = 0; i < 8; i++) {
      known.push(await timed(user.email));
      unknown.push(await timed(`unknown-${i}-${kind}@example.com`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const [k, u] = [median(known), median(unknown)];
    // Without the dummy bcrypt comparison an unknown email would answer far sooner than a known one.
    expect(Math.abs(k - u) / Math.max(k, u), `known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`).toBeLessThan(0.5);
  });
});

describe.each(DB_KINDS)('login limits shared by processes on one database [%s]', (kind) => {
  it('failed logins alternated between two processes meet one limit', async () => {
    // Two apps, each with its own limiter built from the configuration, on one database; one
    // fixed clock, so no window ends mid-test.
    const at = Date.parse('2030-01-01T00:01:00Z');
    const a = await startTestServer(kind, { clock: () => at });
    // Its own connection pool, as a second process would have.
    const secondPool = connect(a.config);
    const b = await startTestServer(kind, { clock: () => at, database: { kind, db: secondPool, config: a.config, drop: () => secondPool.destroy() } });
    onTestFinished(async () => {
      await b.close();
      await a.close();
    });
    const user = await createUser(a.db);
    const limit = DEFAULT_AUTH_RATE_LIMITS.loginFailuresPerEmail.limit;
    for (let i = 0; i < limit; i++) {
      const server = i % 2 ? b : a;
      expect((await server.agent().post('/api/auth/login', { email: user.email, password: 'wrong-password' })).status, `attempt ${i + 1}`).toBe(401);
    }
    for (const server of [a, b]) {
      const blocked = await server.agent().post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get('retry-after')).toBe(String(14 * 60));
    }
    // The counters are rows keyed by a hash: no address is stored.
    const keys = (await a.db('rate_limit_windows').pluck('key')) as string[];
    expect(keys.some((key) => key.includes(user.email))).toBe(false);
  });
});

describe('client address keys', () => {
  it('counts IPv6 clients per /64 and IPv4-mapped addresses as IPv4', () => {
    expect(ipKey('203.0.113.9')).toBe('203.0.113.9');
    expect(ipKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(ipKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(ipKey('2001:db8:1:2::99')).toBe('2001:db8:1:2::/64');
    expect(ipKey('2001:DB8::1')).toBe('2001:db8:0:0::/64');
    expect(ipKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('rate-limit configuration', () => {
  it('defaults to 10 failed logins per email, 100 per IP, 20 registrations per IP in 15 minutes, and reads the environment', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lc-rate-config-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    expect(loadConfig({ DATA_DIR: dir }).rateLimits).toEqual(DEFAULT_AUTH_RATE_LIMITS);
    expect(DEFAULT_AUTH_RATE_LIMITS.loginFailuresPerEmail).toEqual({ limit: 10, windowMs: 15 * MINUTE });
    expect(DEFAULT_AUTH_RATE_LIMITS.loginFailuresPerIp).toEqual({ limit: 100, windowMs: 15 * MINUTE });
    expect(DEFAULT_AUTH_RATE_LIMITS.registrationsPerIp).toEqual({ limit: 20, windowMs: 15 * MINUTE });
    const custom = loadConfig({
      DATA_DIR: dir,
      AUTH_RATE_WINDOW_MINUTES: '5',
      AUTH_RATE_PER_EMAIL: '3',
      AUTH_RATE_LOGIN_PER_IP: '50',
      AUTH_RATE_REGISTER_PER_IP: '7',
    }).rateLimits;
    expect(custom).toEqual({
      loginFailuresPerEmail: { limit: 3, windowMs: 5 * MINUTE },
      loginFailuresPerIp: { limit: 50, windowMs: 5 * MINUTE },
      registrationsPerEmail: { limit: 3, windowMs: 5 * MINUTE },
      registrationsPerIp: { limit: 7, windowMs: 5 * MINUTE },
    });
    expect(() => loadConfig({ DATA_DIR: dir, AUTH_RATE_PER_EMAIL: '0' })).toThrow(/AUTH_RATE_PER_EMAIL/);
  });
});
