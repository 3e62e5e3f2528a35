import { describe, expect, it } from 'vitest';
import { describeEachDb } from '../../test/harness';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { issuePasswordReset } from '../password-resets/repo';
import { passwordWeakness, WEAK_PASSWORD_MESSAGE } from './password-strength';
import { signedIn, signInAs } from '../../test/agents';

const STRONG = 'Quiet-harbour-lamp-42';

describe('passwordWeakness', () => {
  it('refuses common passwords with zxcvbn advice, and accepts long unusual ones', () => {
    const common = passwordWeakness('password123');
    expect(common).toContain(WEAK_PASSWORD_MESSAGE);
    expect(common).toContain('This is a commonly used password.');
    for (const weak of ['admin123', 'qwertyuiop', '12345678', 'iloveyou1', 'aaaaaaaaaaaa']) expect(passwordWeakness(weak), weak).toBeDefined();
    for (const strong of [STRONG, 'correct horse battery staple', 'Amber-cistern-walrus-77']) expect(passwordWeakness(strong), strong).toBeUndefined();
  });

  it("counts the account's own name and email as guessable", () => {
    const owner = { email: 'maya.patel@example.com', firstName: 'Maya', lastName: 'Patel' };
    expect(passwordWeakness('Maya-Patel', owner)).toContain(WEAK_PASSWORD_MESSAGE);
    expect(passwordWeakness('mayapatel2026', owner)).toBeDefined();
    expect(passwordWeakness(STRONG, owner)).toBeUndefined();
  });

  it('judges only the first 100 characters, so a huge password costs no more than a long one', () => {
    // A megabyte is judged as its first 100 characters: a strong rest does not rescue a weak start.
    // (Cheap characters: zxcvbn takes about a second of CPU for 100 mixed ones.)
    const first100 = 'x'.repeat(100);
    expect(passwordWeakness(first100)).toContain(WEAK_PASSWORD_MESSAGE);
    expect(passwordWeakness(first100 + `${STRONG}-`.repeat(50_000))).toBe(passwordWeakness(first100));
  });
});

describeEachDb('new passwords must be strong', (t) => {
  const email = () => `strength-${Math.random().toString(36).slice(2, 10)}@example.com`;

  /** 400 with zxcvbn's advice under `field`, and nothing signed in by it. */
  function expectWeak(res: { status: number; body: { message: string; errors?: Record<string, string[]> } }, field = 'password') {
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(WEAK_PASSWORD_MESSAGE);
    expect(res.body.errors?.[field]?.[0]).toContain(WEAK_PASSWORD_MESSAGE);
  }

  it('sign-up refuses a common password and one made of the name, and writes nothing', async () => {
    const address = email();
    const common = await t().agent().post('/api/auth/register', { email: address, password: 'password123', firstName: 'Ada', lastName: 'Byron' });
    expectWeak(common);
    expect(common.body.errors.password[0]).toContain('This is a commonly used password.');
    expectWeak(await t().agent().post('/api/auth/register', { email: address, password: 'Maya-Patel', firstName: 'Maya', lastName: 'Patel' }));
    expect(await t().db('users').where({ email: address })).toEqual([]);
    expect((await t().agent().post('/api/auth/register', { email: address, password: STRONG, firstName: 'Ada', lastName: 'Byron' })).status).toBe(201);
  });

  it('a 7-character password is too short everywhere; sign-in still takes an old weak password', async () => {
    const short = await t().agent().post('/api/auth/register', { email: email(), password: 'Xq7!pz2', firstName: 'A', lastName: 'B' });
    expect(short.status).toBe(400);
    expect(short.body.errors.password).toEqual(['Password must be at least 8 characters']);
    const user = await createUser(t().db);
    expect((await t().agent().post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(200);
  });

  it('a password change refuses a weak new password under newPassword and keeps the old one', async () => {
    const user = await createUser(t().db, { firstName: 'Maya', lastName: 'Patel' });
    const agent = t().agent();
    await signInAs(t().db, agent, user.id);
    expectWeak(await agent.post('/api/profile/password', { currentPassword: TEST_PASSWORD, newPassword: 'Maya-Patel', confirmPassword: 'Maya-Patel' }), 'newPassword');
    expect((await t().agent().post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(200);
    expect((await agent.post('/api/profile/password', { currentPassword: TEST_PASSWORD, newPassword: STRONG, confirmPassword: STRONG })).status).toBe(200);
  });

  it('a reset link refuses a weak password and stays usable', async () => {
    const user = await createUser(t().db);
    const token = await issuePasswordReset(t().db, user.id, Date.now());
    expectWeak(await t().agent().post('/api/auth/password-reset/confirm', { token, password: 'password123' }));
    expect((await t().agent().get(`/api/auth/password-reset/${token}`)).status).toBe(200);
    expect((await t().agent().post('/api/auth/password-reset/confirm', { token, password: STRONG })).status).toBe(200);
  });

  it('an admin cannot create or set a weak password (both URL families)', async () => {
    const { agent } = await signedIn(t().db, t().agent(), 'admin');
    for (const path of ['/api/users/create', '/api/admin/users']) {
      const address = email();
      expectWeak(await agent.post(path, { email: address, password: 'password123', firstName: 'New', lastName: 'Member' }));
      expect(await t().db('users').where({ email: address })).toEqual([]);
    }
    const user = await createUser(t().db, { firstName: 'Maya', lastName: 'Patel' });
    expectWeak(await agent.patch(`/api/admin/users/${user.id}`, { password: 'Maya-Patel' }));
    expectWeak(await agent.put(`/api/users/${user.id}`, { password: 'letmein123' }));
    expect((await t().agent().post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(200);
    expect((await agent.patch(`/api/admin/users/${user.id}`, { password: STRONG })).status).toBe(200);
  });

  it('accepting an invitation refuses a weak password and leaves the invitation pending', async () => {
    const { agent } = await signedIn(t().db, t().agent(), 'admin');
    const address = email();
    const { body: invitation } = await agent.post('/api/users/invite', { email: address, role: 'contributor' });
    const token = invitation.inviteUrl.split('/').pop();
    expectWeak(await t().agent().post(`/api/invitations/${token}/accept`, { password: 'password123', firstName: 'In', lastName: 'Vited' }));
    expect(await t().db('users').where({ email: address })).toEqual([]);
    expect((await t().agent().post(`/api/invitations/${token}/accept`, { password: STRONG, firstName: 'In', lastName: 'Vited' })).status).toBe(201);
  });
});
