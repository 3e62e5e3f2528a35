import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, freshAuthLimits, startTestServer, type Agent, type TestServer } from './harness';
import { AuthRateLimits, DEFAULT_AUTH_RATE_LIMITS } from '../middleware/rate-limit';
import { signedIn } from './agents';
import { isCanonicalSpelling } from '../middleware/canonical-path';

/*
 * An admin invites `new.cfo@firm.example` as admin: only the invitation link's token gives the
 * invited role, and a plain registration with that address is a subscriber (otherwise anyone who
 * registered with it first would be an admin).
 */

const address = () => `new.cfo.${randomBytes(4).toString('hex')}@firm.example`;
const tokenOf = (inviteUrl: string) => inviteUrl.slice(inviteUrl.lastIndexOf('/') + 1);
const signup = { password: 'Quiet-harbour-lamp-42', firstName: 'New', lastName: 'Cfo' };

describe.each(DB_KINDS)('invitation takeover [%s]', (kind) => {
  let t: TestServer;
  let admin: Agent;
  beforeAll(async () => {
    // Generous registration limits: this suite registers far more than 20 times from one address.
    // The limit's own test (last below) uses a server of its own with the defaults.
    const generous = { limit: 10_000, windowMs: 60_000 };
    let limits: AuthRateLimits | undefined;
    t = await startTestServer(kind, {
      rateLimits: {
        beginLogin: (ip, email) => limits!.beginLogin(ip, email),
        register: (ip, email) => limits!.register(ip, email),
        acceptInvitation: (ip) => limits!.acceptInvitation(ip),
      },
    });
    limits = await freshAuthLimits(t, { ...DEFAULT_AUTH_RATE_LIMITS, registrationsPerIp: generous, registrationsPerEmail: generous });
    admin = (await signedIn(t.db, t.agent(), 'admin')).agent;
  }, 60_000);
  afterAll(() => t?.close());

  const invite = async (role = 'admin', email = address()) => {
    const res = await admin.post('/api/users/invite', { email, role });
    expect(res.status).toBe(201);
    return { ...res.body, token: tokenOf(res.body.inviteUrl) } as { id: string; email: string; inviteUrl: string; token: string };
  };
  const invitationRow = (id: string) => t.db('user_invitations').where({ id }).first();

  it('a plain registration with an invited admin address is a subscriber, and the invitation stays pending', async () => {
    const invitation = await invite('admin');
    const attacker = t.agent();
    const reg = await attacker.post('/api/auth/register', { email: invitation.email, ...signup });
    expect(reg.status).toBe(201);
    expect(reg.body.role).toBe('subscriber');
    expect((await attacker.get('/api/auth/user')).body.role).toBe('subscriber');
    // The attacker's session cannot reach admin routes.
    expect((await attacker.get('/api/users')).status).toBe(403);

    const row = await invitationRow(invitation.id);
    expect(row.accepted_at).toBeNull();
    expect(row.revoked_at).toBeNull();
    expect((await admin.get('/api/users/invitations')).body.map((i: { id: string }) => i.id)).toContain(invitation.id);
    // Its link now answers that the address has an account, rather than making a second one.
    const lookup = await t.agent().get(`/api/invitations/${invitation.token}`);
    expect(lookup.status).toBe(409);
    expect(lookup.body.message).toMatch(/account with this email already exists/);
    const accept = await t.agent().post(`/api/invitations/${invitation.token}/accept`, signup);
    expect(accept.status).toBe(409);
    expect(accept.body.message).toMatch(/account with this email already exists/);
  });

  it('the link shows the invitation, and accepting it gives the invited role and starts the session', async () => {
    const invitation = await invite('admin');
    const invitee = t.agent();
    const preview = await invitee.get(`/api/invitations/${invitation.token}`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('cache-control')).toBe('no-store');
    expect(preview.body).toEqual({ email: invitation.email, role: 'admin', expiresAt: expect.stringMatching(/^\d{4}-/) });

    const accepted = await invitee.post(`/api/invitations/${invitation.token}/accept`, signup);
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ email: invitation.email, role: 'admin', firstName: 'New', lastName: 'Cfo' });
    expect(accepted.body.passwordHash).toBeUndefined();
    // Signed in as the new admin by the same response.
    expect((await invitee.get('/api/auth/user')).body).toMatchObject({ email: invitation.email, role: 'admin' });
    expect((await invitee.get('/api/users')).status).toBe(200);
    expect((await invitationRow(invitation.id)).accepted_at).toBeTruthy();
    // The password chosen is the account's.
    expect((await t.agent().post('/api/auth/login', { email: invitation.email, password: signup.password })).status).toBe(200);
  });

  it('the email is the invited one: an email sent along is ignored', async () => {
    const invitation = await invite('editor');
    const other = address();
    const accepted = await t.agent().post(`/api/invitations/${invitation.token}/accept`, { ...signup, email: other });
    expect(accepted.status).toBe(201);
    expect(accepted.body.email).toBe(invitation.email);
    expect(await t.db('users').where({ email: other }).first()).toBeUndefined();
  });

  it('a token is single use: the second acceptance is 410 "already been used" and creates nothing', async () => {
    const invitation = await invite('editor');
    expect((await t.agent().post(`/api/invitations/${invitation.token}/accept`, signup)).status).toBe(201);
    const again = await t.agent().post(`/api/invitations/${invitation.token}/accept`, { ...signup, firstName: 'Second' });
    expect(again.status).toBe(410);
    expect(again.body).toMatchObject({ code: 'gone', message: 'This invitation has already been used' });
    const lookup = await t.agent().get(`/api/invitations/${invitation.token}`);
    expect(lookup.status).toBe(410);
    expect(lookup.body.message).toBe('This invitation has already been used');
    expect(await t.db('users').where({ email: invitation.email })).toHaveLength(1);
  });

  it('an expired link is refused with 410 "has expired" and creates no account', async () => {
    const invitation = await invite('admin');
    await t.db('user_invitations').where({ id: invitation.id }).update({ expires_at: new Date(Date.now() - 1000).toISOString() });
    const lookup = await t.agent().get(`/api/invitations/${invitation.token}`);
    expect(lookup.status).toBe(410);
    expect(lookup.body.message).toBe('This invitation has expired');
    const accept = await t.agent().post(`/api/invitations/${invitation.token}/accept`, signup);
    expect(accept.status).toBe(410);
    expect(accept.body.message).toBe('This invitation has expired');
    expect(await t.db('users').where({ email: invitation.email }).first()).toBeUndefined();
    expect((await invitationRow(invitation.id)).accepted_at).toBeNull();
  });

  it('a revoked invitation\'s link is refused with 410 "has been revoked"', async () => {
    const invitation = await invite('admin');
    expect((await admin.post(`/api/users/invitations/${invitation.id}/revoke`)).status).toBe(200);
    const lookup = await t.agent().get(`/api/invitations/${invitation.token}`);
    expect(lookup.status).toBe(410);
    expect(lookup.body.message).toBe('This invitation has been revoked');
    const accept = await t.agent().post(`/api/invitations/${invitation.token}/accept`, signup);
    expect(accept.status).toBe(410);
    expect(accept.body.message).toBe('This invitation has been revoked');
    expect(await t.db('users').where({ email: invitation.email }).first()).toBeUndefined();
  });

  it('a new link makes the old one unusable (404) and works itself', async () => {
    const invitation = await invite('contributor');
    const renewed = await admin.post(`/api/users/invitations/${invitation.id}/link`);
    expect(renewed.status).toBe(200);
    const newToken = tokenOf(renewed.body.inviteUrl);
    expect(newToken).not.toBe(invitation.token);

    const old = await t.agent().post(`/api/invitations/${invitation.token}/accept`, signup);
    expect(old.status).toBe(404);
    expect(old.body.message).toBe('This invitation link is not valid');
    expect((await t.agent().get(`/api/invitations/${invitation.token}`)).status).toBe(404);

    const accepted = await t.agent().post(`/api/invitations/${newToken}/accept`, signup);
    expect(accepted.status).toBe(201);
    expect(accepted.body.role).toBe('contributor');
  });

  it('two acceptances racing: one 201, the other 410, and exactly one account', async () => {
    for (let round = 0; round < 5; round++) {
      const invitation = await invite('admin');
      const results = await Promise.all(
        ['First', 'Second'].map((firstName) => t.agent().post(`/api/invitations/${invitation.token}/accept`, { ...signup, firstName })),
      );
      expect(results.map((r) => r.status).sort(), JSON.stringify(results.map((r) => r.body))).toEqual([201, 410]);
      expect(await t.db('users').where({ email: invitation.email })).toHaveLength(1);
    }
  });

  it('malformed or unknown tokens are 404 JSON, never 500', async () => {
    const invitation = await invite('editor');
    const malformed = [
      'x',
      `${invitation.token}x`,
      invitation.token.slice(1),
      `${invitation.token.slice(1)}=`,
      '%00',
      "'%20OR%201=1--",
      encodeURIComponent('../../users'),
      'a'.repeat(2000),
      randomBytes(32).toString('base64url'),
    ];
    for (const token of malformed) {
      for (const [method, path, body] of [
        ['GET', `/api/invitations/${token}`, undefined],
        ['POST', `/api/invitations/${token}/accept`, signup],
      ] as const) {
        const res = await t.agent().request(method, path, { body });
        expect(res.status, `${method} ${token}`).toBe(404);
        expect(res.headers.get('content-type')).toMatch(/json/);
        // Other spellings (an encoded NUL or slash) are refused before routing (docs/security.md §16), with the plain 404.
        expect(res.body, path).toMatchObject({ code: 'not_found', message: isCanonicalSpelling(path) ? 'This invitation link is not valid' : 'Not found' });
      }
    }
    // Nothing was spent: the real link still works.
    expect((await t.agent().get(`/api/invitations/${invitation.token}`)).status).toBe(200);
  });

  it('a refused acceptance body is 400 with field errors and leaves the invitation pending', async () => {
    const invitation = await invite('editor');
    const res = await t.agent().post(`/api/invitations/${invitation.token}/accept`, { password: '123', firstName: ' ', lastName: '' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['firstName', 'lastName', 'password']);
    expect((await invitationRow(invitation.id)).accepted_at).toBeNull();
  });
});

describe.each(DB_KINDS)('invitation acceptance rate limit [%s]', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    // The defaults, from the configuration.
    t = await startTestServer(kind);
  }, 60_000);
  afterAll(() => t?.close());

  it('acceptance attempts count against the per-IP registration limit (429 with Retry-After)', async () => {
    const limit = DEFAULT_AUTH_RATE_LIMITS.registrationsPerIp.limit;
    // Registrations and acceptances from one address share the count.
    for (let i = 0; i < limit / 2; i++) {
      const reg = await t.agent().post('/api/auth/register', { email: address(), ...signup });
      expect(reg.status, `registration ${i + 1}`).toBe(201);
    }
    const unknown = randomBytes(32).toString('base64url');
    for (let i = 0; i < limit / 2; i++) {
      expect((await t.agent().post(`/api/invitations/${unknown}/accept`, signup)).status, `acceptance ${i + 1}`).toBe(404);
    }
    const { agent: admin } = await signedIn(t.db, t.agent(), 'admin');
    const invitation = await admin.post('/api/users/invite', { email: address(), role: 'admin' });
    const blocked = await t.agent().post(`/api/invitations/${tokenOf(invitation.body.inviteUrl)}/accept`, signup);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await t.db('users').where({ email: invitation.body.email }).first()).toBeUndefined();
  });
});
