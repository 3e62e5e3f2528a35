// Query words, highlights and snippets for search results: shared by the server (/api/search) and the
// PWA, which searches what the device has stored when it is offline (pwa/offline/search.ts).
import type { HighlightedText, SearchKind } from './search';
import { plainText } from './text';

/** The page that shows an item: articles and discussions have their own, the rest their list. */
export const SEARCH_PAGE: Record<SearchKind, (id: string) => string> = {
  article: (id) => `/news/${id}`,
  podcast: () => '/podcasts',
  discussion: (id) => `/forums/${id}`,
  resource: () => '/resources',
};

/** At most this many words of a query are searched for (the rest is ignored). */
const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 40;

/**
 * The words of a query: letters and digits only, lower-cased. Engines build their own query
 * syntax from these, so no user text ever reaches FTS5's or PostgreSQL's query parser.
 */
export function queryTerms(q: string): string[] {
  const words = q.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.map((w) => w.slice(0, MAX_TERM_LENGTH)))].slice(0, MAX_TERMS);
}

/**
 * A crude English stem of a term, to highlight the word forms the engines' stemmers matched
 * ("audits" finds "audit" and "auditing"). Highlighting only: the engines decide what matches.
 */
function stem(term: string): string {
  const cut = term.replace(/(ings?|ed|es|s|ly|ers?|ation|ations)$/u, '');
  return cut.length >= 3 ? cut : term;
}

const WORD = /[\p{L}\p{N}]+/gu;

/** Ranges of the words in `text` that start with one of the terms' stems. */
function highlightRanges(text: string, stems: string[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const m of text.matchAll(WORD)) {
    const word = m[0].toLowerCase();
    if (stems.some((s) => word.startsWith(s))) out.push([m.index, m.index + m[0].length]);
  }
  return out;
}

export function highlightTitle(title: string, terms: string[]): HighlightedText {
  return { text: title, highlights: highlightRanges(title, terms.map(stem)) };
}

const SNIPPET_LENGTH = 180;

/**
 * About 180 characters of the body around its first matching word (or its start), as plain text
 * (Markdown syntax removed), with the matching words' ranges.
 */
export function snippet(body: string, terms: string[]): HighlightedText {
  const text = plainText(body);
  const stems = terms.map(stem);
  const first = highlightRanges(text, stems)[0];
  let start = first ? Math.max(0, first[0] - 60) : 0;
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space >= 0 && space < first![0] ? space + 1 : start;
  }
  let end = Math.min(text.length, start + SNIPPET_LENGTH);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start + SNIPPET_LENGTH / 2) end = space;
  }
  const prefix = start > 0 ? '…' : '';
  const suffix = end < text.length ? '…' : '';
  const cut = `${prefix}${text.slice(start, end)}${suffix}`;
  return { text: cut, highlights: highlightRanges(cut, stems) };
}
