import { expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { describeEachDb } from '../../test/harness';
import { createUser } from '../../test/factories';
import { toBool, toInt } from '../../db/dialect';
import { DEMO_ACCOUNTS } from '../../db/seed/index';
import { expectAdminOnly, signedIn } from '../../test/agents';

const count = async (db: import('knex').Knex, table: string) => toInt((await db(table).count({ n: '*' }).first())?.n);

describeEachDb('database rebuild', (t) => {
  it('is admin-only', async () => {
    await expectAdminOnly(t(), 'POST', '/api/admin/seed-database', { force: true });
    expect(await count(t().db, 'news_articles')).toBe(0);
  });

  it('fills an empty database without force', async () => {
    const { agent } = await signedIn(t().db, t().agent(), 'admin');
    const res = await agent.post('/api/admin/seed-database', {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ alreadySeeded: false, message: 'Database populated successfully with fresh sample data!' });
    expect(await count(t().db, 'news_articles')).toBeGreaterThan(0);
  });

  it('leaves a database with content alone unless forced', async () => {
    const { agent } = await signedIn(t().db, t().agent(), 'admin');
    const before = await count(t().db, 'news_articles');
    const marker = uuidv7();
    await t().db('news_articles').insert({ id: marker, title: 'Mine', content: 'Keep me' });
    for (const body of [{}, { force: false }, undefined]) {
      const res = await agent.post('/api/admin/seed-database', body);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ alreadySeeded: true, message: 'Database already contains seed data.' });
    }
    expect(await count(t().db, 'news_articles')).toBe(before + 1);
    expect((await agent.post('/api/admin/seed-database', { force: 'yes' })).status).toBe(400);
  });

  it('force: replaces all content and non-admin accounts, keeping every admin and their sessions', async () => {
    const db = t().db;
    const { agent: admin, user: adminUser } = await signedIn(db, t().agent(), 'admin');
    const dormantAdmin = await createUser(db, { role: 'admin', isActive: false });
    const { agent: member, user: memberUser } = await signedIn(db, t().agent(), 'subscriber');
    const editor = await createUser(db, { role: 'editor' });
    const article = uuidv7();
    await db('news_articles').insert({ id: article, title: 'Old', content: 'Old', author_id: adminUser.id, likes: 1 });
    await db('user_interactions').insert({ id: uuidv7(), user_id: adminUser.id, target_type: 'article', target_id: article, interaction_type: 'like' });
    await db('user_invitations').insert({ id: uuidv7(), email: `pending-${uuidv7()}@example.com`, invited_by: adminUser.id });
    await admin.patch('/api/admin/menu-settings/community', { isVisible: false });
    const adminSessions = await db('sessions').where({ user_id: adminUser.id }).select('sid');

    const res = await admin.post('/api/admin/seed-database', { force: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ alreadySeeded: false, message: 'Database populated successfully with fresh sample data!' });

    // Admins and their sessions are kept.
    const me = await admin.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(adminUser.id);
    expect(await db('sessions').where({ user_id: adminUser.id }).select('sid')).toEqual(adminSessions);
    expect(await db('users').where({ id: dormantAdmin.id }).first()).toBeDefined();
    const nonAdminsBefore = [memberUser.id, editor.id];
    expect(await db('users').whereIn('id', nonAdminsBefore)).toHaveLength(0);
    expect((await member.get('/api/auth/user')).status).toBe(401);

    // Old content, likes and invitations are gone; fresh sample content is there.
    expect(await db('news_articles').where({ id: article }).first()).toBeUndefined();
    expect(await db('user_interactions').where({ target_id: article })).toHaveLength(0);
    expect(await count(db, 'user_invitations')).toBe(0);
    for (const table of ['news_articles', 'podcast_episodes', 'forum_discussions', 'forum_categories', 'resources', 'news_categories']) {
      expect(await count(db, table), table).toBeGreaterThan(0);
    }
    for (const account of DEMO_ACCOUNTS) {
      const row = await db('users').where({ email: account.email }).first();
      expect(row, account.email).toBeDefined();
      expect(toBool(row.is_active)).toBe(true);
    }
    // The sample data's accounts sign in (so they are real rows, not leftovers).
    const demo = DEMO_ACCOUNTS.find((a) => a.role === 'subscriber')!;
    expect((await t().agent().post('/api/auth/login', { email: demo.email, password: demo.password })).status).toBe(200);
    // Menu settings are configuration, not content.
    const community = (await t().agent().get('/api/menu-settings')).body.find((m: { menuKey: string }) => m.menuKey === 'community');
    expect(community.isVisible).toBe(false);

    // A second, non-forced rebuild reports that the data is there.
    const again = await admin.post('/api/admin/seed-database', { force: false });
    expect(again.body).toEqual({ alreadySeeded: true, message: 'Database already contains seed data.' });
  });

  it('force twice in a row works (the kept demo admin is reused, not duplicated)', async () => {
    const { agent } = await signedIn(t().db, t().agent(), 'admin');
    const articles = async () => (await t().db('news_articles').select('title').orderBy('title')).map((r) => r.title);
    expect((await agent.post('/api/admin/seed-database', { force: true })).status).toBe(200);
    const first = await articles();
    expect((await agent.post('/api/admin/seed-database', { force: true })).status).toBe(200);
    expect(await articles()).toEqual(first);
    const demoAdmin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
    expect(await t().db('users').where({ email: demoAdmin.email })).toHaveLength(1);
    expect((await t().agent().post('/api/auth/login', { email: demoAdmin.email, password: demoAdmin.password })).status).toBe(200);
    expect((await agent.get('/api/auth/user')).status).toBe(200);
  });
});
