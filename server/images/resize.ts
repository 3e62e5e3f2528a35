import sharp, { type Metadata } from 'sharp';
import { imageEnd } from './end';
import { UPLOAD_VARIANT_FORMATS, UPLOAD_VARIANT_WIDTHS, type UploadVariantFormat } from '../../contracts/covers';

/*
 * Uploaded images, prepared when they are finalised (docs/decisions/2026-11-25-uploaded-image-sizes.md):
 * decoded once to prove they are images, turned upright by their EXIF orientation, and resized to
 * the widths the pages ask for, in WebP and JPEG, without any metadata (sharp writes none unless
 * asked): the camera, its owner and where the photo was taken stay on the uploader's device.
 */

/** Larger images are refused: a 5 MB file can claim billions of pixels (a decompression bomb). */
export const MAX_INPUT_PIXELS = 50_000_000;

export const VARIANT_TYPES: Record<UploadVariantFormat, string> = { webp: 'image/webp', jpg: 'image/jpeg' };

export interface ImageVariant {
  width: number;
  height: number;
  format: UploadVariantFormat;
  contentType: string;
  bytes: Buffer;
}

export interface PreparedImage {
  variants: ImageVariant[];
  /**
   * The original re-encoded upright and without metadata, when it carried any (EXIF, GPS, XMP,
   * IPTC, an orientation flag); or cut at its end when bytes follow it; undefined when the uploaded
   * bytes are already clean and stay as they are.
   */
  cleaned?: Buffer;
}

/** The file is not an image sharp can decode (or is too large to): the upload is refused. */
export class UnreadableImage extends Error {}

const input = (bytes: Buffer, animated = false) =>
  sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated });

/** Decodes, checks and resizes `bytes`, whose sniffed type is `contentType` (server/api/uploads/sniff.ts). */
export async function prepareImage(bytes: Buffer, contentType: string): Promise<PreparedImage> {
  let meta: Metadata;
  try {
    meta = await input(bytes).metadata();
  } catch (error) {
    throw new UnreadableImage(String(error));
  }
  if (!meta.width || !meta.height) throw new UnreadableImage('no dimensions');
  // Orientations 5–8 turn the picture a quarter: width and height swap once it is upright.
  const uprightWidth = (meta.orientation ?? 1) >= 5 ? meta.height : meta.width;
  const widths = [...new Set(UPLOAD_VARIANT_WIDTHS.map((w) => Math.min(w, uprightWidth)))];

  try {
    const variants: ImageVariant[] = [];
    for (const width of widths) {
      for (const format of UPLOAD_VARIANT_FORMATS) {
        const resized = input(bytes).rotate().resize({ width, withoutEnlargement: true });
        const encoded =
          format === 'webp'
            ? resized.webp({ quality: 80, effort: 4 })
            : // JPEG has no transparency: a transparent logo goes on white.
              resized.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true });
        const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
        variants.push({ width: info.width, height: info.height, format, contentType: VARIANT_TYPES[format], bytes: data });
      }
    }
    const carriesMetadata = Boolean(meta.exif || meta.xmp || meta.iptc || (meta.orientation ?? 1) > 1);
    const animated = (meta.pages ?? 1) > 1;
    if (carriesMetadata) return { variants, cleaned: await reencode(bytes, contentType, animated) };
    // Bytes after the image's end (a ZIP or a page appended: a polyglot) are cut off; an image
    // whose end cannot be found by its structure is re-encoded, which keeps the picture alone.
    const end = imageEnd(bytes, contentType);
    if (end === undefined) return { variants, cleaned: await reencode(bytes, contentType, animated) };
    return { variants, cleaned: end < bytes.length ? bytes.subarray(0, end) : undefined };
  } catch (error) {
    // The header was readable but the pixels are not (a truncated or corrupt file).
    throw new UnreadableImage(String(error));
  }
}

/** The original, upright and bare, in its own format at full size. */
function reencode(bytes: Buffer, contentType: string, animated: boolean): Promise<Buffer> {
  const image = input(bytes, animated).rotate();
  switch (contentType) {
    case 'image/png':
      return image.png().toBuffer();
    case 'image/webp':
      return image.webp({ quality: 90 }).toBuffer();
    case 'image/gif':
      return image.gif().toBuffer();
    default:
      return image.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
  }
}
