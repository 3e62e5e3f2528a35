import { createHash } from 'node:crypto';
import type Koa from 'koa';
import { NEXT_CURSOR_HEADER } from '../../contracts/news';

export interface ResponseCacheOptions {
  /** Most responses kept; past it the oldest entry goes first. 0 keeps none (validators only). */
  maxEntries?: number;
  /** Upper bound on an entry's age, for answers that change with time alone (none do today). */
  ttlMs?: number;
  now?: () => number;
}

interface Entry {
  body: string;
  etag: string;
  headers: Record<string, string>;
  storedAt: number;
}

/** Headers a route sets that belong to its answer (the outer middleware sets the rest on every response). */
const KEPT_HEADERS = ['Cache-Control', 'Vary', NEXT_CURSOR_HEADER];
const SAFE = new Set(['GET', 'HEAD']);

/**
 * Validators and an in-process cache for the JSON API (issue 9).
 *
 * - Every 200 JSON answer to a GET is serialised once here, gets a weak ETag (a hash of the bytes),
 *   and a request whose If-None-Match matches gets 304 without a body.
 * - Anonymous GETs (the same answer for every visitor) are kept, serialised, and served again
 *   without touching the database. Any request with another method, answered or refused, empties
 *   the cache when it ends; a read that overlapped a write is not stored (the generation check), so
 *   a write is visible to the next request. Signed-in answers depend on the viewer (drafts, likes)
 *   and are never kept.
 *
 * One process holds the cache, which fits the single-process design (docs/performance.md).
 * A write made outside this process (`npm run seed`, a restore) shows after at most `ttlMs`.
 */
export function responseCache({ maxEntries = 500, ttlMs = 60_000, now = Date.now }: ResponseCacheOptions = {}): Koa.Middleware {
  const entries = new Map<string, Entry>();
  let generation = 0;

  return async (ctx, next) => {
    if (!ctx.path.startsWith('/api/')) return next();
    if (!SAFE.has(ctx.method)) {
      try {
        await next();
      } finally {
        generation++;
        entries.clear();
      }
      return;
    }

    const anonymous = !ctx.state.user;
    const key = ctx.url;
    if (anonymous) {
      const hit = entries.get(key);
      if (hit && now() - hit.storedAt <= ttlMs) {
        ctx.set(hit.headers);
        ctx.set('X-Cache', 'hit');
        return answer(ctx, hit.body, hit.etag);
      }
      if (hit) entries.delete(key);
    }

    const startedAt = generation;
    await next();
    const body: unknown = ctx.body;
    if (ctx.status !== 200 || body === null || typeof body !== 'object' || Buffer.isBuffer(body) || isStream(body)) return;

    const json = JSON.stringify(body);
    const etag = `W/"${createHash('sha1').update(json).digest('base64url')}"`;
    const cacheControl = String(ctx.response.get('Cache-Control'));
    if (anonymous && maxEntries > 0 && startedAt === generation && !cacheControl.includes('no-store')) {
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = ctx.response.get(name);
        if (value) headers[name] = String(value);
      }
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { body: json, etag, headers, storedAt: now() });
    }
    answer(ctx, json, etag);
  };
}

function answer(ctx: Koa.Context, json: string, etag: string): void {
  ctx.set('ETag', etag);
  // ctx.fresh only looks at validators once the status is a success.
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    ctx.body = null;
    return;
  }
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = json;
}

function isStream(body: object): boolean {
  return typeof (body as { pipe?: unknown }).pipe === 'function';
}
