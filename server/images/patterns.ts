import type { CoverKind } from '../../contracts/covers';

/*
 * The covers' background patterns, drawn as SVG at the cover's own size (no scaling of a bitmap,
 * so a 3000 px square is as crisp as a card). Each is a quiet texture in one tint, drawn at low
 * opacity behind the text; a seeded random source gives each item its own variation (bar heights,
 * where the rings are centred), so two items with the same pattern still differ.
 */

export const PATTERNS = ['ledger', 'grid', 'stripes', 'rings', 'dots', 'bars', 'waveform'] as const;
export type Pattern = (typeof PATTERNS)[number];

/** Which patterns suit which items: finance paper for articles, sound for episodes and shows. */
const PATTERNS_OF: Record<CoverKind, Pattern[]> = {
  article: ['ledger', 'grid', 'stripes', 'bars', 'dots', 'rings'],
  podcast: ['waveform', 'rings', 'dots', 'stripes'],
  resource: ['grid', 'ledger', 'bars', 'stripes', 'dots'],
  series: ['waveform'],
  show: ['rings', 'waveform', 'dots', 'stripes'],
};

export function patternFor(kind: CoverKind, seed: number): Pattern {
  const choices = PATTERNS_OF[kind];
  return choices[seed % choices.length];
}

/** Coordinates with one decimal: enough for the eye, and the SVG text stays the same run to run. */
const n = (v: number) => (Math.round(v * 10) / 10).toString();

interface Canvas {
  width: number;
  height: number;
  /** The tint the pattern is drawn in. */
  color: string;
  /** The accent colour (the category's own, where it shows). */
  accent: string;
  random: () => number;
}

/** The pattern's SVG elements. */
export function drawPattern(pattern: Pattern, c: Canvas): string {
  const { width: W, height: H } = c;
  const u = Math.min(W, H) / 36;
  const lines = (segments: string[], opacity: number, stroke = c.color, strokeWidth = u * 0.12) =>
    `<g stroke="${stroke}" stroke-width="${n(Math.max(1, strokeWidth))}" stroke-opacity="${opacity}" fill="none">${segments.join('')}</g>`;
  const line = (x1: number, y1: number, x2: number, y2: number) => `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}"/>`;

  switch (pattern) {
    case 'ledger': {
      // Ruled account paper: rows, a double rule where the amounts start, and money columns.
      const rows: string[] = [];
      const gap = u * 2.2;
      for (let y = gap * (1 + c.random()); y < H; y += gap) rows.push(line(0, y, W, y));
      const margin = W * (0.62 + c.random() * 0.1);
      const columns = [margin + u * 6, margin + u * 12].filter((x) => x < W).map((x) => line(x, 0, x, H));
      return (
        lines(rows, 0.22) +
        lines(columns, 0.22) +
        lines([line(margin, 0, margin, H), line(margin + u * 0.6, 0, margin + u * 0.6, H)], 0.55, c.accent, u * 0.16)
      );
    }
    case 'grid': {
      // Graph paper: fine squares, a heavier line every fifth.
      const minor: string[] = [];
      const major: string[] = [];
      const step = u * 1.6;
      for (let i = 1; i * step < W; i++) (i % 5 ? minor : major).push(line(i * step, 0, i * step, H));
      for (let i = 1; i * step < H; i++) (i % 5 ? minor : major).push(line(0, i * step, W, i * step));
      return lines(minor, 0.12, c.color, u * 0.08) + lines(major, 0.26, c.color, u * 0.14);
    }
    case 'stripes': {
      // Diagonal bands, as on a cheque's security background.
      const bands: string[] = [];
      const step = u * (3.5 + c.random() * 1.5);
      for (let x = -H; x < W + H; x += step) bands.push(line(x, H, x + H, 0));
      return lines(bands, 0.16, c.color, u * 0.9);
    }
    case 'rings': {
      // Concentric rings from a point near a right-hand corner.
      const cx = W * (0.78 + c.random() * 0.2);
      const cy = c.random() < 0.5 ? H * (0.05 + c.random() * 0.15) : H * (0.85 + c.random() * 0.15);
      const rings: string[] = [];
      const reach = Math.hypot(W, H);
      for (let r = u * 2.5; r < reach; r += u * 2.5) rings.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}"/>`);
      return lines(rings, 0.2, c.color, u * 0.3);
    }
    case 'dots': {
      // Halftone: dots that grow towards the top right.
      const dots: string[] = [];
      const step = u * 2;
      const far = Math.hypot(W, H);
      for (let y = step / 2; y < H; y += step) {
        for (let x = step / 2; x < W; x += step) {
          const near = 1 - Math.hypot(W - x, y) / far;
          const r = u * (0.08 + 0.75 * near ** 2.2);
          dots.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}"/>`);
        }
      }
      return `<g fill="${c.color}" fill-opacity="0.3">${dots.join('')}</g>`;
    }
    case 'bars': {
      // A bar chart on the right with its trend line.
      const count = 7;
      const left = W * 0.5;
      const slot = (W - u * 2 - left) / count;
      const bars: string[] = [];
      const tops: Array<[number, number]> = [];
      let level = 0.25 + c.random() * 0.15;
      for (let i = 0; i < count; i++) {
        level = Math.min(0.8, Math.max(0.15, level + (c.random() - 0.35) * 0.2));
        const h = H * level;
        const x = left + i * slot + slot * 0.18;
        bars.push(`<rect x="${n(x)}" y="${n(H - h)}" width="${n(slot * 0.64)}" height="${n(h)}"/>`);
        tops.push([x + slot * 0.32, H - h - u * 1.2]);
      }
      const trend = `<polyline points="${tops.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}"/>`;
      return `<g fill="${c.color}" fill-opacity="0.16">${bars.join('')}</g>` + lines([trend], 0.6, c.accent, u * 0.25);
    }
    case 'waveform': {
      // An audio waveform across the upper middle (the title sits below it): rounded bars under a smooth envelope.
      const bars: string[] = [];
      const step = u * 1.25;
      const axis = H * (W === H ? 0.4 : 0.42);
      const phase = c.random() * Math.PI * 2;
      for (let x = step, i = 0; x < W - step / 2; x += step, i++) {
        const envelope = 0.35 + 0.65 * Math.abs(Math.sin(i * 0.21 + phase) * Math.cos(i * 0.07 + phase / 2));
        const h = u * (1 + 9 * envelope * (0.55 + 0.45 * c.random()));
        bars.push(`<rect x="${n(x - u * 0.3)}" y="${n(axis - h / 2)}" width="${n(u * 0.6)}" height="${n(h)}" rx="${n(u * 0.3)}"/>`);
      }
      return `<g fill="${c.color}" fill-opacity="0.24">${bars.join('')}</g>`;
    }
  }
}
