import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createBackup, restoreBackup, RestoreRefused, type BackupTarget } from './backup';
import { describeEachDb } from './test/harness';
import { signedIn } from './test/agents';
import { createCategory, insertArticle } from './test/factories';
import { publicImage } from './test/uploads';

/*
 * npm run backup / npm run restore: a snapshot taken while comments keep being written is restored
 * after the data (and the uploaded files) changed, and brings back exactly that snapshot.
 */

const backupsDir = mkdtempSync(path.join(os.tmpdir(), 'lc-backups-'));
afterAll(() => rmSync(backupsDir, { recursive: true, force: true }));

describeEachDb('backup and restore', (t) => {
  it('takes a consistent snapshot while writes go on, and restores it', async () => {
    const db = t().db;
    const target: BackupTarget = { database: t().config, uploadsDir: t().storageDir };
    const { agent } = await signedIn(db, t().agent());
    const articleId = await insertArticle(db, { categoryIds: [(await createCategory(db)).id], title: 'Before the backup' });
    const comment = (content: string) => agent.post(`/api/news/${articleId}/comments`, { content });
    const before: string[] = [];
    for (let i = 0; i < 5; i++) before.push((await comment(`before ${i}`)).body.id);
    const image = await publicImage(agent);
    const imageBytes = async () => Buffer.from(await (await fetch(t().url + image)).arrayBuffer());
    const original = await imageBytes();

    // Comments keep coming while the snapshot is taken.
    const acked: string[] = [];
    let writing = true;
    const writer = (async () => {
      while (writing) {
        const res = await comment(`during ${acked.length}`);
        expect(res.status).toBe(201);
        acked.push(res.body.id);
      }
    })();
    while (acked.length < 3) await new Promise((r) => setTimeout(r, 5));
    const ackedBefore = acked.slice();
    const dir = await createBackup(target, backupsDir);
    const ackedAfter = acked.slice();
    writing = false;
    await writer;
    expect(readdirSync(path.join(dir, 'uploads')).length).toBeGreaterThan(0);

    // Then the data changes: a comment deleted, one added, the article renamed, the files lost.
    expect((await agent.delete(`/api/news/comments/${before[0]}`)).status).toBe(200);
    const later = (await comment('after the backup')).body.id;
    await db('news_articles').where({ id: articleId }).update({ title: 'Changed after' });
    rmSync(t().storageDir, { recursive: true, force: true });
    expect((await fetch(t().url + image)).status).not.toBe(200);

    // A running server is not restored over unless told.
    await expect(restoreBackup(target, dir, { serverUrl: t().url })).rejects.toBeInstanceOf(RestoreRefused);
    // As a stopped server would, let go of the database; then restore and reconnect.
    await db.destroy();
    await restoreBackup(target, dir, { serverUrl: t().url, force: true });
    db.initialize();

    const rows = await db('news_comments').where({ article_id: articleId }).select('id', 'content');
    const ids = new Set(rows.map((r) => r.id as string));
    for (const id of [...before, ...ackedBefore]) expect(ids.has(id)).toBe(true);
    expect(ids.has(later)).toBe(false);
    // Nothing in the snapshot that had not been written by the time it finished.
    const known = new Set([...before, ...ackedAfter]);
    expect(rows.filter((r) => !known.has(r.id))).toEqual([]);
    expect(rows.find((r) => r.id === before[0])?.content).toBe('before 0');
    const article = await db('news_articles').where({ id: articleId }).first('title', 'comment_count');
    expect(article.title).toBe('Before the backup');
    // One consistent moment: the counter matches the rows it counts.
    expect(Number(article.comment_count)).toBe(rows.length);
    expect((await imageBytes()).equals(original)).toBe(true);
  }, 60_000);
});
