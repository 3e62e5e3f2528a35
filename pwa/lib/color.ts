/**
 * Black or white, whichever contrasts more with `background` (a #rgb or #rrggbb colour); white for
 * anything unparseable. Uses WCAG relative luminance.
 */
export function readableTextColor(background: string): '#000000' | '#ffffff' {
  const luminance = relativeLuminance(background);
  if (luminance === null) return '#ffffff';
  // Contrast with white is 1.05 / (L + 0.05); with black (L + 0.05) / 0.05. Pick the larger.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#ffffff' : '#000000';
}

function relativeLuminance(hex: string): number | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  const [r, g, b] = [0, 2, 4].map((i) => {
    const channel = parseInt(digits.slice(i, i + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
