import type Koa from 'koa';
import { unsupportedMediaType } from '../errors';
import { ONE_CLICK_PATHS } from './security';

/** Raw-file uploads are the only API writes whose body is not JSON. */
const RAW_BODY_PREFIXES = ['/api/uploads/'];

/**
 * A state-changing API request that carries a body must say it is JSON; anything else is refused
 * before parsing (415), which also stops form-encoded cross-site posts.
 */
export function requireJsonBody(): Koa.Middleware {
  return async (ctx, next) => {
    const hasBody = Number(ctx.get('content-length') || 0) > 0 || Boolean(ctx.get('transfer-encoding'));
    if (
      hasBody &&
      ['POST', 'PUT', 'PATCH', 'DELETE'].includes(ctx.method) &&
      ctx.path.startsWith('/api/') &&
      !RAW_BODY_PREFIXES.some((p) => ctx.path.startsWith(p)) &&
      // RFC 8058: the one-click POST's body is the form field `List-Unsubscribe=One-Click` (not read).
      !ONE_CLICK_PATHS.has(ctx.path) &&
      !ctx.is('application/json')
    ) {
      throw unsupportedMediaType();
    }
    await next();
  };
}
