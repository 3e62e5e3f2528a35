import { z } from './zod';
import { Id, safeText } from './common';

/**
 * GET /api/search?q=: one ranked list over articles, podcast episodes, discussions and
 * resources. Highlights are character ranges into plain text, never markup: the client wraps them
 * in <mark> itself, so nothing from content is ever rendered as HTML.
 */
export const SEARCH_QUERY_MAX = 200;
export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 50;

export const SearchQuery = z.object({
  q: safeText('Search text is required')
    .trim()
    .min(1, 'Search text is required')
    .max(SEARCH_QUERY_MAX, `Search text must be at most ${SEARCH_QUERY_MAX} characters`),
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 50' })
    .int('limit must be a whole number from 1 to 50')
    .min(1, 'limit must be a whole number from 1 to 50')
    .max(SEARCH_LIMIT_MAX, 'limit must be a whole number from 1 to 50')
    .default(SEARCH_LIMIT_DEFAULT),
});
export type SearchQuery = z.infer<typeof SearchQuery>;

export const SEARCH_KINDS = ['article', 'podcast', 'discussion', 'resource'] as const;
export const SearchKind = z.enum(SEARCH_KINDS);
export type SearchKind = z.infer<typeof SearchKind>;

/** [start, end) offsets into the text they belong to. */
export const HighlightRange = z.tuple([z.number().int().min(0), z.number().int().min(0)]);

export const HighlightedText = z.object({
  text: z.string(),
  highlights: z.array(HighlightRange),
});
export type HighlightedText = z.infer<typeof HighlightedText>;

export const SearchResult = z.object({
  kind: SearchKind,
  id: Id,
  /** The page that shows the item (a path on this site). */
  url: z.string(),
  title: HighlightedText,
  snippet: HighlightedText,
  /** Only editors ever receive drafts; they are marked so the list can say so. */
  isDraft: z.boolean(),
});
export type SearchResult = z.infer<typeof SearchResult>;

export const SearchResponse = z.object({ results: z.array(SearchResult) });
export type SearchResponse = z.infer<typeof SearchResponse>;
