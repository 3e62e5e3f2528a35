import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROFILE_LIMITS } from '../../../contracts/profile';
import { DB_KINDS, describeEachDb, freshAuthLimits, startTestServer, type Agent, type TestServer } from '../../test/harness';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { AuthRateLimits, DEFAULT_AUTH_RATE_LIMITS, type AuthRateLimiter } from '../../middleware/rate-limit';
import { fromJson } from '../../db/dialect';
import { logIn, signedIn, signInAs } from '../../test/agents';
import { completedUpload, publicImage } from '../../test/uploads';

describeEachDb('profile: read and update', (t) => {
  let agent: Agent;
  let userId: string;
  beforeEach(async () => {
    const s = await signedIn(t().db, t().agent());
    agent = s.agent;
    userId = s.user.id;
  });
  // The account as the profile routes may change it: `last_seen_at` moves with any request (the users table's "Last seen").
  const row = async () => {
    const { last_seen_at: _seen, ...rest } = await t().db('users').where({ id: userId }).first();
    return rest;
  };

  it('needs a signed-in member', async () => {
    expect((await t().agent().get('/api/profile')).status).toBe(401);
    expect((await t().agent().patch('/api/profile', { title: 'x' })).status).toBe(401);
    expect((await t().agent().post('/api/profile/password', {})).status).toBe(401);
  });

  it('reads the own profile, email included, never the password hash, and never cached', async () => {
    const res = await agent.get('/api/profile');
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(userId);
    expect(res.body.email).toMatch(/@example\.com$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.text).not.toMatch(/password|hash|\$2[aby]\$/i);
  });

  it('updates each field on its own and leaves the others alone', async () => {
    const steps: Array<[Record<string, unknown>, Record<string, unknown>]> = [
      [{ firstName: '  Ada ' }, { firstName: 'Ada' }],
      [{ lastName: 'Lovelace' }, { lastName: 'Lovelace' }],
      [{ title: 'Group Controller' }, { title: 'Group Controller' }],
      [{ company: 'Analytical Engines Ltd' }, { company: 'Analytical Engines Ltd' }],
      [{ bio: 'Line one.\nLine two.' }, { bio: 'Line one.\nLine two.' }],
      [{ expertiseTags: [' IFRS 18 ', 'Audit'] }, { expertiseTags: ['IFRS 18', 'Audit'] }],
    ];
    let expected: Record<string, unknown> = {};
    for (const [body, change] of steps) {
      const res = await agent.patch('/api/profile', body);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expected = { ...expected, ...change };
      expect(res.body).toMatchObject(expected);
      // What the next read (and the header's session) sees.
      expect((await agent.get('/api/profile')).body).toMatchObject(expected);
    }
    const stored = await row();
    expect(fromJson<string[]>(stored.expertise_tags, [])).toEqual(['IFRS 18', 'Audit']);
    expect((await agent.get('/api/auth/session')).body.user).toMatchObject(expected);
  });

  it('blank title, company and bio mean none', async () => {
    await agent.patch('/api/profile', { title: 'T', company: 'C', bio: 'B' });
    const res = await agent.patch('/api/profile', { title: '  ', company: '', bio: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: null, company: null, bio: null });
  });

  it('answers each invalid field with its message under that field, and writes nothing', async () => {
    await agent.patch('/api/profile', { firstName: 'Before', title: 'Before' });
    const before = await row();
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ firstName: '   ' }, 'firstName', /First name is required/],
      [{ lastName: '' }, 'lastName', /Last name is required/],
      [{ firstName: 'x'.repeat(101) }, 'firstName', /at most 100/],
      [{ title: 'x'.repeat(201) }, 'title', /Title must be at most 200/],
      [{ company: 'x'.repeat(201) }, 'company', /Company must be at most 200/],
      [{ bio: 'x'.repeat(5001) }, 'bio', /Bio must be at most 5000/],
      [{ title: 'bad\u0000text' }, 'title', /control characters/],
      [{ expertiseTags: 'IFRS' }, 'expertiseTags', /list/],
      [{ expertiseTags: [42] }, 'expertiseTags', /list/],
      [{ expertiseTags: ['IFRS', 'ifrs'] }, 'expertiseTags', /only once/],
      [{ expertiseTags: ['  '] }, 'expertiseTags', /blank/],
      [{ expertiseTags: ['x'.repeat(PROFILE_LIMITS.expertiseTagLength + 1)] }, 'expertiseTags', /at most 40 characters/],
      [{ expertiseTags: Array.from({ length: PROFILE_LIMITS.expertiseTags + 1 }, (_, i) => `Tag ${i}`) }, 'expertiseTags', /at most 10/],
      [{ expertiseTags: ['two\nlines'] }, 'expertiseTags', /one line/],
      [{ profileImageUrl: 'https://tracker.example/pixel.png' }, 'profileImageUrl', /uploaded here/],
      [{ profileImageUrl: 'javascript:alert(1)' }, 'profileImageUrl', /uploaded here/],
      [{ profileImageUrl: 42 }, 'profileImageUrl', /uploaded here/],
      // Shaped like an object path but not a UUID: refused before the database (pg's uuid column would throw).
      [{ profileImageUrl: `/objects/${'-'.repeat(36)}` }, 'profileImageUrl', /uploaded here/],
      [{ profileImageUrl: '/objects/zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz' }, 'profileImageUrl', /uploaded here/],
    ];
    for (const [body, field, message] of cases) {
      const res = await agent.patch('/api/profile', { title: 'Changed', ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('bad_request');
      expect(res.body.errors?.[field]?.join(' '), JSON.stringify(body)).toMatch(message);
    }
    expect(await row()).toEqual(before);
  });

  it('cannot change email, role, active flag, password, points or badges', async () => {
    const before = await row();
    const cases: Array<[string, unknown]> = [
      ['email', 'someone-else@example.com'],
      ['role', 'admin'],
      ['isActive', false],
      ['password', 'new-password-1'],
      ['points', 1_000_000],
      ['badges', ['Expert Contributor']],
      ['passwordHash', 'x'],
      ['constructor', 'x'],
      ['toString', 1],
    ];
    for (const [field, value] of cases) {
      const res = await agent.patch('/api/profile', { title: 'Sneaky', [field]: value });
      expect(res.status, field).toBe(400);
      expect(res.body.errors?.[field], field).toEqual([expect.any(String)]);
    }
    expect((await agent.patch('/api/profile', { constructor: 'x' })).body.errors.constructor).toEqual(['constructor is not a profile field']);
    expect(await row()).toEqual(before);
    expect((await agent.get('/api/profile')).body.role).toBe('subscriber');
  });

  describe('photo', () => {
    it('takes an image the member uploaded, and removes it again', async () => {
      const path = await publicImage(agent);
      const res = await agent.patch('/api/profile', { profileImageUrl: path });
      expect(res.status, res.text).toBe(200);
      expect(res.body.profileImageUrl).toBe(path);
      // Everywhere a member's avatar shows reads the same column.
      expect((await agent.get('/api/auth/session')).body.user.profileImageUrl).toBe(path);
      const removed = await agent.patch('/api/profile', { profileImageUrl: null });
      expect(removed.body.profileImageUrl).toBeNull();
    });

    it("refuses someone else's upload, an upload not finalised, an unknown object and an audio file", async () => {
      const { agent: other } = await signedIn(t().db, t().agent());
      const { agent: editor } = await signedIn(t().db, t().agent(), 'editor');
      const othersImage = await publicImage(other);
      await completedUpload(agent);
      const { id: objectId } = await t().db('objects').where({ user_id: userId }).whereNull('finalized_at').first();
      const audio = await editor.put('/api/podcasts/audio', { audioURL: await completedUpload(editor, 'audio') });
      const editorsAudioPath = audio.body.objectPath;
      for (const path of [othersImage, `/objects/${objectId}`, '/objects/019a0000-0000-7000-8000-00000000dead', editorsAudioPath]) {
        const res = await agent.patch('/api/profile', { profileImageUrl: path });
        expect(res.status, path).toBe(400);
        expect(res.body.errors.profileImageUrl).toEqual(['The photo must be an image uploaded here']);
      }
      expect((await row()).profile_image_url).toBeNull();
    });

    it('keeps a photo an admin set, when the form sends it back unchanged', async () => {
      await t().db('users').where({ id: userId }).update({ profile_image_url: '/objects/019a0000-0000-7000-8000-0000000000aa' });
      const res = await agent.patch('/api/profile', { title: 'Kept', profileImageUrl: '/objects/019a0000-0000-7000-8000-0000000000aa' });
      expect(res.status, res.text).toBe(200);
    });
  });
});

describeEachDb('profile: password', (t) => {
  it('needs the right current password: a wrong one is 422 under currentPassword and changes nothing', async () => {
    const user = await createUser(t().db);
    const agent = await logIn(t().agent(), user.email, TEST_PASSWORD);
    const res = await agent.post('/api/profile/password', { currentPassword: 'not-my-password', newPassword: 'Brand-new-marigold-1', confirmPassword: 'Brand-new-marigold-1' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ currentPassword: ['Current password is incorrect'] });
    // Still the old password, still signed in.
    expect((await t().agent().post('/api/auth/login', { email: user.email, password: 'Brand-new-marigold-1' })).status).toBe(401);
    expect((await agent.get('/api/profile')).status).toBe(200);
  });

  it('checks the new password and its confirmation with the contract rules', async () => {
    const { agent } = await signedIn(t().db, t().agent());
    const short = await agent.post('/api/profile/password', { currentPassword: TEST_PASSWORD, newPassword: '12345', confirmPassword: '12345' });
    expect(short.status).toBe(400);
    expect(short.body.errors.newPassword).toEqual(['Password must be at least 8 characters']);
    const mismatch = await agent.post('/api/profile/password', { currentPassword: TEST_PASSWORD, newPassword: 'Brand-new-marigold-1', confirmPassword: 'brand-new-2' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors.confirmPassword).toEqual(['The passwords do not match']);
    const missing = await agent.post('/api/profile/password', { newPassword: 'Brand-new-marigold-1', confirmPassword: 'Brand-new-marigold-1' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.currentPassword).toEqual(['Enter your current password']);
    const same = await agent.post('/api/profile/password', { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD, confirmPassword: TEST_PASSWORD });
    expect(same.status).toBe(400);
    expect(same.body.errors.newPassword).toEqual(['The new password must be different from the current one']);
  });

  it('with the right one: the new password works, the old does not, every other session ends and this one stays', async () => {
    const user = await createUser(t().db);
    const here = await logIn(t().agent(), user.email, TEST_PASSWORD);
    const phone = await logIn(t().agent(), user.email, TEST_PASSWORD);
    const laptop = t().agent();
    await signInAs(t().db, laptop, user.id);
    // Someone else's session is none of this change's business.
    const { agent: bystander } = await signedIn(t().db, t().agent());
    for (const a of [here, phone, laptop, bystander]) expect((await a.get('/api/profile')).status).toBe(200);

    const res = await here.post('/api/profile/password', { currentPassword: TEST_PASSWORD, newPassword: 'Brand-new-marigold-1', confirmPassword: 'Brand-new-marigold-1' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ ok: true, endedSessions: 2 });

    expect((await phone.get('/api/profile')).status).toBe(401);
    expect((await laptop.get('/api/auth/user')).status).toBe(401);
    expect((await here.get('/api/profile')).status).toBe(200);
    expect((await bystander.get('/api/profile')).status).toBe(200);
    expect(Number((await t().db('sessions').where({ user_id: user.id }).count({ n: '*' }).first())!.n)).toBe(1);

    expect((await t().agent().post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(401);
    expect((await t().agent().post('/api/auth/login', { email: user.email, password: 'Brand-new-marigold-1' })).status).toBe(200);
  });
});

/*
 * Wrong current passwords count as failed sign-ins for the account's email (and the client's
 * address): a stolen session cannot guess the password faster than the login form allows.
 */
describe.each(DB_KINDS)('profile: password guesses are rate-limited like logins [%s]', (kind) => {
  const PER_EMAIL = 3;
  let limits: AuthRateLimits;
  const delegate: AuthRateLimiter = {
    beginLogin: (ip, email) => limits.beginLogin(ip, email),
    register: (ip, email) => limits.register(ip, email),
    acceptInvitation: (ip) => limits.acceptInvitation(ip),
  };
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind, { rateLimits: delegate });
  }, 60_000);
  afterAll(() => t?.close());
  beforeEach(async () => {
    limits = await freshAuthLimits(t, { ...DEFAULT_AUTH_RATE_LIMITS, loginFailuresPerEmail: { limit: PER_EMAIL, windowMs: 15 * 60_000 } });
  });

  const change = (agent: Agent, currentPassword: string) =>
    agent.post('/api/profile/password', { currentPassword, newPassword: 'Brand-new-marigold-1', confirmPassword: 'Brand-new-marigold-1' });

  it('429 once the wrong guesses reach the login limit, even with the right password then', async () => {
    const user = await createUser(t.db);
    const agent = t.agent();
    await signInAs(t.db, agent, user.id);
    for (let i = 0; i < PER_EMAIL; i++) expect((await change(agent, `guess-${i}`)).status).toBe(422);
    const blocked = await change(agent, TEST_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    // The same counter as the login form's: signing in with that email is held back too.
    expect((await t.agent().post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(429);
  });

  it('a right password gives its attempt back', async () => {
    const user = await createUser(t.db);
    const agent = t.agent();
    await signInAs(t.db, agent, user.id);
    for (let i = 0; i < PER_EMAIL - 1; i++) expect((await change(agent, `guess-${i}`)).status).toBe(422);
    expect((await change(agent, TEST_PASSWORD)).status).toBe(200);
    // Still one guess left: the successful change was not counted.
    expect((await change(agent, 'another-guess')).status).toBe(422);
  });
});
