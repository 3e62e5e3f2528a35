import { expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { describeEachDb, type TestServer } from '../../test/harness';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { SESSION_COOKIE } from '../../middleware/session';
import { toBool, toInt } from '../../db/dialect';
import { LAST_ADMIN_MESSAGE } from './policy';
import { updateUserAccount } from './service';
import { expectAdminOnly, logIn, signedIn } from '../../test/agents';

const newUser = (overrides: Record<string, unknown> = {}) => ({
  email: `new-${uuidv7()}@example.com`,
  password: 'Quiet-harbour-lamp-42',
  firstName: 'New',
  lastName: 'Person',
  ...overrides,
});

/** Leaves exactly the given admins active (others become editors), for the last-admin rules. */
async function onlyAdmins(t: TestServer, ...ids: string[]) {
  await t.db('users').where({ role: 'admin' }).whereNotIn('id', ids).update({ role: 'editor' });
}

describeEachDb('users', (t) => {
  it('every user-management route is admin-only (401 signed out, 403 for other roles)', async () => {
    const target = await createUser(t().db);
    const id = target.id;
    await expectAdminOnly(t(), 'GET', '/api/users');
    await expectAdminOnly(t(), 'POST', '/api/users/create', newUser());
    await expectAdminOnly(t(), 'PUT', `/api/users/${id}`, { firstName: 'X' });
    await expectAdminOnly(t(), 'PATCH', `/api/users/${id}/role`, { role: 'admin' });
    await expectAdminOnly(t(), 'PATCH', `/api/users/${id}/status`, { isActive: false });
    await expectAdminOnly(t(), 'DELETE', `/api/users/${id}`);
    await expectAdminOnly(t(), 'GET', '/api/admin/users');
    await expectAdminOnly(t(), 'POST', '/api/admin/users', newUser());
    await expectAdminOnly(t(), 'PATCH', `/api/admin/users/${id}`, { role: 'admin' });
    await expectAdminOnly(t(), 'DELETE', `/api/admin/users/${id}`);
    const after = await t().db('users').where({ id }).first();
    expect([after.role, toBool(after.is_active), after.first_name]).toEqual(['subscriber', true, 'Test']);
  });

  it('creates users through both families, with the defaults and without exposing the hash', async () => {
    const { agent } = await signedIn(t().db, t().agent(), 'admin');
    const a = await agent.post('/api/users/create', newUser({ email: ' Mixed.Case@Example.com ', title: 'CFO', company: 'Acme' }));
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ email: 'mixed.case@example.com', role: 'subscriber', isActive: true, title: 'CFO', company: 'Acme' });
    expect(a.text).not.toMatch(/password|\$2[aby]\$/i);

    const b = await agent.post('/api/admin/users', newUser({ role: 'editor', isActive: false, bio: 'Hello', profileImageUrl: '/objects/abc-123' }));
    expect(b.status).toBe(201);
    expect(b.body).toMatchObject({ role: 'editor', isActive: false, bio: 'Hello', profileImageUrl: '/objects/abc-123' });

    // The created account signs in with its password.
    await logIn(t().agent(), 'mixed.case@example.com', 'Quiet-harbour-lamp-42');
  });

  it('validates creation with the messages of spec 5 and refuses a duplicate email (409)', async () => {
    const { agent } = await signedIn(t().db, t().agent(), 'admin');
    for (const path of ['/api/users/create', '/api/admin/users']) {
      const bad = await agent.post(path, { email: 'nope', password: '123', firstName: ' ', lastName: '' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toMatchObject({
        email: ['Invalid email format'],
        password: ['Password must be at least 8 characters'],
        firstName: ['First name is required'],
        lastName: ['Last name is required'],
      });
      const missing = await agent.post(path, {});
      expect(Object.keys(missing.body.errors).sort()).toEqual(['email', 'firstName', 'lastName', 'password']);
      const badRole = await agent.post(path, newUser({ role: 'owner' }));
      expect(badRole.status).toBe(400);
      expect(badRole.body.errors.role).toBeTruthy();
    }
    const existing = await createUser(t().db);
    for (const path of ['/api/users/create', '/api/admin/users']) {
      const dup = await agent.post(path, newUser({ email: existing.email.toUpperCase() }));
      expect(dup.status).toBe(409);
      expect(dup.body.errors.email[0]).toMatch(/already exists/);
    }
  });

  it('GET /api/users lists every user; GET /api/admin/users filters by q, role and active', async () => {
    const { agent } = await signedIn(t().db, t().agent(), 'admin');
    const tag = uuidv7().slice(-8);
    const ada = await createUser(t().db, { firstName: 'Ada', lastName: `Lovelace${tag}`, role: 'editor' });
    const grace = await createUser(t().db, { email: `grace.${tag}@navy.example`, firstName: 'Grace', lastName: 'Hopper', isActive: false });
    const alan = await createUser(t().db, { firstName: 'Alan', lastName: `Turing${tag}`, role: 'contributor', isActive: false });

    const all = await agent.get('/api/users');
    expect(all.status).toBe(200);
    const allIds = all.body.map((u: { id: string }) => u.id);
    expect(allIds).toEqual(expect.arrayContaining([ada.id, grace.id, alan.id]));
    expect(allIds).toHaveLength(toInt((await t().db('users').count({ n: '*' }).first())?.n));
    expect(all.text).not.toMatch(/passwordHash|password_hash|\$2[aby]\$/);

    const ids = async (query: string) => {
      const res = await agent.get(`/api/admin/users${query}`);
      expect(res.status, query).toBe(200);
      return res.body.map((u: { id: string }) => u.id).sort();
    };
    expect(await ids(`?q=${tag.toUpperCase()}`)).toEqual([ada.id, grace.id, alan.id].sort());
    expect(await ids(`?q=lovelace${tag}`)).toEqual([ada.id]);
    expect(await ids(`?q=${encodeURIComponent(`ada lovelace${tag}`)}`)).toEqual([ada.id]);
    expect(await ids(`?q=GRACE.${tag}@NAVY`)).toEqual([grace.id]);
    expect(await ids(`?q=${tag}&role=contributor`)).toEqual([alan.id]);
    expect(await ids(`?q=${tag}&active=false`)).toEqual([grace.id, alan.id].sort());
    expect(await ids(`?q=${tag}&active=true`)).toEqual([ada.id]);
    expect(await ids(`?q=${tag}&role=editor&active=false`)).toEqual([]);
    // LIKE wildcards in the search are literal characters.
    expect(await ids(`?q=${encodeURIComponent('%')}`)).toEqual([]);
    expect((await agent.get('/api/admin/users?role=owner')).status).toBe(400);
    expect((await agent.get('/api/admin/users?active=yes')).status).toBe(400);
  });

  it('updates only the fields sent; a blank or absent password keeps the current one', async () => {
    const { agent } = await signedIn(t().db, t().agent(), 'admin');
    const user = await createUser(t().db, { firstName: 'Before', lastName: 'Name' });
    await t().db('users').where({ id: user.id }).update({ title: 'Auditor', company: 'Acme' });

    const put = await agent.put(`/api/users/${user.id}`, { firstName: 'After', password: '' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ firstName: 'After', lastName: 'Name', title: 'Auditor', company: 'Acme', role: 'subscriber' });
    await logIn(t().agent(), user.email, TEST_PASSWORD);

    const patch = await agent.patch(`/api/admin/users/${user.id}`, { company: '', title: 'Partner' });
    expect(patch.status).toBe(200);
    expect(patch.body).toMatchObject({ firstName: 'After', title: 'Partner', company: null });
    await logIn(t().agent(), user.email, TEST_PASSWORD);

    const pw = await agent.patch(`/api/admin/users/${user.id}`, { password: 'Brand-new-saffron-pw' });
    expect(pw.status).toBe(200);
    expect((await t().agent().post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(401);
    await logIn(t().agent(), user.email, 'Brand-new-saffron-pw');

    const short = await agent.put(`/api/users/${user.id}`, { password: '12345' });
    expect(short.status).toBe(400);
    expect(short.body.errors.password).toEqual(['Password must be at least 8 characters']);
    const blankName = await agent.put(`/api/users/${user.id}`, { firstName: '' });
    expect(blankName.body.errors.firstName).toEqual(['First name is required']);

    const other = await createUser(t().db);
    const dup = await agent.put(`/api/users/${user.id}`, { email: other.email });
    expect(dup.status).toBe(409);
    expect((await agent.put(`/api/users/${uuidv7()}`, { firstName: 'X' })).status).toBe(404);
    expect((await agent.put('/api/users/not-a-uuid', { firstName: 'X' })).status).toBe(404);
  });

  it('changes role and status through their own routes', async () => {
    const { agent } = await signedIn(t().db, t().agent(), 'admin');
    const user = await createUser(t().db);
    const role = await agent.patch(`/api/users/${user.id}/role`, { role: 'contributor' });
    expect(role.status).toBe(200);
    expect(role.body.role).toBe('contributor');
    const status = await agent.patch(`/api/users/${user.id}/status`, { isActive: false });
    expect(status.status).toBe(200);
    expect(status.body.isActive).toBe(false);
    expect((await t().agent().post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(403);
    expect((await agent.patch(`/api/users/${user.id}/status`, { isActive: true })).body.isActive).toBe(true);
    expect((await agent.patch(`/api/users/${user.id}/role`, { role: 'root' })).status).toBe(400);
    expect((await agent.patch(`/api/users/${user.id}/status`, { isActive: 'no' })).status).toBe(400);
    expect((await agent.patch(`/api/users/${user.id}/role`, {})).status).toBe(400);
  });

  it("a password, role or status change ends all of the target's sessions; other edits do not", async () => {
    const { agent: admin } = await signedIn(t().db, t().agent(), 'admin');
    const changes: Array<[string, string, unknown]> = [
      ['PUT', '/api/users/:id', { password: 'Another-copper-fjord-9' }],
      ['PATCH', '/api/admin/users/:id', { password: 'Another-copper-fjord-9' }],
      ['PATCH', '/api/users/:id/role', { role: 'editor' }],
      ['PATCH', '/api/admin/users/:id', { role: 'contributor' }],
      ['PATCH', '/api/users/:id/status', { isActive: false }],
      ['PUT', '/api/users/:id', { isActive: false }],
    ];
    for (const [method, path, body] of changes) {
      const user = await createUser(t().db);
      const phone = await logIn(t().agent(), user.email);
      const laptop = await logIn(t().agent(), user.email);
      const res = await admin.request(method, path.replace(':id', user.id), { body });
      expect(res.status, `${method} ${path}`).toBe(200);
      expect((await phone.get('/api/auth/user')).status, `${method} ${path} ${JSON.stringify(body)}`).toBe(401);
      expect((await laptop.get('/api/auth/user')).status).toBe(401);
    }

    const user = await createUser(t().db, { role: 'editor' });
    const session = await logIn(t().agent(), user.email);
    await admin.put(`/api/users/${user.id}`, { firstName: 'Renamed', title: 'Manager', password: '' });
    await admin.patch(`/api/users/${user.id}/role`, { role: 'editor' }); // unchanged
    const me = await session.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.firstName).toBe('Renamed');
  });

  it('an admin changing their own password keeps the session in use and ends their others', async () => {
    const { agent, user } = await signedIn(t().db, t().agent(), 'admin');
    const other = await logIn(t().agent(), user.email);
    const res = await agent.patch(`/api/admin/users/${user.id}`, { password: 'My-new-juniper-ledger-5' });
    expect(res.status).toBe(200);
    expect((await agent.get('/api/auth/user')).status).toBe(200);
    expect((await other.get('/api/auth/user')).status).toBe(401);
    const sid = agent.cookies.get(SESSION_COOKIE);
    expect(await t().db('sessions').where({ user_id: user.id }).select('sid')).toEqual([{ sid }]);
  });

  it('an admin cannot delete, demote or deactivate themself (409)', async () => {
    const { agent, user } = await signedIn(t().db, t().agent(), 'admin');
    await createUser(t().db, { role: 'admin' }); // so the last-admin rule is not what answers
    const attempts: Array<[string, string, unknown, RegExp]> = [
      ['PATCH', `/api/users/${user.id}/role`, { role: 'editor' }, /your own admin role/],
      ['PATCH', `/api/admin/users/${user.id}`, { role: 'subscriber' }, /your own admin role/],
      ['PUT', `/api/users/${user.id}`, { role: 'contributor' }, /your own admin role/],
      ['PATCH', `/api/users/${user.id}/status`, { isActive: false }, /deactivate your own account/],
      ['PATCH', `/api/admin/users/${user.id}`, { isActive: false }, /deactivate your own account/],
      ['DELETE', `/api/users/${user.id}`, undefined, /delete your own account/],
      ['DELETE', `/api/admin/users/${user.id}`, undefined, /delete your own account/],
    ];
    for (const [method, path, body, message] of attempts) {
      const res = await agent.request(method, path, { body });
      expect(res.status, `${method} ${path}`).toBe(409);
      expect(res.body.message).toMatch(message);
    }
    const row = await t().db('users').where({ id: user.id }).first();
    expect([row.role, toBool(row.is_active)]).toEqual(['admin', true]);
    // Editing other fields of oneself is fine, and so is "changing" the role to admin.
    expect((await agent.patch(`/api/admin/users/${user.id}`, { title: 'Head of IT', role: 'admin', isActive: true })).status).toBe(200);
    expect((await agent.get('/api/auth/user')).status).toBe(200);
  });

  it('the last active admin can never be removed, demoted or deactivated', async () => {
    const { agent, user: sole } = await signedIn(t().db, t().agent(), 'admin');
    await onlyAdmins(t(), sole.id);
    for (const [method, path, body] of [
      ['PATCH', `/api/users/${sole.id}/role`, { role: 'editor' }],
      ['PATCH', `/api/users/${sole.id}/status`, { isActive: false }],
      ['PATCH', `/api/admin/users/${sole.id}`, { role: 'subscriber', isActive: false }],
      ['DELETE', `/api/users/${sole.id}`, undefined],
      ['DELETE', `/api/admin/users/${sole.id}`, undefined],
    ] as const) {
      const res = await agent.request(method, path, { body });
      expect(res.status, `${method} ${path}`).toBe(409);
      expect(res.body.message).toBe(LAST_ADMIN_MESSAGE);
    }
    // An inactive admin does not count as one.
    const dormant = await createUser(t().db, { role: 'admin', isActive: false });
    expect((await agent.patch(`/api/users/${sole.id}/role`, { role: 'editor' })).body.message).toBe(LAST_ADMIN_MESSAGE);

    // The rule holds whoever asks: an actor whose own admin role was just removed (a request that
    // passed the role check a moment earlier) still cannot demote the remaining admin.
    const err = await updateUserAccount(t().db, { id: dormant.id, name: 'Dormant' }, sole.id, { role: 'editor' }).catch((e) => e);
    expect(err.status).toBe(409);
    expect(err.message).toBe(LAST_ADMIN_MESSAGE);

    // With a second active admin, the first can be demoted by the second.
    const second = await createUser(t().db, { role: 'admin' });
    const secondAgent = await logIn(t().agent(), second.email);
    expect((await secondAgent.patch(`/api/users/${sole.id}/role`, { role: 'editor' })).status).toBe(200);
    expect((await agent.get('/api/users')).status).toBe(401); // demotion ended the session
  });

  it('two admins demoting each other at once leave one active admin', async () => {
    const { agent: a, user: ua } = await signedIn(t().db, t().agent(), 'admin');
    const { agent: b, user: ub } = await signedIn(t().db, t().agent(), 'admin');
    await onlyAdmins(t(), ua.id, ub.id);
    const [ra, rb] = await Promise.all([
      a.patch(`/api/users/${ub.id}/role`, { role: 'editor' }),
      b.patch(`/api/users/${ua.id}/role`, { role: 'editor' }),
    ]);
    expect([ra.status, rb.status].filter((s) => s === 200)).toHaveLength(1);
    expect([ra.status, rb.status].every((s) => [200, 401, 403, 409].includes(s))).toBe(true);
    const admins = await t().db('users').where({ role: 'admin', is_active: true }).whereIn('id', [ua.id, ub.id]);
    expect(admins).toHaveLength(1);
  });

  it('deleting a user keeps their content, removes their sessions and likes, and fixes like counters', async () => {
    const { agent: admin } = await signedIn(t().db, t().agent(), 'admin');
    const leaver = await createUser(t().db);
    const stayer = await createUser(t().db);
    const session = await logIn(t().agent(), leaver.email);
    const db = t().db;
    const [article, podcast, discussion, resource] = [uuidv7(), uuidv7(), uuidv7(), uuidv7()];
    await db('news_articles').insert({ id: article, title: 'A', content: 'C', author_id: leaver.id, likes: 2 });
    await db('podcast_episodes').insert({ id: podcast, title: 'P', author_id: leaver.id, likes: 1 });
    await db('forum_discussions').insert({ id: discussion, title: 'D', content: 'C', author_id: leaver.id });
    await db('forum_replies').insert({ id: uuidv7(), discussion_id: discussion, content: 'R', author_id: leaver.id });
    await db('news_comments').insert({ id: uuidv7(), article_id: article, content: 'Nice', author_id: leaver.id });
    await db('resources').insert({ id: resource, title: 'R', type: 'ebook', category: 'taxation', author_id: leaver.id });
    const like = (userId: string, type: string, id: string) => ({
      id: uuidv7(),
      user_id: userId,
      target_type: type,
      target_id: id,
      interaction_type: 'like',
    });
    await db('user_interactions').insert([
      like(leaver.id, 'article', article),
      like(stayer.id, 'article', article),
      like(leaver.id, 'podcast', podcast),
    ]);

    const res = await admin.delete(`/api/users/${leaver.id}`);
    expect(res.status).toBe(200);
    expect(await db('users').where({ id: leaver.id }).first()).toBeUndefined();
    expect((await session.get('/api/auth/user')).status).toBe(401);
    expect(await db('sessions').where({ user_id: leaver.id })).toHaveLength(0);
    expect(await db('user_interactions').where({ user_id: leaver.id })).toHaveLength(0);
    expect(await db('user_interactions').where({ user_id: stayer.id })).toHaveLength(1);

    const a = await db('news_articles').where({ id: article }).first();
    expect([a.author_id, toInt(a.likes)]).toEqual([null, 1]);
    const p = await db('podcast_episodes').where({ id: podcast }).first();
    expect([p.author_id, toInt(p.likes)]).toEqual([null, 0]);
    expect((await db('forum_discussions').where({ id: discussion }).first()).author_id).toBeNull();
    expect((await db('forum_replies').where({ discussion_id: discussion }).first()).author_id).toBeNull();
    expect((await db('news_comments').where({ article_id: article }).first()).author_id).toBeNull();
    expect((await db('resources').where({ id: resource }).first()).author_id).toBeNull();

    // The other family, and the not-found cases.
    const second = await createUser(t().db);
    expect((await admin.delete(`/api/admin/users/${second.id}`)).status).toBe(200);
    expect((await admin.delete(`/api/admin/users/${second.id}`)).status).toBe(404);
    expect((await admin.delete('/api/users/nope')).status).toBe(404);
  });
});
