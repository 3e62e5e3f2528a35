import type Koa from 'koa';
import type Router from '@koa/router';

/** Every router the app serves through, in the order it asks them. */
export function servingRouters(app: Koa): Router[] {
  const routers = (app.middleware as Array<Koa.Middleware & { router?: Router }>).flatMap((middleware) => (middleware.router ? [middleware.router] : []));
  return [...new Set(routers)];
}

/**
 * `METHOD /path` of every route the app's routers serve (HEAD is implied by GET). Read from the
 * running app, so the permission matrix and the fuzz test cannot miss a newly added route.
 */
export function servedRoutes(app: Koa): string[] {
  const routes = new Set<string>();
  for (const router of servingRouters(app)) {
    for (const layer of router.stack) {
      for (const method of layer.methods) if (method !== 'HEAD') routes.add(`${method} ${layer.path}`);
    }
  }
  return [...routes].sort();
}
