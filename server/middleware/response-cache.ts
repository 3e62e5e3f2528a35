import { hash } from 'node:crypto';
import type Koa from 'koa';
import { NEXT_CURSOR_HEADER } from '../../contracts/constants';
import type { CacheCoherence } from '../db/coherence';

export interface ResponseCacheOptions {
  /** Most responses kept; past it the oldest entry goes first. 0 keeps none (validators only). */
  maxEntries?: number;
  /** Most bytes of JSON kept (signed-in lists are large); past it the oldest entries go first. */
  maxBytes?: number;
  /** Upper bound on an entry's age, for answers that change with time alone (none do today). */
  ttlMs?: number;
  now?: () => number;
  /** Told of every write, when the cache is emptied (other caches of what the API answers follow it). */
  onWrite?: () => void;
  /** Other processes' writes on the same database: they empty this cache too. */
  coherence?: CacheCoherence;
}

interface Entry {
  /** The JSON as UTF-8, encoded once: hashed for the ETag and sent as it is. */
  body: Buffer;
  etag: string;
  headers: Record<string, string>;
  storedAt: number;
}

/** Headers a route sets that belong to its answer (the outer middleware sets the rest on every response). */
const KEPT_HEADERS = ['Cache-Control', 'Vary', NEXT_CURSOR_HEADER];
const SAFE = new Set(['GET', 'HEAD']);

/**
 * Validators and an in-process cache for the JSON API.
 *
 * - Every 200 JSON answer to a GET is serialised once here, gets a weak ETag (a hash of the bytes),
 *   and a request whose If-None-Match matches gets 304 without a body.
 * - GET answers are kept, serialised, and served again without touching the database: an anonymous
 *   answer for every visitor, a signed-in one only to the same user with the same role (they differ
 *   by viewer: drafts, likes). The session and its user are still checked on every request before
 *   this (loadUser; kept for seconds by the SessionCache, which is emptied with this cache), so a
 *   deactivated account or ended session is refused, never served from here.
 *   A request with another method empties the cache when it ends, unless it was refused (4xx): an
 *   anonymous stream of failing POSTs must not empty every cache (and every other process's) for
 *   nothing. A read that overlapped a write is not stored (the generation check), so a write is
 *   visible to the next request.
 * - An answer is kept the second time its key misses, not the first (TinyLFU's "doorkeeper"): a
 *   one-off read (a member's own page, a deep cursor, a query nobody repeats) neither pushes out what
 *   many visitors ask for nor churns memory. A kept body lives long enough to leave the young
 *   generation, so each one kept and dropped costs a share of a full garbage collection (measured
 *   in docs/performance.md, "Several processes").
 *   Keys emptied by a write or expired were asked for at least twice, so their next miss is kept.
 *
 * Each process holds its own cache. With `coherence`, another process's write on the same database
 * empties it too (and `onWrite`'s caches with it): announced through PostgreSQL's NOTIFY, or seen in
 * SQLite's data_version before anything is served (db/coherence.ts). A write made without
 * the app (`npm run seed`, a restore) shows after at most `ttlMs` on PostgreSQL.
 */
export function responseCache({
  maxEntries = 500,
  maxBytes = 32 * 2 ** 20,
  ttlMs = 60_000,
  now = Date.now,
  onWrite,
  coherence,
}: ResponseCacheOptions = {}): Koa.Middleware {
  const entries = new Map<string, Entry>();
  /** Keys answered and not kept; bounded, emptied when full (a key seen again soon still gets in). */
  const missedOnce = new Set<string>();
  const missed = (key: string) => {
    if (missedOnce.size >= maxEntries * 4) missedOnce.clear();
    missedOnce.add(key);
  };
  let bytes = 0;
  let generation = 0;
  const drop = (key: string, entry: Entry) => {
    entries.delete(key);
    bytes -= entry.body.length;
  };
  /** Empties this cache and the ones that follow it; a read under way is not stored (generation). */
  const forget = () => {
    generation++;
    for (const key of entries.keys()) missed(key);
    entries.clear();
    bytes = 0;
    onWrite?.();
  };
  coherence?.onOtherWrite(forget);

  return async (ctx, next) => {
    if (!SAFE.has(ctx.method)) {
      if (!ctx.path.startsWith('/api/')) return next();
      let refused = false;
      try {
        await next();
        refused = isRefusal(ctx.status);
      } catch (err) {
        refused = isRefusal(statusOf(err));
        throw err;
      } finally {
        if (!refused) {
          forget();
          // The others empty theirs; a failed notice must not turn an answered write into an error.
          await coherence?.announce().catch(() => {});
        }
      }
      return;
    }
    // Pages served from the rendered-page cache are checked here too, so before the API filter.
    if (coherence && !(await coherence.usable().catch(() => false))) forget();
    if (!ctx.path.startsWith('/api/')) return next();

    const viewer = ctx.state.user;
    const key = viewer ? `${viewer.id} ${viewer.role} ${ctx.url}` : ctx.url;
    const hit = entries.get(key);
    if (hit && now() - hit.storedAt <= ttlMs) {
      ctx.set(hit.headers);
      ctx.set('X-Cache', 'hit');
      return answer(ctx, hit.body, hit.etag);
    }
    if (hit) {
      drop(key, hit);
      missed(key);
    }

    const startedAt = generation;
    await next();
    const body: unknown = ctx.body;
    if (ctx.status !== 200 || body === null || typeof body !== 'object' || Buffer.isBuffer(body) || isStream(body)) return;

    // Encoded to UTF-8 once, here: the hash and the socket take these bytes (a string body would be
    // encoded again for each, and measured once more for Content-Length).
    const json = Buffer.from(JSON.stringify(body));
    const etag = `W/"${hash('sha1', json, 'base64url')}"`;
    const cacheControl = String(ctx.response.get('Cache-Control'));
    const keep = maxEntries > 0 && json.length <= maxBytes && startedAt === generation && !cacheControl.includes('no-store');
    // Kept on the key's second miss; the first only notes it.
    if (keep && !missedOnce.delete(key)) {
      missed(key);
    } else if (keep) {
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = ctx.response.get(name);
        if (value) headers[name] = String(value);
      }
      const previous = entries.get(key);
      if (previous) drop(key, previous);
      for (const [oldKey, old] of entries) {
        if (entries.size < maxEntries && bytes + json.length <= maxBytes) break;
        drop(oldKey, old);
      }
      entries.set(key, { body: json, etag, headers, storedAt: now() });
      bytes += json.length;
    }
    answer(ctx, json, etag);
  };
}

/**
 * A refusal (4xx) is thrown before the handler's transaction commits, or inside it (rolling it back),
 * so it wrote nothing a cached answer shows; what a refusal may write (sign-in counters, a used upload
 * token) no GET answer shows. A server error (5xx) may follow a commit, so it empties the caches.
 */
function isRefusal(status: number): boolean {
  return status >= 400 && status < 500;
}

/** The status an error will be answered with: HttpError's, Koa's and the body parser's `status`, else 500. */
function statusOf(err: unknown): number {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : 500;
}

function answer(ctx: Koa.Context, json: Buffer, etag: string): void {
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
