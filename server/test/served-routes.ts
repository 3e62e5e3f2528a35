import type Koa from 'koa';
import type Router from '@koa/router';

/**
 * `METHOD /path` of every route the app's routers serve (HEAD is implied by GET). Read from the
 * running app, so the permission matrix and the fuzz test cannot miss a newly added route.
 */
export function servedRoutes(app: Koa): string[] {
  const routes = new Set<string>();
  for (const middleware of app.middleware as Array<Koa.Middleware & { router?: Router }>) {
    for (const layer of middleware.router?.stack ?? []) {
      for (const method of layer.methods) if (method !== 'HEAD') routes.add(`${method} ${layer.path}`);
    }
  }
  return [...routes].sort();
}
