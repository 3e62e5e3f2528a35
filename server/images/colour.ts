/** Colour arithmetic for the generated covers: sRGB triples, WCAG contrast, mixing. */

export type Rgb = readonly [number, number, number];

/** The site's navy (`--color-primary`, light theme): covers of items without a category. */
export const SITE_NAVY: Rgb = [0x17, 0x35, 0x5f];
const INK: Rgb = [0x0b, 0x12, 0x1d];
const WHITE: Rgb = [255, 255, 255];

/** `#rgb` or `#rrggbb` (categories store what an admin typed); undefined for anything else. */
export function parseHex(value: string | null | undefined): Rgb | undefined {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value?.trim() ?? '');
  if (!m) return undefined;
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as unknown as Rgb;
}

export const toHex = (c: Rgb) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** `a` moved towards `b` by `t` (0 = a, 1 = b). */
export const mix = (a: Rgb, b: Rgb, t: number): Rgb => [0, 1, 2].map((i) => a[i] + (b[i] - a[i]) * t) as unknown as Rgb;

function luminance(c: Rgb): number {
  const [r, g, b] = c.map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The cover's palette from one category colour: a background dark enough for white text at
 * `minContrast` (AAA for body text by default), a deeper shade for its gradient, and lighter
 * tints for the pattern and the accent rule.
 */
export function coverPalette(color: string | null, minContrast = 7) {
  const base = parseHex(color) ?? SITE_NAVY;
  let background = base;
  for (let t = 0.05; contrast(background, WHITE) < minContrast && t <= 1; t += 0.05) background = mix(base, INK, t);
  return {
    background: toHex(background),
    deep: toHex(mix(background, INK, 0.45)),
    pattern: toHex(mix(base, WHITE, 0.55)),
    accent: toHex(contrast(base, background) >= 3 ? base : mix(base, WHITE, 0.6)),
    text: '#ffffff',
    muted: toHex(mix(background, WHITE, 0.8)),
  };
}
