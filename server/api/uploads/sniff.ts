import type { UploadKind } from '../../../contracts/uploads';

/** Bytes needed to recognise every accepted format. */
export const SNIFF_BYTES = 12;

const ascii = (buf: Buffer, offset: number, text: string) =>
  buf.length >= offset + text.length && buf.toString('latin1', offset, offset + text.length) === text;

/**
 * The real type of a file from its first bytes (the declared Content-Type and the file name are
 * never trusted). Undefined when the file is not one of the accepted formats of its kind.
 */
export function sniffContentType(head: Buffer, kind: UploadKind): string | undefined {
  if (kind === 'image') {
    if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
    if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
    if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return 'image/webp';
    if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a')) return 'image/gif';
    return undefined;
  }
  if (ascii(head, 0, 'ID3') || isMpegFrameSync(head)) return 'audio/mpeg';
  if (ascii(head, 4, 'ftyp')) return 'audio/mp4';
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return 'audio/wav';
  if (ascii(head, 0, 'OggS')) return 'audio/ogg';
  return undefined;
}

/**
 * An MPEG audio frame header without an ID3 tag: 11 sync bits, then a version that is not the
 * reserved 01 and a layer that is not the reserved 00 (which also rules out AAC's ADTS header).
 */
function isMpegFrameSync(head: Buffer): boolean {
  if (head.length < 2 || head[0] !== 0xff || (head[1] & 0xe0) !== 0xe0) return false;
  const version = (head[1] >> 3) & 0b11;
  const layer = (head[1] >> 1) & 0b11;
  return version !== 0b01 && layer !== 0b00;
}
