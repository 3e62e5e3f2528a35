/**
 * An item's learning objectives as a list: the editor's field holds one a line; blank lines and a
 * leading bullet the editor typed out of habit are dropped.
 */
export function objectiveLines(text: string | null | undefined): string[] {
  return (text ?? '')
    .split('\n')
    .map((line) => line.replace(/^\s*[-*•]\s*/, '').trim())
    .filter(Boolean);
}
