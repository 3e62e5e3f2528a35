import type Koa from 'koa';

/**
 * Pages no search engine should keep: a CPD entry's public verification page (`/verify/<code>`)
 * names a member and what they studied, for the auditor holding the link only (docs/privacy.md).
 * The header goes on whatever answers the path: the shell, a rendered page or a 404.
 */
const NOINDEX = [/^\/verify(\/|$)/];

export function noindexPages(): Koa.Middleware {
  return async (ctx, next) => {
    if (NOINDEX.some((re) => re.test(ctx.path))) ctx.set('X-Robots-Tag', 'noindex');
    await next();
  };
}
