import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { repoRoot } from '../../test/child-server';
import { DB_KINDS, startTestServer, type Agent, type TestServer } from '../../test/harness';
import { createCategory } from '../../test/factories';
import { signedIn } from '../../test/agents';
import type { UserRow } from '../users/presenter';
import { publishDue, SCHEDULED_PUBLISHING } from './scheduled';

/** Starts the job in a process of its own; `go()` runs it once and answers how many it published. */
async function jobProcess(t: TestServer, now: number): Promise<{ go(): Promise<number> }> {
  const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['server/test/publish-due-child.ts', JSON.stringify(t.config), String(now)], { cwd: repoRoot, stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  const said = (word: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const m = word.exec(out);
        if (m) resolve(m);
      };
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        check();
      });
      child.once('exit', (code) => reject(new Error(`job process exited (${code}): ${out}`)));
      check();
    });
  await said(/ready/);
  return {
    async go() {
      const done = said(/published (\d+)/);
      child.stdin.write('go\n');
      return Number((await done)[1]);
    },
  };
}

/*
 * Drafts stay with editors (every public way in answers as if they did not exist, and no answer
 * about one may be stored), and a publish time makes the publishing job publish them: at the time,
 * not before, once however many processes run it (content/scheduled.ts).
 */
describe.each(DB_KINDS)('drafts and scheduled publishing [%s]', (kind) => {
  const pwaDir = mkdtempSync(path.join(os.tmpdir(), 'lc-drafts-'));
  let t: TestServer;
  let editor: { agent: Agent; user: UserRow };
  let admin: { agent: Agent; user: UserRow };
  let member: { agent: Agent; user: UserRow };
  let anon: Agent;
  let categoryId: string;

  beforeAll(async () => {
    // The real page shell, so the server renders the public screens.
    copyFileSync(path.resolve(import.meta.dirname, '../../../pwa/index.html'), path.join(pwaDir, 'index.html'));
    t = await startTestServer(kind, { pwaDir });
    editor = await signedIn(t.db, t.agent(), 'editor');
    admin = await signedIn(t.db, t.agent(), 'admin');
    member = await signedIn(t.db, t.agent(), 'subscriber');
    anon = t.agent();
    categoryId = (await createCategory(t.db)).id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(pwaDir, { recursive: true, force: true });
  });

  const inMinutes = (m: number, from = Date.now()) => new Date(from + m * 60_000).toISOString();
  const draftArticle = async (title: string, extra: Record<string, unknown> = {}) => {
    const res = await editor.agent.post('/api/news', { title, content: `${title}: the body.`, categoryIds: [categoryId], status: 'draft', ...extra });
    expect(res.status, res.text).toBe(201);
    return res.body as { id: string; status: string; scheduledAt: string | null };
  };

  it('keeps a draft from members and visitors everywhere, and from every cache', async () => {
    const title = 'Zephyrine draft on lease terms';
    const { id } = await draftArticle(title);

    const own = await editor.agent.get(`/api/news/${id}`);
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('no-store');
    const list = await editor.agent.get('/api/news');
    expect(list.body.map((a: { id: string }) => a.id)).toContain(id);
    expect(list.headers.get('cache-control')).toBe('no-store');

    for (const agent of [member.agent, anon]) {
      expect((await agent.get(`/api/news/${id}`)).status).toBe(404);
      expect((await agent.get(`/api/news/${id}/comments`)).status).toBe(404);
      const visible = await agent.get('/api/news');
      expect(visible.body.map((a: { id: string }) => a.id)).not.toContain(id);
      expect(visible.headers.get('cache-control')).not.toBe('no-store');
      expect((await agent.get(`/api/search?q=Zephyrine`)).body.results).toEqual([]);
      // The page rendered on the server never carries a draft, whoever asks.
      expect((await agent.get(`/news/${id}`)).text).not.toContain(title);
    }
    expect((await editor.agent.get(`/news/${id}`)).text).not.toContain(title);
    expect((await anon.get('/feed.xml')).text).not.toContain(title);
    expect((await anon.get('/sitemap.xml')).text).not.toContain(id);
  });

  it('takes a publish time only in the future and within a year, and keeps the item a draft until then', async () => {
    const bad = await editor.agent.post('/api/news', { title: 'Bad time', content: 'x', categoryIds: [categoryId], scheduledAt: 'tomorrow' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.scheduledAt).toEqual(['Publish time must be a date and time']);
    const past = await editor.agent.post('/api/news', { title: 'Past time', content: 'x', categoryIds: [categoryId], scheduledAt: inMinutes(-1) });
    expect(past.status).toBe(422);
    expect(past.body).toMatchObject({ message: 'Publish time must be in the future', errors: { scheduledAt: ['Publish time must be in the future'] } });
    expect((await editor.agent.post('/api/news', { title: 'Far', content: 'x', categoryIds: [categoryId], scheduledAt: inMinutes(60 * 24 * 400) })).status).toBe(422);

    const { id } = await draftArticle('Ahead of time');
    const at = inMinutes(30);
    // A time wins over a status sent with it: scheduling never publishes now.
    const scheduled = await admin.agent.patch(`/api/news/${id}`, { scheduledAt: at, status: 'published' });
    expect(scheduled.status, scheduled.text).toBe(200);
    expect(scheduled.body).toMatchObject({ status: 'draft', scheduledAt: at, publishedAt: null });
    expect(await t.db('news_articles').where({ id }).first('scheduled_by')).toEqual({ scheduled_by: admin.user.id });
    const audit = await t.db('audit_log').where({ target_id: id, action: 'content.schedule' });
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0].after)).toEqual({ scheduledAt: at });
    expect((await editor.agent.patch(`/api/news/${id}`, { scheduledAt: inMinutes(-5) })).status).toBe(422);

    // Publishing by hand forgets the time.
    const published = await editor.agent.patch(`/api/news/${id}/status`, { status: 'published' });
    expect(published.body).toMatchObject({ status: 'published', scheduledAt: null });
    expect(await t.db('news_articles').where({ id }).first('scheduled_by')).toEqual({ scheduled_by: null });
  });

  it('publishes a scheduled item at its time, not before, with its audit entry, notification and feed entry', async () => {
    const title = 'Quillwort scheduled article';
    const { id } = await draftArticle(title);
    const at = inMinutes(2);
    expect((await admin.agent.patch(`/api/news/${id}`, { scheduledAt: at })).status).toBe(200);
    const episode = await editor.agent.post('/api/podcasts', { title: 'Quillwort scheduled episode', categoryIds: [categoryId], scheduledAt: at });
    expect(episode.status, episode.text).toBe(201);
    expect(episode.body).toMatchObject({ status: 'draft', scheduledAt: at });

    expect(await publishDue(t.db, Date.parse(at) - 1)).toBe(0);
    expect((await anon.get(`/api/news/${id}`)).status).toBe(404);

    expect(await publishDue(t.db, Date.parse(at))).toBe(2);
    const now = await anon.get(`/api/news/${id}`);
    expect(now.status).toBe(200);
    expect(now.body).toMatchObject({ status: 'published', scheduledAt: null, publishedAt: at });
    expect((await anon.get(`/api/podcasts/${episode.body.id}`)).body.status).toBe('published');
    expect((await anon.get('/feed.xml')).text).toContain(title);

    const entries = await t.db('audit_log').where({ target_id: id, action: 'content.publish' });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_id: admin.user.id, actor_name: SCHEDULED_PUBLISHING });
    const notes = await t.db('notifications').where({ article_id: id, type: 'article_published' });
    expect(notes.map((n) => n.user_id)).toEqual([editor.user.id]);
  });

  it('publishes once, with one audit entry and one notification, when two processes run the job at the same moment', async () => {
    const { id } = await draftArticle('Contested publish time');
    const at = inMinutes(1);
    expect((await admin.agent.patch(`/api/news/${id}`, { scheduledAt: at })).status).toBe(200);
    // Two processes (SQLite's driver is synchronous: two pools in one process would wait on each other).
    const jobs = await Promise.all([0, 1].map(() => jobProcess(t, Date.parse(at) + 10)));
    const runs = await Promise.all(jobs.map((job) => job.go()));
    expect(runs.sort()).toEqual([0, 1]);
    expect(await t.db('audit_log').where({ target_id: id, action: 'content.publish' })).toHaveLength(1);
    expect(await t.db('notifications').where({ article_id: id, type: 'article_published' })).toHaveLength(1);
    expect((await anon.get(`/api/news/${id}`)).body.status).toBe('published');
  }, 120_000); // two processes start (tsx) on a shared machine
});
