import type { Knex } from 'knex';
import { byDialect } from '../db/dialect';
import { searchPg } from './pg';
import { searchSqlite } from './sqlite';
import type { SearchHit, SearchOptions } from './types';

export type { SearchHit, SearchOptions };

/**
 * The one interface over both engines (schema in migrations/20261122020000_search.ts): titles
 * weigh more than bodies, results come best first, ties newest first.
 */
export function search(db: Knex, options: SearchOptions): Promise<SearchHit[]> {
  if (!options.terms.length) return Promise.resolve([]);
  return byDialect(db, { pg: () => searchPg(db, options), sqlite: () => searchSqlite(db, options) });
}
