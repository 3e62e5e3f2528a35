import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import type { AuditEntry } from '../../../contracts/audit';
import { NEXT_CURSOR_HEADER } from '../../../contracts/constants';
import { describeEachDb, type Agent, type TestServer } from '../../test/harness';
import { createUser, forumCategory, postDiscussion } from '../../test/factories';
import { expectAdminOnly, signedIn } from '../../test/agents';
import { loadConfig } from '../../config';
import { fromJson } from '../../db/dialect';
import { recordEvent, type DomainEvent } from '../../events/index';
import { sweepAuditLog } from './repo';

const DAY_MS = 86_400_000;
const STRONG = 'Quiet-harbour-lamp-42';

/** The log's entries about one target, newest first, read through the API as an admin sees them. */
async function entriesAbout(admin: Agent, targetId: string): Promise<AuditEntry[]> {
  const res = await admin.get(`/api/admin/audit?targetId=${encodeURIComponent(targetId)}`);
  expect(res.status, res.text).toBe(200);
  return res.body.entries;
}

const rowsAbout = (t: TestServer, targetId: string) => t.db('audit_log').where({ target_id: targetId });

describeEachDb('audit log', (t) => {
  async function admin() {
    const { agent, user } = await signedIn(t().db, t().agent(), 'admin');
    return { agent, user, actor: { id: user.id, name: 'Test User' } };
  }

  it('GET /api/admin/audit is for admins only (401 signed out, 403 for subscribers, contributors and editors)', async () => {
    await expectAdminOnly(t(), 'GET', '/api/admin/audit');
    const { agent } = await admin();
    const res = await agent.get('/api/admin/audit');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(Array.isArray(res.body.entries)).toBe(true);
  });

  it('records a role change once, with actor, target and the role before and after', async () => {
    const { agent, actor } = await admin();
    const member = await createUser(t().db);
    const before = Date.now();
    expect((await agent.patch(`/api/users/${member.id}/role`, { role: 'editor' })).status).toBe(200);
    const after = Date.now();
    const entries = await entriesAbout(agent, member.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'user.role',
      actor,
      target: { type: 'user', id: member.id, label: 'Test User', exists: true },
      before: { role: 'subscriber' },
      after: { role: 'editor' },
    });
    // Written during the request (SQLite's timestamps are whole seconds).
    expect(Date.parse(entries[0].createdAt)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(Date.parse(entries[0].createdAt)).toBeLessThanOrEqual(after);
    // Saving the same role again changes nothing: no second entry.
    expect((await agent.patch(`/api/admin/users/${member.id}`, { role: 'editor' })).status).toBe(200);
    expect(await entriesAbout(agent, member.id)).toHaveLength(1);
  });

  it('records deactivation and activation, and which other fields changed (a password only as the fact)', async () => {
    const { agent } = await admin();
    const member = await createUser(t().db);
    expect((await agent.patch(`/api/users/${member.id}/status`, { isActive: false })).status).toBe(200);
    expect((await agent.patch(`/api/admin/users/${member.id}`, { isActive: true })).status).toBe(200);
    expect((await agent.put(`/api/users/${member.id}`, { firstName: 'Ada', company: 'Acme', password: STRONG })).status).toBe(200);
    const entries = await entriesAbout(agent, member.id);
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ['user.update', { firstName: 'Test', company: null }, { firstName: 'Ada', company: 'Acme', passwordChanged: true }],
      ['user.activate', { isActive: false }, { isActive: true }],
      ['user.deactivate', { isActive: true }, { isActive: false }],
    ]);
    // The label follows the new name; no password or hash is ever written.
    expect(entries[0].target.label).toBe('Ada User');
    const stored = JSON.stringify(await rowsAbout(t(), member.id));
    expect(stored).not.toContain(STRONG);
    expect(stored).not.toMatch(/\$2[aby]\$|password_?hash/i);
  });

  it('records creation and deletion; a deleted member is no longer linkable', async () => {
    const { agent, actor } = await admin();
    const email = `audit-${uuidv7()}@example.com`;
    const created = await agent.post('/api/admin/users', { email, password: STRONG, firstName: 'New', lastName: 'Hire', role: 'contributor' });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await agent.delete(`/api/admin/users/${id}`)).status).toBe(200);
    const entries = await entriesAbout(agent, id);
    expect(entries.map((e) => e.action)).toEqual(['user.delete', 'user.create']);
    expect(entries[1]).toMatchObject({ actor, before: null, after: { email, role: 'contributor', isActive: true } });
    expect(entries[0]).toMatchObject({ before: { email, role: 'contributor' }, after: null, target: { label: 'New Hire', exists: false } });
    expect(JSON.stringify(entries)).not.toContain(STRONG);
  });

  it("keeps an entry of the event a write records, in the write's transaction: a write that rolls back leaves neither", async () => {
    const { agent, actor } = await admin();
    const member = await createUser(t().db);
    expect((await agent.patch(`/api/users/${member.id}/role`, { role: 'editor' })).status).toBe(200);
    const recorded = (await t().db('events').where({ type: 'user.role_changed' }).pluck('payload'))
      .map((payload) => fromJson<DomainEvent | null>(payload, null))
      .filter((e) => e && 'target' in e && e.target.id === member.id);
    // The event carries who and what, never the admin's session.
    expect(recorded).toEqual([{ type: 'user.role_changed', actor, target: { type: 'user', id: member.id, label: 'Test User' }, before: { role: 'subscriber' }, after: { role: 'editor' } }]);

    const deleted: DomainEvent = { type: 'user.deleted', actor, target: { type: 'user', id: member.id, label: 'Test User' }, before: { role: 'editor' } };
    await expect(
      t().db.transaction(async (trx) => {
        await recordEvent(trx, deleted);
        expect(await trx('audit_log').where({ target_id: member.id }).pluck('action')).toEqual(expect.arrayContaining(['user.role', 'user.delete']));
        throw new Error('the write fails');
      }),
    ).rejects.toThrow('the write fails');
    expect(await rowsAbout(t(), member.id).pluck('action')).toEqual(['user.role']);
    expect((await t().db('events').where({ type: 'user.deleted' }).pluck('payload')).filter((p: string) => p.includes(member.id))).toEqual([]);
  });

  it("records an admin signing another member out everywhere, not an admin's own", async () => {
    const { agent, user } = await admin();
    const member = await createUser(t().db);
    expect((await agent.post(`/api/admin/users/${member.id}/logout-all`)).status).toBe(200);
    expect(await entriesAbout(agent, member.id)).toMatchObject([{ action: 'user.sign-out-everywhere', target: { id: member.id } }]);
    const before = (await rowsAbout(t(), user.id)).length;
    expect((await agent.post(`/api/admin/users/${user.id}/logout-all`)).status).toBe(200);
    expect(await rowsAbout(t(), user.id)).toHaveLength(before);
  });

  it("records an admin's reset of a member's two-step sign-in", async () => {
    const { agent, actor } = await admin();
    const member = await createUser(t().db);
    await t().db('users').where({ id: member.id }).update({ two_factor_enabled_at: new Date().toISOString() });
    expect((await agent.delete(`/api/admin/users/${member.id}/two-factor`)).status).toBe(200);
    // Refused (nothing to reset): no entry.
    expect((await agent.delete(`/api/admin/users/${member.id}/two-factor`)).status).toBe(409);
    expect(await entriesAbout(agent, member.id)).toMatchObject([
      { action: 'user.two-factor-reset', actor, before: { twoFactorEnabled: true }, after: { twoFactorEnabled: false } },
    ]);
  });

  it('a refused change leaves no entry: last admin demoted (409), bad input (400), unknown user (404)', async () => {
    const { agent, user } = await admin();
    // Leave this admin the only active one.
    await t().db('users').where({ role: 'admin' }).whereNot({ id: user.id }).update({ role: 'editor' });
    expect((await agent.patch(`/api/admin/users/${user.id}`, { role: 'editor' })).status).toBe(409);
    expect((await agent.patch(`/api/users/${user.id}/status`, { isActive: false })).status).toBe(409);
    expect((await agent.delete(`/api/users/${user.id}`)).status).toBe(409);
    const member = await createUser(t().db);
    expect((await agent.patch(`/api/users/${member.id}/role`, { role: 'overlord' })).status).toBe(400);
    expect((await agent.post('/api/admin/users', { email: 'nope', password: '1' })).status).toBe(400);
    const taken = await agent.patch(`/api/admin/users/${member.id}`, { email: user.email, firstName: 'Changed' });
    expect(taken.status).toBe(409);
    expect((await rowsAbout(t(), user.id))).toHaveLength(0);
    expect((await rowsAbout(t(), member.id))).toHaveLength(0);
    expect((await t().db('audit_log').where({ actor_id: user.id })).length).toBe(0);
  });

  it('records invitations sent and revoked (a second revocation adds nothing)', async () => {
    const { agent, actor } = await admin();
    const email = `invitee-${uuidv7()}@example.com`;
    const sent = await agent.post('/api/users/invite', { email, role: 'editor' });
    expect(sent.status).toBe(201);
    const id = sent.body.id as string;
    expect((await agent.post(`/api/users/invitations/${id}/revoke`)).status).toBe(200);
    expect((await agent.post(`/api/users/invitations/${id}/revoke`)).status).toBe(200);
    expect(await entriesAbout(agent, id)).toMatchObject([
      { action: 'invitation.revoke', actor, target: { type: 'invitation', label: email, exists: false }, before: { status: 'pending' }, after: { status: 'revoked' } },
      { action: 'invitation.create', after: { email, role: 'editor' } },
    ]);
  });

  it('records menu visibility changes, not a save that changes nothing', async () => {
    const { agent, actor } = await admin();
    const count = async () => (await t().db('audit_log').where({ action: 'menu.update', target_id: 'community' })).length;
    const start = await count();
    expect((await agent.patch('/api/admin/menu-settings/community', { isVisible: true })).status).toBe(200);
    expect(await count()).toBe(start);
    expect((await agent.patch('/api/admin/menu-settings/community', { isVisible: false })).status).toBe(200);
    const [entry] = await entriesAbout(agent, 'community');
    expect(entry).toMatchObject({ action: 'menu.update', actor, target: { type: 'menu', label: 'Community' }, before: { isVisible: true }, after: { isVisible: false } });
    expect((await agent.patch('/api/admin/menu-settings/community', { isVisible: true })).status).toBe(200);
    expect(await count()).toBe(start + 2);
  });

  it('records news categories created, edited (only the changed fields) and deleted', async () => {
    const { agent } = await admin();
    const slug = `audit-${uuidv7().slice(-8)}`;
    const created = await agent.post('/api/admin/news-categories', { name: `Audit ${slug}`, slug });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await agent.patch(`/api/admin/news-categories/${id}`, { isActive: false, color: created.body.color })).status).toBe(200);
    // Nothing really changes: nothing recorded.
    expect((await agent.patch(`/api/admin/news-categories/${id}`, { isActive: false })).status).toBe(200);
    // A taken slug is refused and leaves nothing.
    const other = await agent.post('/api/admin/news-categories', { name: `Other ${slug}`, slug: `${slug}-x` });
    expect((await agent.patch(`/api/admin/news-categories/${other.body.id}`, { slug })).status).toBe(409);
    expect((await agent.delete(`/api/admin/news-categories/${id}`)).status).toBe(200);
    expect((await entriesAbout(agent, id)).map((e) => [e.action, e.before, e.after])).toEqual([
      ['category.delete', { name: `Audit ${slug}`, slug }, null],
      ['category.update', { isActive: true }, { isActive: false }],
      ['category.create', null, { name: `Audit ${slug}`, slug }],
    ]);
    expect((await entriesAbout(agent, other.body.id)).map((e) => e.action)).toEqual(['category.create']);
  });

  it('records podcast shows created, edited and deleted; a refused delete leaves nothing', async () => {
    const { agent } = await admin();
    const name = `Audit show ${uuidv7().slice(-8)}`;
    const created = await agent.post('/api/admin/podcast-shows', { name });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await agent.patch(`/api/admin/podcast-shows/${id}`, { hostName: 'Grace Hopper' })).status).toBe(200);
    expect((await agent.delete(`/api/admin/podcast-shows/${id}`)).status).toBe(200);
    expect((await agent.delete(`/api/admin/podcast-shows/${id}`)).status).toBe(404);
    expect((await entriesAbout(agent, id)).map((e) => [e.action, e.target.label, e.before, e.after])).toEqual([
      ['show.delete', name, { name, slug: created.body.slug }, null],
      ['show.update', name, { hostName: null }, { hostName: 'Grace Hopper' }],
      ['show.create', name, null, { name, slug: created.body.slug }],
    ]);
  });

  it("records a moderator's publish, unpublish, feature and delete of others' discussions, not an author's own", async () => {
    const { agent: author } = await signedIn(t().db, t().agent(), 'subscriber');
    const { agent: editor, user: editorUser } = await signedIn(t().db, t().agent(), 'editor');
    const { agent } = await admin();
    const category = await forumCategory(t().db);
    const theirs = await postDiscussion(author, category.id, 'Lease accounting under IFRS 16');
    expect((await editor.patch(`/api/forum/discussions/${theirs.id}/status`, { status: 'draft' })).status).toBe(200);
    expect((await editor.patch(`/api/forum/discussions/${theirs.id}/status`, { status: 'published' })).status).toBe(200);
    expect((await editor.patch(`/api/forum/discussions/${theirs.id}/featured`, { isFeatured: true })).status).toBe(200);
    expect((await editor.delete(`/api/forum/discussions/${theirs.id}`)).status).toBe(200);
    const entries = await entriesAbout(agent, theirs.id);
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ['discussion.delete', { status: 'published' }, null],
      ['discussion.feature', { isFeatured: false }, { isFeatured: true }],
      ['discussion.publish', { status: 'draft' }, { status: 'published' }],
      ['discussion.unpublish', { status: 'published' }, { status: 'draft' }],
    ]);
    expect(entries[0]).toMatchObject({ actor: { id: editorUser.id }, target: { type: 'discussion', label: 'Lease accounting under IFRS 16', exists: false } });
    expect(entries[1].target.exists).toBe(false);

    // The editor's own discussion: their status change and deletion are not moderation.
    const own = await postDiscussion(editor, category.id, 'My own question');
    expect((await editor.patch(`/api/forum/discussions/${own.id}/status`, { status: 'draft' })).status).toBe(200);
    expect((await editor.delete(`/api/forum/discussions/${own.id}`)).status).toBe(200);
    const mine = await postDiscussion(author, category.id, 'Deleted by its author');
    expect((await author.delete(`/api/forum/discussions/${mine.id}`)).status).toBe(200);
    expect(await rowsAbout(t(), own.id)).toHaveLength(0);
    expect(await rowsAbout(t(), mine.id)).toHaveLength(0);
  });

  it('filters by action, action group, actor, target type and dates, newest first, and pages with a cursor', async () => {
    const { agent, user } = await admin();
    const members = [await createUser(t().db), await createUser(t().db), await createUser(t().db)];
    for (const m of members) expect((await agent.patch(`/api/users/${m.id}/role`, { role: 'contributor' })).status).toBe(200);
    expect((await agent.patch(`/api/users/${members[0].id}/status`, { isActive: false })).status).toBe(200);
    const ids = members.map((m) => m.id);

    const get = async (query: string) => {
      const res = await agent.get(`/api/admin/audit?actor=${user.id}&${query}`);
      expect(res.status, res.text).toBe(200);
      return res;
    };
    const mine = (await get('')).body.entries as AuditEntry[];
    expect(mine.map((e) => e.action)).toEqual(['user.deactivate', 'user.role', 'user.role', 'user.role']);
    expect(mine.map((e) => e.target.id)).toEqual([ids[0], ids[2], ids[1], ids[0]]);
    expect(mine.every((e) => e.actor.id === user.id)).toBe(true);
    expect(((await get('action=user.role')).body.entries as AuditEntry[]).map((e) => e.target.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect((await get('action=user.')).body.entries).toHaveLength(4);
    expect((await get('action=category.')).body.entries).toHaveLength(0);
    expect((await get('targetType=user')).body.entries).toHaveLength(4);
    expect((await get('targetType=menu')).body.entries).toHaveLength(0);
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + DAY_MS).toISOString().slice(0, 10);
    expect((await get(`from=${today}&to=${today}`)).body.entries).toHaveLength(4);
    expect((await get(`to=${yesterday}`)).body.entries).toHaveLength(0);
    expect((await get(`from=${tomorrow}`)).body.entries).toHaveLength(0);

    // Pages of two: no overlap, no gap, and no cursor after the last page.
    const first = await get('limit=2');
    const cursor = first.headers.get(NEXT_CURSOR_HEADER);
    expect(cursor).toBeTruthy();
    const second = await get(`limit=2&cursor=${encodeURIComponent(cursor!)}`);
    expect(second.headers.get(NEXT_CURSOR_HEADER)).toBeNull();
    expect([...first.body.entries, ...second.body.entries].map((e: AuditEntry) => e.id)).toEqual(mine.map((e) => e.id));
  });

  it('refuses bad filters with 400 and the field at fault', async () => {
    const { agent } = await admin();
    for (const [query, field] of [
      ['action=user.promote', 'action'],
      ['action=nothing.', 'action'],
      ['action=%25', 'action'],
      ['actor=not-an-id', 'actor'],
      ['targetType=planet', 'targetType'],
      ['from=2026-13-40', 'from'],
      ['to=yesterday', 'to'],
      ['from=2026-11-28&to=2026-11-01', 'to'],
      ['to=9999-12-31', 'to'],
      ['limit=0', 'limit'],
      ['cursor=garbage', 'cursor'],
    ]) {
      const res = await agent.get(`/api/admin/audit?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.errors, query).toHaveProperty(field);
    }
  });

  it('the retention sweep deletes entries older than the retention period, and only those', async () => {
    const now = Date.now();
    const row = (daysAgo: number) => ({
      id: uuidv7(),
      actor_id: null,
      actor_name: 'Retention test',
      action: 'user.role',
      target_type: 'user',
      target_id: `retention-${daysAgo}`,
      created_at: new Date(now - daysAgo * DAY_MS).toISOString(),
    });
    await t().db('audit_log').insert([row(400), row(366), row(364), row(10)]);
    const left = async () =>
      (await t().db('audit_log').where({ actor_name: 'Retention test' }).orderBy('target_id').select('target_id')).map((r) => r.target_id);
    expect(await sweepAuditLog(t().db, now, 365)).toBe(2);
    expect(await left()).toEqual(['retention-10', 'retention-364']);
    expect(await sweepAuditLog(t().db, now, 30)).toBe(1);
    expect(await left()).toEqual(['retention-10']);
  });
});

describe('AUDIT_RETENTION_DAYS', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lc-audit-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const env = { DATA_DIR: dir, SESSION_SECRET: 'x'.repeat(32) };

  it('defaults to a year and reads a whole number of days', () => {
    expect(loadConfig(env).auditRetentionDays).toBe(365);
    expect(loadConfig({ ...env, AUDIT_RETENTION_DAYS: '90' }).auditRetentionDays).toBe(90);
  });

  it('refuses anything else with a clear message', () => {
    expect(() => loadConfig({ ...env, AUDIT_RETENTION_DAYS: 'forever' })).toThrow(/AUDIT_RETENTION_DAYS: must be a whole number of days/);
    expect(() => loadConfig({ ...env, AUDIT_RETENTION_DAYS: '1.5' })).toThrow(/AUDIT_RETENTION_DAYS: must be a whole number of days/);
    expect(() => loadConfig({ ...env, AUDIT_RETENTION_DAYS: '0' })).toThrow(/AUDIT_RETENTION_DAYS: must be at least 1 day/);
  });
});
