import Router from '@koa/router';
import type { Knex } from 'knex';
import { Id } from '../../../contracts/common';
import { notFound } from '../../errors';
import type { ByteRange, ObjectStorage } from '../../storage/index';
import { findObject } from './repo';

/**
 * `GET /objects/<id>`: a finalised upload. Object ids never change meaning, so the response is
 * cacheable for a year; byte ranges let audio players seek.
 */
export function objectRoutes({ db, storage }: { db: Knex; storage: ObjectStorage }): Router {
  const router = new Router();

  router.get('/objects/:id', async (ctx) => {
    const id = Id.safeParse(ctx.params.id);
    const row = id.success ? await findObject(db, id.data) : undefined;
    if (!row || !row.finalized_at) throw notFound('Object not found');
    const size = await storage.size(row.path);
    if (size === undefined) throw notFound('Object not found');

    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Accept-Ranges', 'bytes');
    // Should a browser ever render one as a document, it gets no script and no origin.
    ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
    // Already compressed formats; and a compressed body would break byte ranges.
    ctx.compress = false;

    const range = parseRange(ctx.get('range'), size);
    if (range === 'unsatisfiable') {
      ctx.status = 416;
      ctx.set('Content-Range', `bytes */${size}`);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { message: 'Range not satisfiable', code: 'range_not_satisfiable' };
      return;
    }
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
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
