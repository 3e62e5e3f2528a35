import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import { isServerPath } from '../paths';
import { HttpError, storageFull, storageUnavailable } from '../errors';
import { isDatabaseUnavailable, isStorageFull, isUniqueViolation } from '../db/dialect';
import type { StorageHealth } from '../storage/health';
import { StorageUnavailable } from '../storage/types';
import { databaseUnavailable, needsDatabase } from '../db/availability';

export type Logger = Pick<Console, 'error' | 'info'>;

/** Status codes that body parsers and Koa itself raise (co-body, http-errors) mapped to our messages. */
const KNOWN: Record<number, { code: string; message: string }> = {
  400: { code: 'bad_request', message: 'Malformed request body' },
  413: { code: 'payload_too_large', message: 'Request body is too large' },
  415: { code: 'unsupported_media_type', message: 'Unsupported content type' },
};

/**
 * The one place errors become responses. Every error body is `{message, code, errors?}`; unexpected
 * errors are logged with a request id and answered with a generic 500 (no stack, no SQL).
 *
 * A database that cannot be reached is 503 with Retry-After, not 500: by its error code, or, for an
 * error without a known code (pg's "Connection terminated unexpectedly"), when `databaseReachable`
 * then fails too.
 *
 * A full disk (database or uploads) is 503 `storage_full` with Retry-After, and is remembered for
 * `/api/health`: the condition passes when space is freed, and the client should try again. An object
 * store that cannot be reached (StorageUnavailable, from the S3 driver) is 503 `storage_unavailable`,
 * told apart from a database outage although both are connection errors underneath.
 *
 * Logs name the route pattern, never the path: a path can hold an upload token.
 */
export function errorHandler(
  logger: Logger,
  opts: { databaseReachable?: () => Promise<boolean>; storage?: StorageHealth } = {},
): Koa.Middleware {
  return async (ctx, next) => {
    const requestId = randomUUID();
    ctx.state.requestId = requestId;
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && isServerPath(ctx.path)) {
        ctx.status = 404;
        ctx.body = { message: 'Not found', code: 'not_found' };
      } else if (ctx.status === 405 && ctx.body === undefined && isServerPath(ctx.path)) {
        // The router's answer to a known path with another method: JSON like every error (its Allow header stays).
        ctx.status = 405;
        ctx.body = { message: 'Method not allowed', code: 'method_not_allowed' };
      }
    } catch (caught) {
      let err = caught;
      const where = `[${requestId}] ${ctx.method} ${routeOf(ctx)}`;
      if (err instanceof StorageUnavailable) {
        // Before the database checks: an S3 outage is a network error too (ECONNREFUSED).
        logger.error(`${where}: object storage unavailable (${(err.reason as { code?: string })?.code ?? (err.reason as Error)?.name})`);
        opts.storage?.reportUnavailable();
        err = storageUnavailable();
      } else if (wouldBe500(err) && isStorageFull(err)) {
        logger.error(`${where}: storage full (${(err as { code?: string }).code})`);
        opts.storage?.reportFull();
        err = storageFull();
      } else if (
        wouldBe500(err) &&
        (isDatabaseUnavailable(err) || (needsDatabase(ctx.path) && opts.databaseReachable && !(await opts.databaseReachable())))
      ) {
        logger.error(`${where}: database unavailable (${(err as { code?: string })?.code ?? (err as Error)?.name})`);
        err = databaseUnavailable();
      }
      let status = 500;
      let body: { message: string; code: string; errors?: Record<string, string[]> };
      if (err instanceof HttpError) {
        status = err.status;
        body = { message: err.message, code: err.code, ...(err.errors ? { errors: err.errors } : {}) };
        for (const [k, v] of Object.entries(err.headers ?? {})) ctx.set(k, v);
      } else if (isUniqueViolation(err)) {
        status = 409;
        body = { message: 'That already exists', code: 'conflict' };
      } else {
        const e = err as { status?: unknown; expose?: boolean };
        const s = typeof e?.status === 'number' ? e.status : 500;
        if (s >= 400 && s < 500 && KNOWN[s]) {
          status = s;
          body = KNOWN[s];
        } else {
          logger.error(where, err);
          body = { message: 'Something went wrong on our side. Please try again.', code: 'internal_error' };
        }
      }
      ctx.status = status;
      ctx.body = body;
      ctx.set('X-Request-Id', requestId);
      // Errors must never be cached (they may be per-user).
      ctx.set('Cache-Control', 'no-store');
    }
  };
}

/** The matched route's pattern (`/api/uploads/:token`), or the first path segment when none matched. */
function routeOf(ctx: Koa.Context): string {
  const matched = (ctx as { _matchedRoute?: unknown })._matchedRoute;
  return typeof matched === 'string' ? matched : `/${ctx.path.split('/')[1] ?? ''}/…`;
}

function wouldBe500(err: unknown): boolean {
  if (err instanceof HttpError || isUniqueViolation(err)) return false;
  const s = (err as { status?: unknown } | null)?.status;
  return !(typeof s === 'number' && s >= 400 && s < 500 && KNOWN[s]);
}
