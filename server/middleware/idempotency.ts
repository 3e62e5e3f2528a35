import { createHash } from 'node:crypto';
import type Koa from 'koa';
import type { Knex } from 'knex';
import { IDEMPOTENCY_IN_PROGRESS, IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENT_REPLAY_HEADER } from '../../contracts/common';
import { isUniqueViolation, now, toBool } from '../db/dialect';
import { badRequest, HttpError, unprocessable } from '../errors';

/** How long a result is kept for repeats. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Not covered: sign-in/out (a replayed body would not replay the session cookie) and the raw upload
 * PUT (its body is a stream, never parsed, so it has nothing to fingerprint).
 */
const EXCLUDED = ['/api/auth/', '/api/uploads/'];

interface KeyRow {
  method: string;
  path: string;
  body_hash: string;
  completed: unknown;
  status: number | null;
  response_body: string | null;
}

/** 409 with its own code: the client should wait and repeat (a client-id 409 is final). */
const inProgress = (message: string) => new HttpError(409, IDEMPOTENCY_IN_PROGRESS, message);

/**
 * An unfinished row this old belongs to a request that was cut off (its process died): no request
 * runs this long (uploads, the one slow kind, are not covered), so its key is usable again.
 */
export const IDEMPOTENCY_ABANDONED_MS = 2 * 60 * 1000;

const ago = (ms: number, at: number) => new Date(at - ms).toISOString();

/**
 * Removes expired results and abandoned unfinished rows, by age only: any process may run it at any
 * time, while others are serving (see docs/outbox.md, "Crash between the write and its record").
 */
export async function sweepIdempotencyKeys(db: Knex, at: number = Date.now()): Promise<void> {
  await db('idempotency_keys')
    .where('created_at', '<', ago(IDEMPOTENCY_TTL_MS, at))
    .orWhere((q) => q.where({ completed: false }).andWhere('created_at', '<', ago(IDEMPOTENCY_ABANDONED_MS, at)))
    .delete();
}

function bodyHash(body: unknown): string {
  // An absent body and `{}` are the same request (the body parser gives either).
  const json = JSON.stringify(body === undefined || body === null ? {} : body);
  return createHash('sha256').update(json).digest('hex');
}

/** A plain JSON value the replay can give back verbatim (not a stream or buffer). */
function isJsonBody(body: unknown): boolean {
  return body === null || Array.isArray(body) || (typeof body === 'object' && Object.getPrototypeOf(body) === Object.prototype);
}

/**
 * `Idempotency-Key` on a signed-in user's mutation: the first successful result (status and body)
 * is kept 24 hours per user and key, and a repeat gets it again with `Idempotent-Replayed: true`
 * instead of running the route a second time. The same key on a different request is 422; a
 * repeat while the first is still running is 409. A refused (4xx) or failed (5xx) first attempt
 * changed nothing, so its key is released and a repeat runs again. Anonymous requests ignore the
 * header: the only anonymous write that changes the server is a podcast play, which is a counter.
 *
 * Mounted after the body parser (it fingerprints the parsed body) and the user loader.
 */
export function idempotency(db: Knex): Koa.Middleware {
  return async (ctx, next) => {
    const key = ctx.get(IDEMPOTENCY_KEY_HEADER);
    const user = ctx.state.user;
    if (!key || !user || !MUTATIONS.has(ctx.method) || !ctx.path.startsWith('/api/') || EXCLUDED.some((p) => ctx.path.startsWith(p))) {
      return next();
    }
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
      throw badRequest('Idempotency-Key must be 8 to 128 letters, digits, dots, colons, dashes or underscores');
    }
    const fingerprint = { method: ctx.method, path: ctx.path, body_hash: bodyHash((ctx.request as { body?: unknown }).body) };
    const mine = db('idempotency_keys').where({ user_id: user.id, key });

    await sweepIdempotencyKeys(db);
    try {
      await db('idempotency_keys').insert({ user_id: user.id, key, ...fingerprint, completed: false, created_at: now() });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const first = await mine.clone().first<KeyRow | undefined>();
      // Gone between the insert and this read (its first attempt failed and released it): just retry.
      if (!first) throw inProgress('This request is already being processed; try again');
      if (first.method !== fingerprint.method || first.path !== fingerprint.path || first.body_hash !== fingerprint.body_hash) {
        throw unprocessable('This Idempotency-Key was already used for a different request');
      }
      if (!toBool(first.completed) || first.status === null) throw inProgress('A request with this Idempotency-Key is still being processed');
      ctx.status = first.status;
      ctx.body = first.response_body === null ? null : JSON.parse(first.response_body);
      ctx.set(IDEMPOTENT_REPLAY_HEADER, 'true');
      ctx.set('Cache-Control', 'no-store');
      return;
    }

    let kept = false;
    try {
      await next();
      if (ctx.status >= 200 && ctx.status < 300 && isJsonBody(ctx.body ?? null)) {
        await mine.clone().update({ completed: true, status: ctx.status, response_body: JSON.stringify(ctx.body ?? null) });
        kept = true;
      }
    } finally {
      if (!kept) await mine.clone().delete();
    }
  };
}
