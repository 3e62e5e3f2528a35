import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_MESSAGES as MESSAGES } from '../../../contracts/auth';
import { DB_KINDS, startTestServer, type TestServer } from '../../test/harness';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { AfterAnswer } from '../../middleware/after-answer';
import { signInAs } from '../../test/agents';
import { MAIL_TEST_PUBLIC_URL, resetTokenIn, TestSmtpServer, mailingServer } from '../../test/mail';
import { until } from '../../test/wait';

/*
 * Password reset end to end, on both databases, over real HTTP, with the mail going
 * through a real SMTP server started here: request → mail → the link's token → new password.
 */

const HOUR = 60 * 60 * 1000;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe.each(DB_KINDS)('password reset [%s]', (kind) => {
  let t: TestServer;
  // The app's clock: tests move it forward to cross the link's hour.
  let offset = 0;
  const smtp = mailingServer(kind, (server) => (t = server), {
    clock: () => Date.now() + offset,
    passwordResetLimits: { requestsPerEmail: { limit: 3, windowMs: 15 * 60_000 }, requestsPerIp: { limit: 6, windowMs: 15 * 60_000 } },
  });
  beforeEach(async () => {
    // Every test starts with fresh limits (they are rows: docs/security.md §2).
    await t.db('rate_limit_windows').delete();
  });

  const request = (email: string, agent = t.agent()) => agent.post('/api/auth/password-reset', { email });

  it('mails a single-use link that sets a new password, ends every session and signs this browser in', async () => {
    const user = await createUser(t.db, { firstName: 'Ada', lastName: 'Lovelace' });
    const elsewhere = t.agent();
    await signInAs(t.db, elsewhere, user.id);
    expect((await elsewhere.get('/api/auth/user')).status).toBe(200);

    // The address is matched whatever its case, like login.
    const res = await request(user.email.toUpperCase());
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: MESSAGES.requested });
    expect(res.headers.get('cache-control')).toBe('no-store');

    const [mail] = await smtp.waitFor(user.email);
    expect(mail.envelope.to).toEqual([user.email]);
    expect(mail.envelope.from).toBe('no-reply@commons.example');
    expect(mail.parsed.from?.value).toEqual([{ name: 'Ledger Commons', address: 'no-reply@commons.example' }]);
    expect(mail.parsed.to && !Array.isArray(mail.parsed.to) && mail.parsed.to.value).toEqual([{ name: 'Ada Lovelace', address: user.email }]);
    expect(mail.parsed.subject).toBe('Reset your Ledger Commons password');
    const token = resetTokenIn(mail);
    const link = `${MAIL_TEST_PUBLIC_URL}/reset-password?token=${token}`;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes
    expect(mail.parsed.text).toContain(link);
    expect(mail.parsed.text).toContain('Hello Ada,');
    expect(mail.parsed.html).toContain(`href="${link}"`);
    expect(mail.parsed.html).toContain('Hello Ada,');
    expect(mail.parsed.html).toContain('#17355f'); // the site's primary colour
    expect(mail.parsed.messageId).toMatch(/@commons\.example>$/);

    // Only the token's hash is stored; the sent row keeps no body (the link is in it).
    const rows = await t.db('password_resets').where({ user_id: user.id });
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    await until(async () => (await t.db('mail_outbox').where({ to_address: user.email }).first())?.status === 'sent');
    const sent = await t.db('mail_outbox').where({ to_address: user.email }).first();
    expect([sent.html, sent.text]).toEqual([null, null]);

    expect((await t.agent().get(`/api/auth/password-reset/${token}`)).body).toEqual({ valid: true });

    // The registration rules for the password; nothing is used up by a refused form.
    const browser = t.agent();
    const short = await browser.post('/api/auth/password-reset/confirm', { token, password: '123' });
    expect(short.status).toBe(400);
    expect(short.body.errors.password).toEqual(['Password must be at least 8 characters']);

    const confirmed = await browser.post('/api/auth/password-reset/confirm', { token, password: 'a-new-password' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ id: user.id, email: user.email });
    expect(confirmed.body.passwordHash).toBeUndefined();
    expect((await browser.get('/api/auth/user')).body.id).toBe(user.id);

    // The other session is gone; the new password signs in, the old one does not.
    expect((await elsewhere.get('/api/auth/user')).status).toBe(401);
    expect((await t.agent().post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(401);
    expect((await t.agent().post('/api/auth/login', { email: user.email, password: 'a-new-password' })).status).toBe(200);

    // Single use.
    const again = await t.agent().post('/api/auth/password-reset/confirm', { token, password: 'yet-another-one' });
    expect(again.status).toBe(410);
    expect(again.body).toEqual({ message: MESSAGES.used, code: 'reset_link_used' });
    expect((await t.agent().get(`/api/auth/password-reset/${token}`)).body).toEqual({ message: MESSAGES.used, code: 'reset_link_used' });
    expect((await t.agent().post('/api/auth/login', { email: user.email, password: 'yet-another-one' })).status).toBe(401);
  });

  it('refuses a link after its hour, and the older links of a user once one is used', async () => {
    const user = await createUser(t.db);
    expect((await request(user.email)).status).toBe(202);
    const [first] = await smtp.waitFor(user.email, 1);
    expect((await request(user.email)).status).toBe(202);
    const second = (await smtp.waitFor(user.email, 2))[1];
    const third = await (async () => {
      expect((await request(user.email)).status).toBe(202);
      return (await smtp.waitFor(user.email, 3))[2];
    })();

    // Using the second ends the first (and the third): they now say "expired, request a new one".
    expect((await t.agent().post('/api/auth/password-reset/confirm', { token: resetTokenIn(second), password: 'Second-pelican-vault-8' })).status).toBe(200);
    for (const mail of [first, third]) {
      const res = await t.agent().post('/api/auth/password-reset/confirm', { token: resetTokenIn(mail), password: 'late-pw-1' });
      expect(res.status).toBe(410);
      expect(res.body).toEqual({ message: MESSAGES.expired, code: 'reset_link_expired' });
    }

    // A fresh link, then the clock past its hour.
    const other = await createUser(t.db);
    expect((await request(other.email)).status).toBe(202);
    const token = resetTokenIn((await smtp.waitFor(other.email))[0]);
    expect((await t.agent().get(`/api/auth/password-reset/${token}`)).status).toBe(200);
    offset += HOUR + 1000;
    try {
      const status = await t.agent().get(`/api/auth/password-reset/${token}`);
      expect(status.status).toBe(410);
      expect(status.body).toEqual({ message: MESSAGES.expired, code: 'reset_link_expired' });
      const res = await t.agent().post('/api/auth/password-reset/confirm', { token, password: 'too-late-pw' });
      expect(res.status).toBe(410);
      expect(res.body.message).toBe(MESSAGES.expired);
      expect((await t.agent().post('/api/auth/login', { email: other.email, password: TEST_PASSWORD })).status).toBe(200);
    } finally {
      offset = 0;
    }
  });

  describe('a change made after the link was mailed ends it', () => {
    const NEW_PASSWORD = 'Quiet-harbour-lamp-42';
    const LINK_PASSWORD = 'Amber-cistern-walrus-77';
    const admin = async () => {
      const agent = t.agent();
      await signInAs(t.db, agent, (await createUser(t.db, { role: 'admin' })).id);
      return agent;
    };
    // Each names the event it records: the links end because password-resets listens to it.
    const triggers: Array<[string, string, (user: { id: string; email: string }) => Promise<void>]> = [
      ['their own password change', 'user.password_changed', async (user) => {
        const agent = t.agent();
        await signInAs(t.db, agent, user.id);
        const res = await agent.post('/api/profile/password', { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
        expect(res.status).toBe(200);
      }],
      ['a password an admin sets', 'user.password_changed', async (user) => {
        expect((await (await admin()).patch(`/api/admin/users/${user.id}`, { password: NEW_PASSWORD })).status).toBe(200);
      }],
      ['an email change by an admin (/api/admin/users)', 'user.email_changed', async (user) => {
        expect((await (await admin()).patch(`/api/admin/users/${user.id}`, { email: `moved-${user.email}` })).status).toBe(200);
      }],
      ['an email change by an admin (/api/users)', 'user.email_changed', async (user) => {
        expect((await (await admin()).put(`/api/users/${user.id}`, { email: `moved-${user.email}` })).status).toBe(200);
      }],
      ['deactivation, even once reactivated', 'user.deactivated', async (user) => {
        const agent = await admin();
        expect((await agent.patch(`/api/users/${user.id}/status`, { isActive: false })).status).toBe(200);
        expect((await agent.patch(`/api/users/${user.id}/status`, { isActive: true })).status).toBe(200);
      }],
      ['their own "sign out everywhere"', 'user.signed_out_everywhere', async (user) => {
        const agent = t.agent();
        await signInAs(t.db, agent, user.id);
        expect((await agent.post('/api/auth/logout-all', {})).status).toBe(200);
      }],
      ['"sign out everywhere" by an admin', 'user.signed_out_everywhere', async (user) => {
        expect((await (await admin()).post(`/api/admin/users/${user.id}/logout-all`, {})).status).toBe(200);
      }],
    ];
    it.each(triggers)('%s', async (_name, event, change) => {
      const user = await createUser(t.db);
      expect((await request(user.email)).status).toBe(202);
      const token = resetTokenIn((await smtp.waitFor(user.email))[0]);
      expect((await t.agent().get(`/api/auth/password-reset/${token}`)).status).toBe(200);

      await change(user);

      const recorded = await t.db('events').where({ type: event }).select('payload');
      // The member's id: a fact about their password or address names them; an admin's change names them as its target.
      const memberOf = (payload: { userId?: string; target?: { id?: string } }) => payload.userId ?? payload.target?.id;
      expect(recorded.map((row) => memberOf(JSON.parse(row.payload)))).toContain(user.id);
      const status = await t.agent().get(`/api/auth/password-reset/${token}`);
      expect(status.status).toBe(410);
      expect(status.body).toEqual({ message: MESSAGES.expired, code: 'reset_link_expired' });
      const browser = t.agent();
      const res = await browser.post('/api/auth/password-reset/confirm', { token, password: LINK_PASSWORD });
      expect(res.status).toBe(410);
      expect(res.body).toEqual({ message: MESSAGES.expired, code: 'reset_link_expired' });
      // Nothing signed in, and the link's password was never set.
      expect((await browser.get('/api/auth/user')).status).toBe(401);
      const email = (await t.db('users').where({ id: user.id }).first()).email;
      expect((await t.agent().post('/api/auth/login', { email, password: LINK_PASSWORD })).status).toBe(401);
    });

    it('leaves the links of other accounts alone', async () => {
      const [user, other] = [await createUser(t.db), await createUser(t.db)];
      expect((await request(other.email)).status).toBe(202);
      const token = resetTokenIn((await smtp.waitFor(other.email))[0]);
      await triggers[1][2](user);
      expect((await t.agent().get(`/api/auth/password-reset/${token}`)).status).toBe(200);
    });
  });

  it('answers an unknown or deactivated address exactly as a known one, and mails nothing', async () => {
    const known = await createUser(t.db);
    const inactive = await createUser(t.db, { isActive: false });
    const unknown = `nobody-${Date.now()}@example.com`;
    const answers = [];
    for (const email of [known.email, unknown, inactive.email]) {
      const res = await request(email);
      answers.push({ status: res.status, body: res.body, type: res.headers.get('content-type'), cache: res.headers.get('cache-control') });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    // Work for the unknown and inactive addresses ends with the answer: nothing was written for them.
    expect(await t.db('mail_outbox').whereIn('to_address', [unknown, inactive.email])).toEqual([]);
    expect(await t.db('password_resets').where({ user_id: inactive.id })).toEqual([]);
    // The known one's mail arrives (the sender is running), and still none for the others.
    await smtp.waitFor(known.email);
    expect(smtp.to(unknown)).toEqual([]);
    expect(smtp.to(inactive.email)).toEqual([]);
  });

  it('refuses unknown and malformed links with the same message', async () => {
    const unknown = 'A'.repeat(43);
    for (const res of [
      await t.agent().get(`/api/auth/password-reset/${unknown}`),
      await t.agent().get('/api/auth/password-reset/not-a-token'),
      await t.agent().post('/api/auth/password-reset/confirm', { token: unknown, password: 'whatever-1' }),
      await t.agent().post('/api/auth/password-reset/confirm', { token: 'short', password: 'whatever-1' }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: MESSAGES.invalid, code: 'reset_link_invalid' });
    }
  });

  it('answers bad input with 400 and field errors, never 500', async () => {
    const agent = t.agent();
    const cases: Array<[string, unknown, string[]]> = [
      ['/api/auth/password-reset', {}, ['email']],
      ['/api/auth/password-reset', { email: 'not-an-email' }, ['email']],
      ['/api/auth/password-reset', { email: 42 }, ['email']],
      ['/api/auth/password-reset', { email: 'a\u0000b@example.com' }, ['email']],
      ['/api/auth/password-reset/confirm', {}, ['token', 'password']],
      ['/api/auth/password-reset/confirm', { token: ['x'], password: { a: 1 } }, ['token', 'password']],
      ['/api/auth/password-reset/confirm', { token: 'x'.repeat(500), password: 'x'.repeat(201) }, ['token', 'password']],
    ];
    for (const [path, body, fields] of cases) {
      const res = await agent.post(path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(Object.keys(res.body.errors).sort()).toEqual([...fields].sort());
    }
    expect((await agent.request('POST', '/api/auth/password-reset', { raw: 'email=a@b.c', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(415);
    expect((await agent.request('POST', '/api/auth/password-reset', { raw: '{"email":', headers: { 'content-type': 'application/json' } })).status).toBe(400);
    expect((await agent.post('/api/auth/password-reset', [])).status).toBe(400);
  });

  it('limits requests per address and per IP, with 429 and Retry-After', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 3; i++) expect((await request(user.email)).status).toBe(202);
    const refused = await request(user.email);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'Too many password reset requests. Please try again later.', code: 'too_many_requests' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same for an unknown address (the limit says nothing about which exist).
    const unknown = `ghost-${Date.now()}@example.com`;
    for (let i = 0; i < 3; i++) expect((await request(unknown)).status).toBe(202);
    expect((await request(unknown)).status).toBe(429);
    // The per-IP limit (6 counted requests) was reached by the six above: another address is refused too.
    const fresh = await request(`fresh-${Date.now()}@example.com`);
    expect(fresh.status).toBe(429);
    expect(fresh.headers.get('retry-after')).toBeTruthy();
    // Three links were mailed, not four.
    await smtp.waitFor(user.email, 3);
    expect(await t.db('password_resets').where({ user_id: user.id })).toHaveLength(3);
  });

  it('keeps names and subjects out of the headers', async () => {
    const user = await createUser(t.db, { firstName: 'Eve\r\nBcc: victim@example.com', lastName: 'X\r\nSubject: hacked' });
    expect((await request(user.email)).status).toBe(202);
    const [mail] = await smtp.waitFor(user.email);
    expect(mail.envelope.to).toEqual([user.email]);
    expect(smtp.to('victim@example.com')).toEqual([]);
    expect(mail.parsed.bcc).toBeUndefined();
    expect(mail.parsed.subject).toBe('Reset your Ledger Commons password');
    const header = mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/));
    expect(header).not.toMatch(/^bcc:/im);
    expect(header.match(/^subject:/gim)).toHaveLength(1);
    const to = mail.parsed.to && !Array.isArray(mail.parsed.to) ? mail.parsed.to.value[0] : undefined;
    expect(to?.address).toBe(user.email);
    expect(to?.name).toBe('Eve Bcc: victim@example.com X Subject: hacked');
  });
});

describe.each(DB_KINDS)('password reset request: the same work before answering [%s]', (kind) => {
  const smtp = new TestSmtpServer();
  let t: TestServer;
  // Work after the answer waits for this gate, so the request's own queries can be seen alone.
  let gate: Promise<void> = Promise.resolve();
  const afterAnswer = new AfterAnswer({ onError: (err) => console.error(err), gate: () => gate });

  beforeAll(async () => {
    await smtp.start();
    // The sender sends when kicked (after the link's commit), not on a timer that would add queries.
    t = await startTestServer(kind, {
      publicUrl: MAIL_TEST_PUBLIC_URL,
      mail: { mode: 'smtp', smtpUrl: smtp.url, from: 'no-reply@commons.example' },
      sender: { pollMs: 3_600_000 },
      afterAnswer,
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await smtp.stop();
  });

  // The mail sender's own rounds (its lease, its reads of the outbox) run beside the requests.
  const sendersOwn = (sql: string) => /"leases"/.test(sql) || /^select .* from "mail_outbox"/.test(sql);

  /** The SQL the request ran between being sent and being answered. */
  async function queriesOf(email: string) {
    const sql: string[] = [];
    const onQuery = (q: { sql: string }) => {
      if (!sendersOwn(q.sql)) sql.push(q.sql);
    };
    t.db.on('query', onQuery);
    try {
      const res = await t.agent().post('/api/auth/password-reset', { email });
      return { status: res.status, body: res.body, sql };
    } finally {
      t.db.off('query', onQuery);
    }
  }

  it('runs the same queries for a known and an unknown address, writes the link after the answer, and the mail arrives', async () => {
    const user = await createUser(t.db);
    let release!: () => void;
    gate = new Promise((resolve) => (release = resolve));
    try {
      const known = await queriesOf(user.email);
      const unknown = await queriesOf(`nobody-${Date.now()}@example.com`);
      expect(known.status).toBe(202);
      expect(unknown).toEqual({ ...known, body: known.body });
      expect(known.sql.length).toBeGreaterThan(0);
      expect(known.sql.join('\n')).not.toMatch(/password_resets|mail_outbox/);
      // Answered, and nothing written yet: the link waits for the work after the answer.
      expect(await t.db('password_resets').where({ user_id: user.id })).toEqual([]);
    } finally {
      release();
    }
    await afterAnswer.settled();
    expect(await t.db('password_resets').where({ user_id: user.id })).toHaveLength(1);
    const [mail] = await smtp.waitFor(user.email);
    expect(resetTokenIn(mail)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe.each(DB_KINDS)('password reset without mail [%s]', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    // Production without SMTP_URL; a trusted proxy says the request came over HTTPS (signing in needs it).
    t = await startTestServer(kind, { publicUrl: MAIL_TEST_PUBLIC_URL, mail: { mode: 'off', from: 'x@example.com' }, env: 'production', trustProxy: ['127.0.0.1'] });
  }, 60_000);
  afterAll(() => t?.close());

  it('says mail is off in the site settings and refuses to promise a link', async () => {
    const site = await t.agent().get('/api/site');
    expect(site.body.mailEnabled).toBe(false);
    const user = await createUser(t.db);
    const res = await t.agent().request('POST', '/api/auth/password-reset', {
      body: { email: user.email },
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': new URL(t.url).host, origin: `https://${new URL(t.url).host}` },
    });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: MESSAGES.unavailable, code: 'mail_unavailable' });
    expect(await t.db('mail_outbox')).toEqual([]);
    expect(await t.db('password_resets')).toEqual([]);
  });
});
