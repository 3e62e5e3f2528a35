import type Router from '@koa/router';
import { caseSensitiveRouter } from '../../middleware/canonical-path';
import type { Knex } from 'knex';
import type Koa from 'koa';
import { Id } from '../../../contracts/common';
import { UPLOAD_VARIANT_FORMATS, UPLOAD_VARIANT_WIDTHS, type UploadVariantFormat } from '../../../contracts/covers';
import { badRequest, notFound } from '../../errors';
import { UnreadableImage } from '../../images/resize';
import type { ByteRange, ObjectStorage } from '../../storage/index';
import { chooseVariant, type UploadedImages } from './images';
import { findObject, type VariantRow } from './repo';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * `GET /objects/<id>`: a finalised upload. Object ids never change meaning, so the response is
 * cacheable for a year; byte ranges let audio players seek.
 *
 * `GET /objects/<id>?w=<480|960|1600>&fmt=<webp|jpg>` (fmt defaults to webp): a size of an uploaded
 * image, the narrowest made that is at least `w` wide (the widest when the original is narrower).
 * An image uploaded before sizes existed gets them now; one that cannot be decoded is sent as it is.
 */
export function objectRoutes({ db, storage, images }: { db: Knex; storage: ObjectStorage; images: UploadedImages }): Router {
  const router = caseSensitiveRouter();

  router.get('/objects/:id', async (ctx) => {
    const sized = variantRequest(ctx.query);
    const id = Id.safeParse(ctx.params.id);
    const row = id.success ? await findObject(db, id.data) : undefined;
    if (!row || !row.finalized_at) throw notFound('Object not found');
    if (sized && row.kind !== 'image') throw badRequest('Only images come in sizes');

    ctx.set('X-Content-Type-Options', 'nosniff');
    // Should a browser ever render one as a document, it gets no script and no origin.
    ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
    // Already compressed formats; and a compressed body would break byte ranges.
    ctx.compress = false;

    if (sized) {
      const variant = chooseVariant(await sizesOrNone(images, row), sized.width, sized.format);
      const bytes = variant && (await storage.size(variant.path));
      if (variant && bytes !== undefined) return sendVariant(ctx, storage, row.id, variant, bytes);
    }

    const size = await storage.size(row.path);
    if (size === undefined) throw notFound('Object not found');
    ctx.set('Accept-Ranges', 'bytes');

    const range = parseRange(ctx.get('range'), size);
    if (range === 'unsatisfiable') {
      ctx.status = 416;
      ctx.set('Content-Range', `bytes */${size}`);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { message: 'Range not satisfiable', code: 'range_not_satisfiable' };
      return;
    }
    ctx.set('Cache-Control', IMMUTABLE);
    ctx.etag = row.id;
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    // Set before the body: Koa only defaults a stream body to octet-stream when no type is set.
    ctx.type = row.content_type;
    if (range) {
      ctx.status = 206;
      ctx.set('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
      ctx.length = range.end - range.start + 1;
      ctx.body = storage.read(row.path, range);
    } else {
      ctx.status = 200;
      ctx.length = size;
      ctx.body = storage.read(row.path);
    }
  });

  return router;
}

/** `?w=&fmt=` of a sized request; undefined when neither is given. Anything but the sizes made is a 400. */
function variantRequest(query: Koa.Context['query']): { width: number; format: UploadVariantFormat } | undefined {
  if (query.w === undefined && query.fmt === undefined) return undefined;
  const width = Number(query.w);
  const format = (query.fmt ?? 'webp') as UploadVariantFormat;
  if (!(UPLOAD_VARIANT_WIDTHS as readonly number[]).includes(width) || !UPLOAD_VARIANT_FORMATS.includes(format)) {
    throw badRequest(`Image sizes are w=${UPLOAD_VARIANT_WIDTHS.join(', ')} with fmt=${UPLOAD_VARIANT_FORMATS.join(' or ')}`);
  }
  return { width, format };
}

async function sizesOrNone(images: UploadedImages, row: Parameters<UploadedImages['sizesOf']>[0]): Promise<VariantRow[]> {
  try {
    return await images.sizesOf(row);
  } catch (error) {
    if (error instanceof UnreadableImage) return [];
    throw error;
  }
}

function sendVariant(ctx: Koa.Context, storage: ObjectStorage, objectId: string, variant: VariantRow, size: number): void {
  ctx.set('Cache-Control', IMMUTABLE);
  ctx.etag = `${objectId}-${variant.width}w-${variant.format}`;
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.type = variant.content_type;
  ctx.length = size;
  ctx.body = storage.read(variant.path);
}

/**
 * One `bytes=` range (`a-b`, `a-` or `-n`). Several ranges, or a header that is not a byte range,
 * are ignored (the whole object is sent, as RFC 9110 allows); a range that starts past the end is
 * unsatisfiable.
 */
export function parseRange(header: string, size: number): ByteRange | 'unsatisfiable' | undefined {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return undefined;
  return { start, end };
}
