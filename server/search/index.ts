import type { Knex } from 'knex';
import type { SearchKind } from '../../contracts/search';
import { dialectOf } from '../db/dialect';
import { searchPg } from './pg';
import { searchSqlite } from './sqlite';

/** One match, best first, before snippets are made. */
export interface SearchHit {
  kind: SearchKind;
  id: string;
  title: string;
  body: string;
  draft: boolean;
}

export interface SearchOptions {
  /** Lower-cased words from queryTerms(); every one must match (as a word prefix). */
  terms: string[];
  limit: number;
  /** Editors and admins also find drafts; nobody finds archived items (they are off every list). */
  withDrafts: boolean;
}

/**
 * The one interface over both engines (schema in migrations/20261122020000_search.ts): titles
 * weigh more than bodies, results come best first, ties newest first.
 */
export function search(db: Knex, options: SearchOptions): Promise<SearchHit[]> {
  if (!options.terms.length) return Promise.resolve([]);
  return dialectOf(db) === 'pg' ? searchPg(db, options) : searchSqlite(db, options);
}
