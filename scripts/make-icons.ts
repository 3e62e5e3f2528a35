// Draws the app icons (the header's logo mark: four bars on the primary blue) into pwa/public/icons/.
// Run `npx tsx scripts/make-icons.ts` after changing the mark; the PNGs are committed so builds need
// no image tooling. "any" icons are a rounded square on transparency; maskable ones fill the whole
// square and keep the bars inside the central safe zone (a circle of 80% of the size).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

const PRIMARY = [0x17, 0x35, 0x5f] as const; // --color-primary of the light theme
const WHITE = [0xff, 0xff, 0xff] as const;
const outDir = path.resolve(import.meta.dirname, '../pwa/public/icons');

/** The logo's bars on its 32-unit grid (pwa/features/layout/Header.tsx): x, top y, bottom y. */
const BARS = [
  [9, 11, 22],
  [14.5, 8, 22],
  [20, 14, 22],
  [25, 13, 22],
] as const;
const BAR_HALF_WIDTH = 1.3;

function drawIcon(size: number, maskable: boolean): Buffer {
  // Maskable: the 32-unit mark is scaled into the middle 62% so it survives any mask shape.
  const markSize = maskable ? size * 0.62 : size;
  const offset = (size - markSize) / 2;
  const unit = markSize / 32;
  const radius = 7 * unit;
  const rgba = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      // Sample the pixel centre in mark units.
      const u = (x + 0.5 - offset) / unit;
      const v = (y + 0.5 - offset) / unit;
      const inBackground = maskable || insideRoundedSquare(x + 0.5, y + 0.5, size, radius);
      if (!inBackground) continue;
      const inBar = BARS.some(([bx, top, bottom]) => distanceToSegment(u, v, bx, top, bottom) <= BAR_HALF_WIDTH);
      const [r, g, b] = inBar ? WHITE : PRIMARY;
      const i = (y * size + x) * 4;
      rgba[i] = r;
      rgba[i + 1] = g;
      rgba[i + 2] = b;
      rgba[i + 3] = 0xff;
    }
  }
  return encodePng(size, rgba);
}

function insideRoundedSquare(x: number, y: number, size: number, radius: number): boolean {
  const cx = Math.min(Math.max(x, radius), size - radius);
  const cy = Math.min(Math.max(y, radius), size - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

/** Distance from (u, v) to the vertical segment x = bx, top..bottom (round caps, as the SVG stroke). */
function distanceToSegment(u: number, v: number, bx: number, top: number, bottom: number): number {
  const cy = Math.min(Math.max(v, top), bottom);
  return Math.hypot(u - bx, v - cy);
}

function encodePng(size: number, rgba: Buffer): Buffer {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A .ico holding PNG images (allowed since Windows Vista; every current browser reads it): browsers
 * and crawlers ask for /favicon.ico whatever the page links, and a 404 there is a console error.
 */
function encodeIco(pngs: ReadonlyArray<readonly [size: number, png: Buffer]>): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(pngs.length, 4);
  let offset = 6 + 16 * pngs.length;
  const entries = pngs.map(([size, png]) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size, 0);
    entry.writeUInt8(size, 1);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...pngs.map(([, png]) => png)]);
}

mkdirSync(outDir, { recursive: true });
writeFileSync(
  path.join(outDir, '../favicon.ico'),
  encodeIco([32, 48].map((size) => [size, drawIcon(size, false)] as const)),
);
for (const [name, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['maskable-192.png', 192, true],
  ['maskable-512.png', 512, true],
  ['apple-touch-icon.png', 180, true],
] as const) {
  writeFileSync(path.join(outDir, name), drawIcon(size, maskable));
}
console.info(`Icons written to ${outDir}`);
