import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { DB_KINDS, startTestServer, type Agent, type TestServer } from '../../test/harness';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { ConfigError, loadConfig } from '../../config';
import { connect } from '../../db/connect';
import { SESSION_COOKIE } from '../../middleware/session';
import { issuePasswordReset } from '../password-resets/repo';
import type { UserRow } from '../users/presenter';
import type { Role } from '../../../contracts/common';
import { currentCode } from './secrets';
import { signInAs } from '../../test/agents';

const STEP_MS = 30_000;
const sid = (agent: Agent) => agent.cookies.get(SESSION_COOKIE);

/**
 * Every test runs on its own member; the server's clock is `now`, moved a time step (or more) where
 * a test needs a new code, so codes and limit windows are exact.
 */
describe.each(DB_KINDS)('two-step sign-in [%s]', (kind) => {
  let t: TestServer;
  let now = Date.parse('2030-01-01T00:00:00Z');
  const tick = (ms = STEP_MS) => (now += ms);
  const code = (secret: string) => currentCode(secret, now);

  beforeAll(async () => {
    t = await startTestServer(kind, { clock: () => now });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  /** A member signed in through the form (so their password is TEST_PASSWORD). */
  async function member(role: Role = 'subscriber'): Promise<{ agent: Agent; user: UserRow }> {
    const user = await createUser(t.db, { role });
    const agent = t.agent();
    expect((await agent.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(200);
    return { agent, user };
  }

  /** Turns it on for the agent's member; a new time step follows, so the next code is a fresh one. */
  async function enrol(agent: Agent): Promise<{ secret: string; recoveryCodes: string[] }> {
    const setup = await agent.post('/api/profile/two-factor/setup');
    expect(setup.status).toBe(200);
    const enabled = await agent.post('/api/profile/two-factor/enable', { code: await code(setup.body.secret) });
    expect(enabled.status).toBe(200);
    tick();
    return { secret: setup.body.secret, recoveryCodes: enabled.body.recoveryCodes };
  }

  it('enrols with a QR code and a confirming code, gives ten recovery codes once, and never shows the secret again', async () => {
    const { agent, user } = await member();
    expect((await agent.get('/api/auth/session')).body.user.twoFactorEnabled).toBe(false);
    expect((await agent.get('/api/profile/two-factor')).body).toEqual({ enabled: false, recoveryCodesLeft: 0 });

    const setup = await agent.post('/api/profile/two-factor/setup');
    expect(setup.status).toBe(200);
    expect(setup.headers.get('cache-control')).toBe('no-store');
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUrl).toBe(
      `otpauth://totp/Ledger%20Commons:${encodeURIComponent(user.email)}?secret=${setup.body.secret}&issuer=Ledger%20Commons`,
    );
    expect(Buffer.from(setup.body.qrCode.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toMatch(/^<svg /);
    // Kept encrypted: the database holds no plain secret.
    const stored = await t.db('two_factor_secrets').where({ user_id: user.id }).first();
    expect(JSON.stringify(stored)).not.toContain(setup.body.secret);
    // Not on until a code confirms it.
    expect((await agent.get('/api/auth/user')).body.twoFactorEnabled).toBe(false);

    const wrong = await agent.post('/api/profile/two-factor/enable', { code: (Number(await code(setup.body.secret)) + 1).toString().padStart(6, '0').slice(-6) });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.code).toEqual(['That code is not right. Check the time on your device and try the newest code.']);
    const badShape = await agent.post('/api/profile/two-factor/enable', { code: '12ab' });
    expect(badShape.status).toBe(400);

    const enabled = await agent.post('/api/profile/two-factor/enable', { code: await code(setup.body.secret) });
    expect(enabled.status).toBe(200);
    expect(enabled.body.recoveryCodes).toHaveLength(10);
    expect(new Set(enabled.body.recoveryCodes).size).toBe(10);
    for (const recovery of enabled.body.recoveryCodes) expect(recovery).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const hashes = (await t.db('two_factor_recovery_codes').where({ user_id: user.id }).pluck('code_hash')) as string[];
    expect(hashes).toHaveLength(10);
    expect(hashes.some((hash) => enabled.body.recoveryCodes.some((c: string) => hash.includes(c.replace('-', ''))))).toBe(false);

    expect((await agent.get('/api/auth/user')).body.twoFactorEnabled).toBe(true);
    const status = await agent.get('/api/profile/two-factor');
    expect(status.body).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expect(status.text).not.toContain(setup.body.secret);
    // Starting again while it is on is refused: the secret is not handed out a second time.
    expect((await agent.post('/api/profile/two-factor/setup')).status).toBe(409);
  });

  it('rotates the session id on enabling and ends every other session of the account', async () => {
    const { agent, user } = await member();
    const otherDevice = t.agent();
    await signInAs(t.db, otherDevice, user.id);
    const before = sid(agent);
    await enrol(agent);
    expect(sid(agent)).not.toBe(before);
    expect(await t.db('sessions').where({ sid: before }).first()).toBeUndefined();
    expect((await agent.get('/api/auth/user')).status).toBe(200);
    expect((await otherDevice.get('/api/auth/user')).status).toBe(401);
    expect(Number((await t.db('sessions').where({ user_id: user.id }).count('* as n').first())!.n)).toBe(1);
  });

  it('a right password alone signs nobody in; the code finishes the sign-in under a new session id', async () => {
    const { agent, user } = await member();
    const { secret } = await enrol(agent);
    await agent.post('/api/auth/logout');

    const browser = t.agent();
    const first = await browser.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ twoFactorRequired: true });
    expect((await browser.get('/api/auth/user')).status).toBe(401);
    expect((await browser.get('/api/auth/session')).body).toEqual({ user: null });
    const halfway = sid(browser);

    // The second step belongs to the browser that gave the password.
    expect((await t.agent().post('/api/auth/login/two-factor', { code: await code(secret) })).status).toBe(401);

    const wrong = await browser.post('/api/auth/login/two-factor', { code: '000000' === (await code(secret)) ? '111111' : '000000' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('invalid_two_factor_code');
    expect(wrong.body.errors.code).toHaveLength(1);

    const done = await browser.post('/api/auth/login/two-factor', { code: await code(secret) });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: user.id, twoFactorEnabled: true });
    expect(sid(browser)).not.toBe(halfway);
    expect((await browser.get('/api/auth/user')).body.id).toBe(user.id);
    // The half-done sign-in is over: the step cannot be repeated with another code.
    tick();
    const again = t.agent();
    for (const [k, v] of browser.cookies) again.cookies.set(k, v);
    await browser.post('/api/auth/logout');
    expect((await again.post('/api/auth/login/two-factor', { code: await code(secret) })).status).toBe(401);
  });

  it('refuses a code used once already within its window (no replay)', async () => {
    const { agent, user } = await member();
    const { secret } = await enrol(agent);
    const used = await code(secret);
    const a = t.agent();
    await a.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect((await a.post('/api/auth/login/two-factor', { code: used })).status).toBe(200);
    const b = t.agent();
    await b.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    const replay = await b.post('/api/auth/login/two-factor', { code: used });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('invalid_two_factor_code');
    // Still within its window by the clock: only the step already used makes it fail.
    tick(10_000);
    expect((await b.post('/api/auth/login/two-factor', { code: used })).status).toBe(401);
    tick(STEP_MS);
    expect((await b.post('/api/auth/login/two-factor', { code: await code(secret) })).status).toBe(200);
  });

  it('spends a recovery code on its first use, in any case and with or without its dash', async () => {
    const { agent, user } = await member();
    const { recoveryCodes } = await enrol(agent);
    const a = t.agent();
    await a.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    const used = await a.post('/api/auth/login/two-factor', { recoveryCode: ` ${recoveryCodes[3].toUpperCase().replace('-', '')} ` });
    expect(used.status).toBe(200);
    expect((await a.get('/api/profile/two-factor')).body.recoveryCodesLeft).toBe(9);
    const b = t.agent();
    await b.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    const spent = await b.post('/api/auth/login/two-factor', { recoveryCode: recoveryCodes[3] });
    expect(spent.status).toBe(401);
    expect(spent.body.errors.recoveryCode).toEqual(['That recovery code is not right, or it has been used already.']);
    expect((await b.post('/api/auth/login/two-factor', { recoveryCode: recoveryCodes[4] })).status).toBe(200);
  });

  it('forgets a half-done sign-in after five minutes', async () => {
    const { agent, user } = await member();
    const { secret } = await enrol(agent);
    const browser = t.agent();
    await browser.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    tick(5 * 60_000 + 1);
    const late = await browser.post('/api/auth/login/two-factor', { code: await code(secret) });
    expect(late.status).toBe(401);
    expect(late.body).toMatchObject({ code: 'two_factor_expired', message: 'Your sign-in has expired. Please enter your email and password again.' });
  });

  it('answers bad input with 400 and field errors, never 500', async () => {
    const browser = t.agent();
    for (const body of [{}, { code: '12345' }, { code: 123456 }, { recoveryCode: 'x' }, { code: '123456', recoveryCode: 'abcde-fghij' }, []]) {
      const res = await browser.post('/api/auth/login/two-factor', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    const { agent } = await member();
    await enrol(agent);
    for (const body of [{}, { password: TEST_PASSWORD, code: '123456' }, { code: 'abc' }]) {
      expect((await agent.post('/api/profile/two-factor/disable', body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it('turns off with the current password or a code, and gives new recovery codes that replace the old', async () => {
    const { agent, user } = await member();
    const { secret, recoveryCodes } = await enrol(agent);
    const wrong = await agent.post('/api/profile/two-factor/recovery-codes', { password: 'not-my-password' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.password).toEqual(['Current password is incorrect']);
    const fresh = await agent.post('/api/profile/two-factor/recovery-codes', { code: await code(secret) });
    expect(fresh.status).toBe(200);
    expect(fresh.body.recoveryCodes).toHaveLength(10);
    tick();
    const browser = t.agent();
    await browser.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect((await browser.post('/api/auth/login/two-factor', { recoveryCode: recoveryCodes[0] })).status).toBe(401);
    expect((await browser.post('/api/auth/login/two-factor', { recoveryCode: fresh.body.recoveryCodes[0] })).status).toBe(200);

    expect((await agent.post('/api/profile/two-factor/disable', { password: 'not-my-password' })).status).toBe(422);
    const off = await agent.post('/api/profile/two-factor/disable', { password: TEST_PASSWORD });
    expect(off.status).toBe(200);
    expect((await agent.get('/api/auth/user')).body.twoFactorEnabled).toBe(false);
    expect(await t.db('two_factor_recovery_codes').where({ user_id: user.id }).first()).toBeUndefined();
    expect((await agent.post('/api/profile/two-factor/disable', { password: TEST_PASSWORD })).status).toBe(409);
    const plain = await t.agent().post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(plain.body).toMatchObject({ id: user.id, twoFactorEnabled: false });
  });

  it('a password reset link leads to the second step, not straight in', async () => {
    const { agent, user } = await member();
    const { secret } = await enrol(agent);
    const token = await issuePasswordReset(t.db, user.id, now);
    const browser = t.agent();
    const reset = await browser.post('/api/auth/password-reset/confirm', { token, password: 'Quiet-harbour-lamp-42' });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ twoFactorRequired: true });
    expect((await browser.get('/api/auth/user')).status).toBe(401);
    expect((await browser.post('/api/auth/login/two-factor', { code: await code(secret) })).status).toBe(200);
    expect((await browser.get('/api/auth/user')).body.id).toBe(user.id);
  });

  it("lets an admin reset a member's two-step sign-in, which ends the member's sessions", async () => {
    const { agent, user } = await member();
    await enrol(agent);
    const { agent: admin } = await member('admin');
    const { agent: editor } = await member('editor');
    expect((await editor.delete(`/api/admin/users/${user.id}/two-factor`)).status).toBe(403);
    expect((await agent.delete(`/api/admin/users/${user.id}/two-factor`)).status).toBe(403);
    expect((await admin.delete('/api/admin/users/00000000-0000-4000-8000-000000000000/two-factor')).status).toBe(404);
    const reset = await admin.delete(`/api/admin/users/${user.id}/two-factor`);
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ ok: true, ended: 1 });
    expect((await agent.get('/api/auth/user')).status).toBe(401);
    const listed = (await admin.get('/api/admin/users')).body.find((u: { id: string }) => u.id === user.id);
    expect(listed.twoFactorEnabled).toBe(false);
    expect((await admin.delete(`/api/admin/users/${user.id}/two-factor`)).status).toBe(409);
    const plain = await t.agent().post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(plain.body.id).toBe(user.id);
  });
});

/**
 * The limits on wrong codes (docs/security.md §14) through a trusted proxy, so each browser has its
 * own address (X-Forwarded-For); the clock is fixed, and moved only to end a window.
 */
describe.each(DB_KINDS)('two-step sign-in code limits [%s]', (kind) => {
  const LOOPBACK = ['127.0.0.1', '::1'];
  let now = Date.parse('2030-01-01T00:00:00Z');

  /** A browser at `ip` with the password already given: the half-done sign-in of `email`. */
  async function browserAt(server: TestServer, ip: string, email: string) {
    const agent = server.agent();
    const post = (path: string, body: unknown) => agent.request('POST', path, { body, headers: { 'x-forwarded-for': ip } });
    expect((await post('/api/auth/login', { email, password: TEST_PASSWORD })).body).toEqual({ twoFactorRequired: true });
    return { agent, secondStep: (body: { code: string } | { recoveryCode: string }) => post('/api/auth/login/two-factor', body) };
  }

  /** A member with two-step sign-in on: their secret and recovery codes, and the owner's own browser. */
  async function enrolled(server: TestServer) {
    const user = await createUser(server.db);
    const owner = server.agent();
    await owner.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    const setup = await owner.post('/api/profile/two-factor/setup');
    const enabled = await owner.post('/api/profile/two-factor/enable', { code: await currentCode(setup.body.secret, now) });
    expect(enabled.status).toBe(200);
    now += STEP_MS;
    return { user, owner, secret: setup.body.secret as string, recoveryCodes: enabled.body.recoveryCodes as string[] };
  }

  const wrongFor = (right: string) => (right === '000000' ? '111111' : '000000');

  it('5 wrong codes from one address refuse that address (429, Retry-After), on every process; a right code from another address still signs in', async () => {
    const a = await startTestServer(kind, { clock: () => now, trustProxy: LOOPBACK });
    // Its own connection pool, as a second process would have.
    const secondPool = connect(a.config);
    const b = await startTestServer(kind, { clock: () => now, trustProxy: LOOPBACK, database: { kind, db: secondPool, config: a.config, drop: () => secondPool.destroy() } });
    onTestFinished(async () => {
      await b.close();
      await a.close();
    });
    const { user, owner, secret, recoveryCodes } = await enrolled(a);
    now = Date.parse('2030-01-01T01:01:00Z');
    const right = await currentCode(secret, now);

    // The guesser's address, on both processes.
    const guesserOnA = await browserAt(a, '198.51.100.7', user.email);
    const guesserOnB = await browserAt(b, '198.51.100.7', user.email);
    for (let i = 0; i < 5; i++) {
      const guesser = i % 2 ? guesserOnB : guesserOnA;
      expect((await guesser.secondStep({ code: wrongFor(right) })).status, `guess ${i + 1}`).toBe(401);
    }
    for (const guesser of [guesserOnA, guesserOnB]) {
      const blocked = await guesser.secondStep({ code: right });
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get('retry-after')).toBe(String(14 * 60));
      expect(blocked.body.message).toBe('Too many wrong codes. Please try again later.');
    }

    // The owner, from their own address, with the right code: signed in.
    const ownerBrowser = await browserAt(b, '203.0.113.20', user.email);
    const signedIn = await ownerBrowser.secondStep({ code: right });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.id).toBe(user.id);
    // The owner's profile is not refused either (a wrong code there is the usual 422).
    expect((await owner.post('/api/profile/two-factor/recovery-codes', { code: wrongFor(right) })).status).toBe(422);
    // Recovery codes are counted apart: one still works from the refused address.
    expect((await guesserOnA.secondStep({ recoveryCode: recoveryCodes[0] })).status).toBe(200);

    // Once its window has passed, the refused address may try again.
    now += 15 * 60_000;
    const later = await browserAt(a, '198.51.100.7', user.email);
    expect((await later.secondStep({ code: await currentCode(secret, now) })).status).toBe(200);
  }, 60_000);

  it("guesses spread over many addresses meet the account's bound (50 an hour): then authenticator codes are refused from everyone, and a recovery code still signs in", async () => {
    const t = await startTestServer(kind, { clock: () => now, trustProxy: LOOPBACK });
    onTestFinished(() => t.close());
    const { user, secret, recoveryCodes } = await enrolled(t);
    now = Date.parse('2030-01-01T03:00:00Z');
    const right = await currentCode(secret, now);

    // Ten addresses, five wrong codes each: each address stays within its own limit. One half-done
    // sign-in serves them all (the address is the request's, not the session's), saving nine
    // password checks; then the 51st wrong code, from an eleventh address, is refused.
    const guesser = t.agent();
    expect((await guesser.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).body).toEqual({ twoFactorRequired: true });
    const guessFrom = (ip: string) =>
      guesser.request('POST', '/api/auth/login/two-factor', { body: { code: wrongFor(right) }, headers: { 'x-forwarded-for': ip } });
    for (let n = 1; n <= 10; n++) {
      for (let i = 0; i < 5; i++) expect((await guessFrom(`198.51.100.${n}`)).status, `address ${n}, guess ${i + 1}`).toBe(401);
    }
    expect((await guessFrom('198.51.100.11')).status).toBe(429);
    // The owner's right code from their own address: refused alike.
    const owner = await browserAt(t, '203.0.113.20', user.email);
    const refused = await owner.secondStep({ code: right });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(60 * 60));

    // A recovery code is not refused: from the owner's address, and from a guessing one.
    const recovered = await owner.secondStep({ recoveryCode: recoveryCodes[0] });
    expect(recovered.status).toBe(200);
    expect(recovered.body.id).toBe(user.id);
    const fromGuesser = await browserAt(t, '198.51.100.1', user.email);
    expect((await fromGuesser.secondStep({ recoveryCode: recoveryCodes[1] })).status).toBe(200);

    // After the hour, the authenticator works again.
    now += 60 * 60_000;
    const nextHour = await browserAt(t, '203.0.113.20', user.email);
    expect((await nextHour.secondStep({ code: await currentCode(secret, now) })).status).toBe(200);
  }, 60_000);

  it('wrong recovery codes from one address refuse that address after 5, and leave the owner\'s recovery codes working elsewhere', async () => {
    const t = await startTestServer(kind, { clock: () => now, trustProxy: LOOPBACK });
    onTestFinished(() => t.close());
    const { user, recoveryCodes } = await enrolled(t);
    const guesser = await browserAt(t, '198.51.100.50', user.email);
    for (let i = 0; i < 5; i++) expect((await guesser.secondStep({ recoveryCode: `aaaaa-aaaa${i}` })).status).toBe(401);
    expect((await guesser.secondStep({ recoveryCode: recoveryCodes[0] })).status).toBe(429);
    expect((await (await browserAt(t, '203.0.113.20', user.email)).secondStep({ recoveryCode: recoveryCodes[0] })).status).toBe(200);
  });
});

describe.each(DB_KINDS)('REQUIRE_2FA_FOR_STAFF [%s]', (kind) => {
  let t: TestServer;
  let now = Date.parse('2030-01-01T00:00:00Z');
  beforeAll(async () => {
    t = await startTestServer(kind, { requireTwoFactorForStaff: true, clock: () => now });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('lets an editor or admin without it sign in and set it up, and refuses everything else with 403 two_factor_required', async () => {
    for (const role of ['editor', 'admin'] as const) {
      const user = await createUser(t.db, { role });
      const agent = t.agent();
      const login = await agent.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
      expect(login.status).toBe(200);
      expect(login.body.twoFactorEnabled).toBe(false);
      expect((await agent.get('/api/auth/session')).body.user.id).toBe(user.id);
      for (const [method, url] of [
        ['GET', '/api/news'],
        ['GET', '/api/profile'],
        ['GET', '/api/notifications'],
        ['GET', '/api/admin/users'],
        ['POST', '/api/news'],
        ['PATCH', '/api/profile'],
        ['POST', '/api/profile/two-factor/disable'],
      ] as const) {
        const res = await agent.request(method, url, { body: method === 'GET' ? undefined : {} });
        expect(res.status, `${role} ${method} ${url}`).toBe(403);
        expect(res.body).toEqual({ code: 'two_factor_required', message: 'Your role requires two-step sign-in. Set it up to continue.' });
      }
      // Who is signed in, and the frame of every page, still load.
      expect((await agent.get('/api/auth/user')).status).toBe(200);
      expect((await agent.get('/api/site')).status).toBe(200);
      expect((await agent.get('/api/menu-settings')).status).toBe(200);

      const setup = await agent.post('/api/profile/two-factor/setup');
      expect(setup.status).toBe(200);
      expect((await agent.post('/api/profile/two-factor/enable', { code: await currentCode(setup.body.secret, now) })).status).toBe(200);
      expect((await agent.get('/api/news')).status).toBe(200);
      expect((await agent.get('/api/profile')).status).toBe(200);
      now += STEP_MS;
    }
  });

  it('leaves members who are not staff alone', async () => {
    for (const role of ['subscriber', 'contributor'] as const) {
      const agent = t.agent();
      await signInAs(t.db, agent, (await createUser(t.db, { role })).id);
      expect((await agent.get('/api/profile')).status).toBe(200);
      expect((await agent.get('/api/notifications')).status).toBe(200);
    }
  });

  it('is off by default', async () => {
    const plain = await startTestServer(kind);
    onTestFinished(() => plain.close());
    const agent = plain.agent();
    await signInAs(plain.db, agent, (await createUser(plain.db, { role: 'admin' })).id);
    expect((await agent.get('/api/admin/users')).status).toBe(200);
  });
});

describe('REQUIRE_2FA_FOR_STAFF configuration', () => {
  it("reads true or false (default false) and names the variable on anything else", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lc-2fa-config-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    expect(loadConfig({ DATA_DIR: dir }).requireTwoFactorForStaff).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, REQUIRE_2FA_FOR_STAFF: 'true' }).requireTwoFactorForStaff).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, REQUIRE_2FA_FOR_STAFF: 'false' }).requireTwoFactorForStaff).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dir, REQUIRE_2FA_FOR_STAFF: 'yes' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, REQUIRE_2FA_FOR_STAFF: 'yes' })).toThrow("REQUIRE_2FA_FOR_STAFF: must be 'true' or 'false'");
  });
});
