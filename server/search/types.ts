import type { SearchKind } from '../../contracts/search';

/* The engines' shared shapes, in a module of their own so index.ts and the engines do not import each other. */

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
