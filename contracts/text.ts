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
