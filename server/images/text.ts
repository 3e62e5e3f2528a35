/**
 * Text that goes into the covers' SVG and Pango markup, both XML: characters XML 1.0 cannot carry
 * (C0 controls but tab/LF/CR, lone surrogates, U+FFFE/U+FFFF) are dropped, whitespace runs become
 * one space, and the five markup characters are escaped. A title such as `</text><script>` is then
 * drawn as the characters it is.
 */
export function xmlText(value: string): string {
  return value
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** At most `max` characters (code points, so an emoji is never cut in half), with an ellipsis when cut. */
export function clip(value: string, max: number): string {
  const chars = [...value.replace(/\s+/g, ' ').trim()];
  if (chars.length <= max) return chars.join('');
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
