import { LIMITS } from './constants';

/**
 * Plain-text views of Markdown content, shared by the server (search snippets, share-page
 * descriptions) and the PWA (reading time). Not a Markdown parser: it drops the syntax a reader
 * would not see, which is all a snippet or a word count needs.
 */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[^\n]*\n?/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/gm, ' ')
    .replace(/[|*_`~]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The excerpt, or the first 150 characters of the content plus '...' (spec 2 and 9). */
export function excerptOrContent(excerpt: string | null | undefined, content: string): string {
  if (excerpt?.trim()) return excerpt;
  return `${content.slice(0, LIMITS.excerptFallback)}...`;
}

/** Words a minute an adult reads non-fiction at (a common, conservative estimate). */
export const WORDS_PER_MINUTE = 220;

/** Whole minutes to read the text, at least 1. */
export function readingMinutes(markdown: string): number {
  const words = plainText(markdown).split(' ').filter(Boolean).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/** The first `max` characters of the text, cut at a word boundary, with an ellipsis when cut. */
export function truncateWords(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/*
 * The one rule for text that comes in from a client (every text field and query parameter of the
 * API, through `safeText` in ./common): it must be something both databases store exactly and every
 * format we write it into (JSON, HTML, XML feeds) can carry.
 *   - C0 control characters are refused, except tab, line feed and carriage return (text areas and
 *     pasted Windows text carry those). PostgreSQL refuses NUL in text (a 500 before this rule),
 *     and XML 1.0 has no way to write the others, so one would break every feed it reached.
 *   - Lone surrogates (U+D800–U+DFFF not in a pair) and U+FFFE/U+FFFF are refused: they are not
 *     Unicode text. The drivers would silently turn a lone surrogate into U+FFFD (PostgreSQL one,
 *     SQLite three), and XML 1.0 has no place for either kind.
 * Zod-free so that code without zod (the feeds' path parameters) applies the same rule.
 */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
// With the `u` flag a well-formed surrogate pair is one code point and does not match the class.
const NOT_UNICODE_TEXT = /[\uD800-\uDFFF\uFFFE\uFFFF]/u;

export const CONTROL_CHARACTER_MESSAGE = 'Text cannot contain control characters';
export const INVALID_UNICODE_MESSAGE = 'Text cannot contain invalid Unicode characters';

/** What is wrong with `value` under the rule above (the message a form shows), or undefined. */
export function textProblem(value: string): string | undefined {
  if (CONTROL_CHARACTER.test(value)) return CONTROL_CHARACTER_MESSAGE;
  if (NOT_UNICODE_TEXT.test(value)) return INVALID_UNICODE_MESSAGE;
  return undefined;
}

/*
 * Single-line fields (names, titles, labels) also refuse tab, line feed, carriage return and the
 * Unicode line and paragraph separators: they end up in mail headers, page titles, feed titles and
 * one-line layouts, where a line break forges a header or breaks the layout. Refused, not
 * stripped, so what is stored is what the author typed. Bodies (content, descriptions, bios) keep them.
 */
const LINE_BREAK_OR_TAB = /[\t\n\r\u0085\u2028\u2029]/;

export const SINGLE_LINE_MESSAGE = 'Must be on one line: no line breaks or tabs';

/** `textProblem`, and for a single-line field a line break or tab; or undefined. */
export function singleLineProblem(value: string): string | undefined {
  return textProblem(value) ?? (LINE_BREAK_OR_TAB.test(value) ? SINGLE_LINE_MESSAGE : undefined);
}
