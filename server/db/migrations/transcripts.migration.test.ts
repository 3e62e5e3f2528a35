import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { createTestDatabase, DB_KINDS, type TestDatabase } from '../../test/harness';
import { searchPg } from '../../search/pg';
import { searchSqlite } from '../../search/sqlite';
import { migrationSource } from './index';

const MIGRATION = '20261208000000_transcripts';

/**
 * The transcripts migration on a database with episodes: they stay searchable by what they had,
 * and a transcript written afterwards is searched too; rolled back, search works as before.
 */
describe.each(DB_KINDS)('migration %s [%s]', (kind) => {
  let t: TestDatabase;
  const id = uuidv7();
  const search = (terms: string[]) => (kind === 'pg' ? searchPg : searchSqlite)(t.db, { terms, limit: 10, withDrafts: false });

  beforeAll(async () => {
    t = await createTestDatabase(kind, { migrate: false });
    for (const name of await migrationSource.getMigrations([])) {
      if (name >= MIGRATION) break;
      await t.db.migrate.up({ name });
    }
    await t.db('podcast_episodes').insert({ id, title: 'Older episode', description: 'About zqdepreciation', status: 'published' });
    await t.db.migrate.up({ name: MIGRATION });
  });
  afterAll(async () => t?.drop());

  it('keeps existing episodes searchable and indexes a transcript written afterwards', async () => {
    expect((await search(['zqdepreciation'])).map((h) => h.id)).toEqual([id]);
    await t.db('podcast_episodes').where({ id }).update({ transcript: '[{"start":null,"end":null,"text":"zqamortisation"}]', transcript_text: 'zqamortisation' });
    expect((await search(['zqamortisation'])).map((h) => h.id)).toEqual([id]);
  });

  // pg.ts reads the newest schema's columns: after the rollback, the index itself is asked.
  const indexed = async (term: string) =>
    kind === 'pg'
      ? (await t.db.raw(`select id from podcast_episodes where search_vector @@ to_tsquery('english', ?)`, [term])).rows.map((r: { id: string }) => r.id)
      : (await search([term])).map((h) => h.id);

  it('rolls back to the search it replaced', async () => {
    await t.db.migrate.down({ name: MIGRATION });
    expect(await t.db.schema.hasColumn('podcast_episodes', 'transcript')).toBe(false);
    expect(await indexed('zqamortisation')).toEqual([]);
    await t.db('podcast_episodes').where({ id }).update({ description: 'Now about zqleases' });
    expect(await indexed('zqleases')).toEqual([id]);
  });
});
