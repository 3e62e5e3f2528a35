import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { createTestDatabase, DB_KINDS, type TestDatabase } from '../../test/harness';
import { isUniqueViolation } from '../dialect';
import { migrationSource } from './index';

const MIGRATION = '20261124130000_podcast_shows';

/**
 * The podcast-shows migration on a database that already has episodes: they move to the
 * default show, shared numbers are resolved so the unique index can exist, and nothing else is lost.
 */
describe.each(DB_KINDS)('migration %s [%s]', (kind) => {
  let t: TestDatabase;
  const categoryId = uuidv7();
  const ids = { oldest: uuidv7(), newer: uuidv7(), other: uuidv7(), unnumbered: uuidv7() };

  beforeAll(async () => {
    t = await createTestDatabase(kind, { migrate: false });
    for (const name of await migrationSource.getMigrations([])) {
      if (name >= MIGRATION) break;
      await t.db.migrate.up({ name });
    }
    await t.db('news_categories').insert({ id: categoryId, name: 'Audit', slug: 'audit' });
    const episode = (id: string, episode_number: number | null, created_at: string) => ({ id, title: id, episode_number, created_at, updated_at: created_at });
    await t.db('podcast_episodes').insert([
      episode(ids.newer, 2, '2026-02-01T00:00:00.000Z'),
      episode(ids.oldest, 2, '2026-01-01T00:00:00.000Z'),
      episode(ids.other, 3, '2026-01-15T00:00:00.000Z'),
      episode(ids.unnumbered, null, '2026-01-20T00:00:00.000Z'),
    ]);
    await t.db('podcast_categories').insert(Object.values(ids).map((podcast_id) => ({ podcast_id, category_id: categoryId })));
    await t.db.migrate.up({ name: MIGRATION });
  });
  afterAll(async () => t?.drop());

  it('moves every episode to the default show and keeps a shared number on the oldest episode only', async () => {
    const shows = await t.db('podcast_shows');
    expect(shows.map((s) => [s.name, s.slug])).toEqual([['Ledger Commons Podcast', 'ledger-commons-podcast']]);
    const rows = await t.db('podcast_episodes').select('id', 'show_id', 'episode_number');
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const r of rows) expect(r.show_id).toBe(shows[0].id);
    expect(Number(byId.get(ids.oldest)!.episode_number)).toBe(2);
    expect(byId.get(ids.newer)!.episode_number).toBeNull();
    expect(Number(byId.get(ids.other)!.episode_number)).toBe(3);
    expect((await t.db('podcast_categories').select('podcast_id')).length).toBe(4);
  });

  it('makes (show, number) unique, lets numberless episodes be, and a show with episodes cannot be deleted', async () => {
    const [show] = await t.db('podcast_shows');
    const insert = (episode_number: number | null) => t.db('podcast_episodes').insert({ id: uuidv7(), title: 'x', show_id: show.id, episode_number });
    await expect(insert(3)).rejects.toSatisfy(isUniqueViolation);
    await insert(null);
    await insert(null);
    await expect(t.db('podcast_shows').where({ id: show.id }).delete()).rejects.toThrow();
  });

  it('rolls back to the single implicit podcast without losing episodes or their categories, and forward again', async () => {
    await t.db.migrate.down({ name: MIGRATION });
    expect(await t.db.schema.hasTable('podcast_shows')).toBe(false);
    expect(await t.db.schema.hasColumn('podcast_episodes', 'show_id')).toBe(false);
    expect((await t.db('podcast_categories').select('podcast_id')).length).toBe(4);
    await t.db.migrate.up({ name: MIGRATION });
    expect(await t.db.schema.hasColumn('podcast_episodes', 'show_id')).toBe(true);
    expect((await t.db('podcast_episodes').whereNull('show_id')).length).toBe(0);
  });
});
