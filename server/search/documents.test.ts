import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DB_KINDS, type TestDatabase } from '../test/harness';
import { SEARCH_DOCUMENTS } from './documents';

/** The SQL over another row alias (`new.` in SQLite's triggers, none in a generated column). */
const over = (sql: string, alias: string) => sql.replaceAll('r.', alias ? `${alias}.` : '');

/*
 * The index was installed by migration 20261122020000_search.ts from its own pinned copy of the
 * expressions (documents.ts says why); this proves the copy and documents.ts are the same SQL, so
 * pg.ts's snippets and flags are taken from the text the index matched.
 */
describe.each(DB_KINDS)('search documents are what the migration installed [%s]', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.drop();
  });

  if (kind === 'pg') it("PostgreSQL's search_vector is built from each kind's body", async () => {
    // PostgreSQL stores a generated column's expression in its own normal form: install the one
    // documents.ts implies on a scratch copy of the table and compare the two as PostgreSQL prints them.
    const expression = async (table: string, column: string) =>
      (
        await t.db.raw(
          `select pg_get_expr(d.adbin, d.adrelid) as expr from pg_attrdef d
             join pg_attribute a on a.attrelid = d.adrelid and a.attnum = d.adnum
            where d.adrelid = ?::regclass and a.attname = ?`,
          [table, column],
        )
      ).rows[0]?.expr as string | undefined;
    for (const d of SEARCH_DOCUMENTS) {
      const vector = `setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, ${over(d.body, '')}), 'B')`;
      const probe = `probe_${d.table}`;
      await t.db.raw(`create temporary table ${probe} (like ${d.table})`);
      await t.db.raw(`alter table ${probe} add column expected tsvector generated always as (${vector}) stored`);
      const installed = await expression(d.table, 'search_vector');
      expect(installed, d.kind).toBeDefined();
      expect(installed, d.kind).toBe(await expression(probe, 'expected'));
    }
  });

  if (kind === 'sqlite') it("SQLite's triggers index each kind's body, draft and archived flags", async () => {
    for (const d of SEARCH_DOCUMENTS) {
      const flags = `(${over(d.draft ?? '0', 'new')}) <> 0, (${over(d.archived ?? '0', 'new')}) <> 0`;
      for (const op of ['insert', 'update']) {
        const row = await t.db('sqlite_master').where({ type: 'trigger', name: `${d.table}_search_${op}` }).first('sql');
        expect(row?.sql, `${d.kind} ${op}`).toContain(`values ('${d.kind}', new.id, ${flags});`);
        expect(row?.sql, `${d.kind} ${op}`).toContain(`values (last_insert_rowid(), new.title, ${over(d.body, 'new')});`);
      }
    }
  });
});
