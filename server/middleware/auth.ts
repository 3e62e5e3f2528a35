import type Koa from 'koa';
import type { Role } from '../../contracts/common';
import { forbidden, unauthorized } from '../errors';
import { toBool } from '../db/dialect';
import type { UserRow } from '../api/users/presenter';

export interface CurrentUser {
  id: string;
  role: Role;
  row: UserRow;
}

declare module 'koa' {
  interface DefaultState {
    user?: CurrentUser;
    /** The session's user row, read with the session (server/middleware/session.ts). */
    sessionUser?: UserRow;
    requestId?: string;
    body?: unknown;
    query?: unknown;
  }
}

/**
 * Resolves the session's user on every request. A user who was deleted or deactivated since the
 * session began is signed out here, so their live session stops working on the next call. The app
 * passes the users repo's lookup: middleware sits below the resources and imports none of them.
 */
export function loadUser(findUserById: (id: string) => Promise<UserRow | undefined>): Koa.Middleware {
  return async (ctx, next) => {
    const userId = ctx.session?.userId as string | undefined;
    if (userId) {
      const row = ctx.state.sessionUser?.id === userId ? ctx.state.sessionUser : await findUserById(userId);
      if (row && toBool(row.is_active)) {
        ctx.state.user = { id: row.id, role: row.role as Role, row };
      } else {
        ctx.session = null;
      }
    }
    await next();
  };
}

export function currentUser(ctx: Koa.Context): CurrentUser {
  const user = ctx.state.user;
  if (!user) throw unauthorized();
  return user;
}

export const requireUser: Koa.Middleware = async (ctx, next) => {
  currentUser(ctx);
  await next();
};

/** 401 when signed out, 403 when signed in without one of the roles. */
export function requireRole(...roles: Role[]): Koa.Middleware {
  return async (ctx, next) => {
    const user = currentUser(ctx);
    if (!roles.includes(user.role)) throw forbidden();
    await next();
  };
}

/** Who a policy asks about: the signed-in user, or a member the server acts for (a digest's recipient). */
export type Viewer = Pick<CurrentUser, 'id' | 'role'>;

export function hasRole(user: Viewer | undefined, ...roles: Role[]): boolean {
  return Boolean(user && roles.includes(user.role));
}
