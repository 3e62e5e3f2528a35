/** `term` as a LIKE pattern's literal part: `%`, `_` and `\` match themselves (with `escape '\'`). */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}
