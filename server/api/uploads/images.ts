import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Knex } from 'knex';
import type { UploadVariantFormat } from '../../../contracts/covers';
import { prepareImage } from '../../images/resize';
import { ImageSemaphore } from '../../images/semaphore';
import type { ObjectStorage } from '../../storage/index';
import { recordVariants, variantsOf, type ObjectRow, type VariantRow } from './repo';

/** Storage key of one size of an object: `<id>-960w-webp` (letters, digits and dashes, as keys must be). */
export const variantKey = (objectId: string, width: number, format: UploadVariantFormat) => `${objectId}-${width}w-${format}`;

/**
 * The sizes of uploaded images (docs/decisions/2026-11-25-uploaded-image-sizes.md), kept through the storage
 * interface like the uploads themselves, so they move to S3 with them. Made when an image is
 * finalised; an image finalised before sizes existed gets them on its first sized request. One
 * process makes an object's sizes once at a time, and image work takes turns with the covers'.
 */
export class UploadedImages {
  private readonly pending = new Map<string, Promise<VariantRow[]>>();

  constructor(
    private readonly db: Knex,
    private readonly storage: ObjectStorage,
    private readonly turns = new ImageSemaphore(),
  ) {}

  /**
   * The object's sizes, made now when it has none. `cleanOriginal` (at the first finalise, before
   * anyone could have fetched it) also replaces an original that carries metadata with its clean,
   * upright copy. Throws `UnreadableImage` for a file that is not an image sharp can decode.
   */
  async sizesOf(object: ObjectRow, { cleanOriginal = false } = {}): Promise<VariantRow[]> {
    const existing = await variantsOf(this.db, object.id);
    if (existing.length) return existing;
    let job = this.pending.get(object.id);
    if (!job) {
      job = this.make(object, cleanOriginal).finally(() => this.pending.delete(object.id));
      this.pending.set(object.id, job);
    }
    return job;
  }

  private async make(object: ObjectRow, cleanOriginal: boolean): Promise<VariantRow[]> {
    const original = Buffer.concat(await this.storage.read(object.path).toArray());
    const prepared = await this.turns.run(() => prepareImage(original, object.content_type));
    const rows = prepared.variants.map((v) => ({
      width: v.width,
      format: v.format,
      height: v.height,
      content_type: v.contentType,
      size: v.bytes.length,
      path: variantKey(object.id, v.width, v.format),
    }));
    // Files first, rows after: a row never names a file that is not there.
    for (const [i, v] of prepared.variants.entries()) await this.write(rows[i].path, v.bytes);
    const cleaned = cleanOriginal ? prepared.cleaned : undefined;
    if (cleaned) await this.write(object.path, cleaned);
    await recordVariants(this.db, object.id, rows, cleaned?.length);
    return variantsOf(this.db, object.id);
  }

  /** Writes (or atomically replaces) one stored object. */
  private async write(key: string, bytes: Buffer): Promise<void> {
    const temp = await this.storage.createTemp();
    try {
      await pipeline(Readable.from([bytes]), temp.stream);
      await temp.commit(key);
    } catch (error) {
      await temp.discard();
      throw error;
    }
  }
}

/** The size to send for a request of `width`: the narrowest at least that wide, else the widest there is. */
export function chooseVariant(variants: VariantRow[], width: number, format: UploadVariantFormat): VariantRow | undefined {
  const ofFormat = variants.filter((v) => v.format === format).sort((a, b) => a.width - b.width);
  return ofFormat.find((v) => v.width >= width) ?? ofFormat[ofFormat.length - 1];
}
