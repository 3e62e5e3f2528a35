import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { DB_KINDS, describeEachDb, startTestServer, type TestServer } from '../../test/harness';
import { createUser, forumCategory, insertArticle, insertPodcast, postDiscussion, postReply } from '../../test/factories';
import { toBool, toInt } from '../../db/dialect';
import { DEMO_ACCOUNTS } from '../../db/seed/index';
import { expectAdminOnly, signedIn } from '../../test/agents';

const count = async (db: import('knex').Knex, table: string) => toInt((await db(table).count({ n: '*' }).first())?.n);

describeEachDb('database rebuild', (t) => {
  it('is admin-only', async () => {
    await expectAdminOnly(t(), 'POST', '/api/admin/seed-database', { force: true, confirmName: 'Ledger Commons' });
    await expectAdminOnly(t(), 'GET', '/api/admin/seed-database');
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

    const res = await admin.post('/api/admin/seed-database', { force: true, confirmName: 'Ledger Commons' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ alreadySeeded: false, message: 'Database populated successfully with fresh sample data!' });

    // Admins and their sessions are kept.
    const me = await admin.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(adminUser.id);
    expect(await db('sessions').where({ user_id: adminUser.id }).select('sid')).toEqual(adminSessions);
    expect(await db('users').where({ id: dormantAdmin.id }).first()).toBeDefined();
    const nonAdminsBefore = [memberUser.id, editor.id];
    expect(await db('users').whereIn('id', nonAdminsBefore)).toHaveLength(0);
    // The member's next request says why their session ended, once; then they are a plain visitor.
    const after = await member.get('/api/auth/user');
    expect(after.status).toBe(401);
    expect(after.headers.get('session-ended')).toBe('site-reset');
    expect(member.cookies.has('lc.sid')).toBe(false);
    expect((await member.get('/api/auth/session')).headers.get('session-ended')).toBeNull();

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
    expect((await agent.post('/api/admin/seed-database', { force: true, confirmName: 'Ledger Commons' })).status).toBe(200);
    const first = await articles();
    expect((await agent.post('/api/admin/seed-database', { force: true, confirmName: ' Ledger Commons ' })).status).toBe(200);
    expect(await articles()).toEqual(first);
    const demoAdmin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
    expect(await t().db('users').where({ email: demoAdmin.email })).toHaveLength(1);
    expect((await t().agent().post('/api/auth/login', { email: demoAdmin.email, password: demoAdmin.password })).status).toBe(200);
    expect((await agent.get('/api/auth/user')).status).toBe(200);
  });
});

describeEachDb('database rebuild: confirmation, preview, backup, audit, ended sessions', (t) => {
  it('a forced rebuild without the site name, or with another, is 422 on confirmName and deletes nothing', async () => {
    const db = t().db;
    const { agent } = await signedIn(db, t().agent(), 'admin');
    const member = await createUser(db);
    const article = await insertArticle(db, { title: 'Survives a wrong name' });
    const backups = path.join(t().dataDir, 'backups');
    for (const body of [{ force: true }, { force: true, confirmName: '' }, { force: true, confirmName: 'ledger commons' }, { force: true, confirmName: 'Ledger' }]) {
      const res = await agent.post('/api/admin/seed-database', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors.confirmName).toEqual(['Type the site’s name exactly to confirm']);
    }
    expect(await db('news_articles').where({ id: article }).first()).toBeDefined();
    expect(await db('users').where({ id: member.id }).first()).toBeDefined();
    expect(existsSync(backups)).toBe(false);
    expect(await count(db, 'audit_log')).toBe(0);
  });

  it('the preview counts what a rebuild deletes; the rebuild names its backup, audits the counts and keeps admins signed in', async () => {
    const db = t().db;
    // A clean slate: the earlier tests' rows (and any sample data) are gone first.
    const { agent: admin, user: adminUser } = await signedIn(db, t().agent(), 'admin');
    expect((await admin.post('/api/admin/seed-database', { force: true, confirmName: 'Ledger Commons' })).status).toBe(200);
    const base = (await admin.get('/api/admin/seed-database')).body.counts;

    const { agent: member, user: memberUser } = await signedIn(db, t().agent(), 'subscriber');
    const { agent: member2 } = await signedIn(db, t().agent(), 'contributor');
    const { agent: otherAdmin } = await signedIn(db, t().agent(), 'admin');
    await insertArticle(db, { authorId: memberUser.id });
    await insertArticle(db);
    const episode = await insertPodcast(db);
    const category = await forumCategory(db);
    const discussion = await postDiscussion(member, category.id);
    await postReply(member2, discussion.id);
    await postReply(member, discussion.id);
    const articleId = (await db('news_articles').where({ author_id: memberUser.id }).first()).id;
    expect((await member.post(`/api/news/${articleId}/comments`, { content: 'Nice' })).status).toBe(201);
    expect((await member2.post(`/api/podcasts/${episode}/comments`, { content: 'Good episode' })).status).toBe(201);

    const preview = await admin.get('/api/admin/seed-database');
    expect(preview.status).toBe(200);
    expect(preview.body.siteName).toBe('Ledger Commons');
    const expected = {
      articles: base.articles + 2,
      episodes: base.episodes + 1,
      shows: base.shows,
      resources: base.resources,
      discussions: base.discussions + 1,
      replies: base.replies + 2,
      comments: base.comments + 2,
      members: base.members + 2,
    };
    expect(preview.body.counts).toEqual(expected);
    // Each count is the table's own.
    expect(preview.body.counts.articles).toBe(await count(db, 'news_articles'));
    expect(preview.body.counts.replies).toBe(await count(db, 'forum_replies'));
    expect(preview.body.counts.comments).toBe((await count(db, 'news_comments')) + (await count(db, 'podcast_comments')));

    const res = await admin.post('/api/admin/seed-database', { force: true, confirmName: 'Ledger Commons' });
    expect(res.status).toBe(200);
    expect(res.body.deleted).toEqual(expected);
    expect(res.body.backup).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+\.\d{3}Z$/);
    const snapshot = path.join(t().dataDir, 'backups', res.body.backup);
    expect(existsSync(path.join(snapshot, 'manifest.json'))).toBe(true);
    expect(existsSync(path.join(snapshot, t().kind === 'pg' ? 'database.pgdump' : 'database.sqlite3'))).toBe(true);

    const audit = await db('audit_log').where({ action: 'site.rebuild' }).orderBy('created_at', 'desc').first();
    expect(audit.actor_id).toBe(adminUser.id);
    expect(audit.target_type).toBe('site');
    expect(JSON.parse(audit.before)).toEqual(expected);

    // Members elsewhere: their next request says the site was reset; admins stay signed in.
    for (const agent of [member, member2]) {
      const next = await agent.get('/api/auth/session');
      expect(next.status).toBe(200);
      expect(next.body.user).toBeNull();
      expect(next.headers.get('session-ended')).toBe('site-reset');
    }
    expect((await member.get('/api/auth/session')).headers.get('session-ended')).toBeNull();
    expect(await db('sessions').whereNull('user_id').where('sess', 'like', '%site-reset%').count({ n: '*' }).first().then((r) => toInt(r?.n))).toBe(0);
    for (const agent of [admin, otherAdmin]) {
      const me = await agent.get('/api/auth/session');
      expect(me.body.user?.role).toBe('admin');
      expect(me.headers.get('session-ended')).toBeNull();
    }
  });

  it('a backup that cannot be written stops the rebuild with 503 and deletes nothing', async () => {
    const db = t().db;
    const { agent } = await signedIn(db, t().agent(), 'admin');
    const member = await createUser(db);
    // A file where the backups directory should be: mkdir fails.
    const { writeFileSync, rmSync } = await import('node:fs');
    const backups = path.join(t().dataDir, 'backups');
    rmSync(backups, { recursive: true, force: true });
    writeFileSync(backups, 'not a directory');
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const res = await agent.post('/api/admin/seed-database', { force: true, confirmName: 'Ledger Commons' });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: 'backup_failed', message: 'The backup could not be written, so nothing was deleted. Check the server’s disk and try again.' });
      expect(res.text).not.toMatch(/ENOTDIR|EEXIST|at .*\.ts/);
    } finally {
      console.error = original;
      rmSync(backups, { force: true });
    }
    expect(await db('users').where({ id: member.id }).first()).toBeDefined();
  });
});

describe.each(DB_KINDS)('database rebuild in production [%s]', (kind) => {
  let refused: TestServer;
  let allowed: TestServer;
  beforeAll(async () => {
    refused = await startTestServer(kind, { env: 'production' });
    allowed = await startTestServer(kind, { env: 'production', allowSampleRebuild: true });
  }, 60_000);
  afterAll(async () => {
    await refused?.close();
    await allowed?.close();
  });

  it('is refused (403 rebuild_disabled) unless ALLOW_SAMPLE_REBUILD=true, and nothing is deleted', async () => {
    const { agent } = await signedIn(refused.db, refused.agent(), 'admin');
    const member = await createUser(refused.db);
    for (const res of [
      await agent.post('/api/admin/seed-database', { force: true, confirmName: 'Ledger Commons' }),
      await agent.post('/api/admin/seed-database', {}),
      await agent.get('/api/admin/seed-database'),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'rebuild_disabled', message: 'Rebuilding the database is turned off on this production site (ALLOW_SAMPLE_REBUILD is not true).' });
    }
    expect(await refused.db('users').where({ id: member.id }).first()).toBeDefined();
    expect(await count(refused.db, 'news_articles')).toBe(0);
  });

  it('with ALLOW_SAMPLE_REBUILD=true it runs (typed name, backup) in production', async () => {
    const { agent } = await signedIn(allowed.db, allowed.agent(), 'admin');
    const member = await createUser(allowed.db);
    expect((await agent.get('/api/admin/seed-database')).body.counts.members).toBe(1);
    const res = await agent.post('/api/admin/seed-database', { force: true, confirmName: 'Ledger Commons' });
    expect(res.status).toBe(200);
    expect(existsSync(path.join(allowed.dataDir, 'backups', res.body.backup, 'manifest.json'))).toBe(true);
    expect(await allowed.db('users').where({ id: member.id }).first()).toBeUndefined();
  });
});
