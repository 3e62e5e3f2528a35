import type { SearchKind, SearchResult } from '../../contracts/search';
import { highlightTitle, queryTerms, SEARCH_PAGE, snippet } from '../../contracts/search-terms';

/** One stored API answer: its path and body (pwa/offline/db.ts, `responses`). */
export interface StoredAnswer {
  path: string;
  data: unknown;
}

interface Item {
  kind: SearchKind;
  id: string;
  title: string;
  body: string;
  isDraft: boolean;
}

type Row = Record<string, unknown>;
const text = (...values: unknown[]) => values.filter((v): v is string => typeof v === 'string' && v !== '').join('\n');

/** Which stored answers hold which kind of item, and what of each is searched (as the server does). */
const SOURCES: Array<{ kind: SearchKind; path: RegExp; title: (r: Row) => unknown; body: (r: Row) => string }> = [
  { kind: 'article', path: /^\/api\/news(\/[^/?]+)?(\?|$)/, title: (r) => r.title, body: (r) => text(r.excerpt, r.summary, r.content) },
  {
    kind: 'podcast',
    path: /^\/api\/podcasts(\/[^/?]+)?(\?|$)/,
    title: (r) => r.title,
    body: (r) => text(r.description, r.hostName, r.guestName, r.guestTitle),
  },
  { kind: 'discussion', path: /^\/api\/forum\/discussions(\/[^/?]+)?(\?|$)/, title: (r) => r.title, body: (r) => text(r.content) },
  { kind: 'resource', path: /^\/api\/resources(\?|$)/, title: (r) => r.title, body: (r) => text(r.description) },
];

/** A list answer, a page of a paged list (`{ items, nextCursor }`, pwa/api/client.ts) or one item. */
function rowsOf(data: unknown): Row[] {
  if (Array.isArray(data)) return data as Row[];
  const items = (data as { items?: unknown } | null)?.items;
  return (Array.isArray(items) ? items : [data]) as Row[];
}

/** The items in stored answers (lists and single items), each once, newest answer first. */
function itemsOf(answers: StoredAnswer[]): Item[] {
  const items = new Map<string, Item>();
  for (const { path, data } of answers) {
    const source = SOURCES.find((s) => s.path.test(path));
    if (!source) continue;
    for (const row of rowsOf(data)) {
      const title = row && typeof row === 'object' ? source.title(row) : undefined;
      if (typeof row?.id !== 'string' || typeof title !== 'string') continue;
      // Archived items are off every list and out of the server's search too.
      if (row.isArchived === true) continue;
      const key = `${source.kind}:${row.id}`;
      if (!items.has(key)) items.set(key, { kind: source.kind, id: row.id, title, body: source.body(row), isDraft: row.status === 'draft' });
    }
  }
  return [...items.values()];
}

const words = (value: string) => value.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * Search over what the device has stored, for when it is offline: every word of the query must
 * start a word of the item's title or text (the server's rule); items matching in their title come
 * first. Results have the server's shape, so the same list shows them.
 */
export function searchAnswers(answers: StoredAnswer[], q: string, limit = 20): SearchResult[] {
  const terms = queryTerms(q);
  if (!terms.length) return [];
  const scored: Array<{ item: Item; inTitle: number }> = [];
  for (const item of itemsOf(answers)) {
    const titleWords = words(item.title);
    const allWords = [...titleWords, ...words(item.body)];
    if (!terms.every((t) => allWords.some((w) => w.startsWith(t)))) continue;
    scored.push({ item, inTitle: terms.filter((t) => titleWords.some((w) => w.startsWith(t))).length });
  }
  // A stable sort: equal title matches keep the newest-answer-first order.
  scored.sort((a, b) => b.inTitle - a.inTitle);
  return scored.slice(0, limit).map(({ item }) => ({
    kind: item.kind,
    id: item.id,
    url: SEARCH_PAGE[item.kind](item.id),
    title: highlightTitle(item.title, terms),
    snippet: snippet(item.body, terms),
    isDraft: item.isDraft,
  }));
}
