/*
 * Where an uploaded image's own bytes end, by walking its format's structure (chunks, segments,
 * blocks), so that whatever was appended after it (a ZIP, an HTML page: a polyglot file) can be cut
 * off before the file is published. Decoders stop at the end and never see the rest, which is why
 * decoding alone does not find it. Searching for an end marker would not do: `IEND` or FF D9 can
 * occur inside the data (an EXIF thumbnail ends with FF D9).
 */

/** The length of the image at the start of `bytes`, or undefined when its structure cannot be walked to its end. */
export function imageEnd(bytes: Buffer, contentType: string): number | undefined {
  switch (contentType) {
    case 'image/png':
      return pngEnd(bytes);
    case 'image/jpeg':
      return jpegEnd(bytes);
    case 'image/webp':
      return webpEnd(bytes);
    case 'image/gif':
      return gifEnd(bytes);
    default:
      return undefined;
  }
}

const within = (end: number, bytes: Buffer) => (end <= bytes.length ? end : undefined);

/** PNG: the signature, then chunks (length, type, data, CRC) up to and including IEND. */
function pngEnd(b: Buffer): number | undefined {
  let i = 8;
  while (i + 12 <= b.length) {
    const length = b.readUInt32BE(i);
    const type = b.toString('latin1', i + 4, i + 8);
    i += 12 + length;
    if (type === 'IEND') return within(i, b);
  }
  return undefined;
}

/**
 * JPEG: SOI, then marker segments with their lengths; after each SOS (several in a progressive
 * file) entropy-coded data in which FF is followed by 00 (a stuffed byte) or a restart marker, up
 * to the next real marker; EOI ends the image.
 */
function jpegEnd(b: Buffer): number | undefined {
  if (b[0] !== 0xff || b[1] !== 0xd8) return undefined;
  let i = 2;
  while (i < b.length) {
    if (b[i] !== 0xff) return undefined;
    while (b[i] === 0xff) i++; // fill bytes
    const marker = b[i++];
    if (marker === undefined) return undefined;
    if (marker === 0xd9) return i;
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue; // no length
    if (i + 2 > b.length) return undefined;
    const length = b.readUInt16BE(i);
    if (length < 2) return undefined;
    i += length;
    if (marker !== 0xda) continue;
    while (i < b.length) {
      if (b[i] !== 0xff) {
        i++;
        continue;
      }
      const next = b[i + 1];
      if (next === 0x00 || (next !== undefined && next >= 0xd0 && next <= 0xd7)) i += 2;
      else if (next === 0xff) i++;
      else break; // a marker: the scan is over
    }
  }
  return undefined;
}

/** WebP: a RIFF container whose header gives its size (padded to an even length). */
function webpEnd(b: Buffer): number | undefined {
  if (b.length < 12) return undefined;
  const size = b.readUInt32LE(4);
  return within(8 + size + (size % 2), b);
}

/** GIF: header, screen descriptor and colour table, then extensions and images as sub-blocks, up to the trailer (3B). */
function gifEnd(b: Buffer): number | undefined {
  if (b.length < 13) return undefined;
  let i = 13;
  if (b[10] & 0x80) i += 3 * 2 ** ((b[10] & 7) + 1);
  const skipSubBlocks = (): boolean => {
    for (;;) {
      const n = b[i++];
      if (n === undefined) return false;
      if (n === 0) return true;
      i += n;
    }
  };
  while (i < b.length) {
    const block = b[i++];
    if (block === 0x3b) return i;
    if (block === 0x21) {
      i++; // the extension's label
      if (!skipSubBlocks()) return undefined;
    } else if (block === 0x2c) {
      i += 9; // position, size and packed byte
      const packed = b[i - 1];
      if (packed === undefined) return undefined;
      if (packed & 0x80) i += 3 * 2 ** ((packed & 7) + 1);
      i++; // LZW minimum code size
      if (!skipSubBlocks()) return undefined;
    } else {
      return undefined;
    }
  }
  return undefined;
}
