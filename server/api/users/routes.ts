import type Router from '@koa/router';
import { caseSensitiveRouter } from '../../middleware/canonical-path';
import type Koa from 'koa';
import type { Knex } from 'knex';
import {
  AdminUserListQuery,
  UserCreateInput,
  UserRoleInput,
  UserStatusInput,
  UserUpdateInput,
} from '../../../contracts/users';
import { ADMINS } from '../../../contracts/constants';
import { currentUser, requireRole } from '../../middleware/auth';
import { eventActor } from '../../events/index';
import { parseId, validateBody, validateQuery, type WithBody } from '../../middleware/validate';
import { presentAdminUserRow, presentUser } from './presenter';
import { listUsers, listUsersWithActivity } from './repo';
import type { EmailConfirmer } from '../email-confirmations/service';
import { createUserAccount, deleteUserAccount, endAllSessionsOf, updateUserAccount, type Actor } from './service';

/**
 * Spec 7 names two URL families for user management; both are thin route sets over one service
 * (./service.ts), so a rule can never hold on one URL and not the other.
 */

const adminOnly = requireRole(...ADMINS);

function actorOf(ctx: Koa.Context): Actor {
  // With a session store, koa-session exposes the session id as `externalKey`.
  const sessionId = (ctx.session as { externalKey?: string } | null)?.externalKey;
  const user = currentUser(ctx);
  return { id: user.id, name: eventActor(user).name, sessionId };
}

/** The shared handlers; each family wires them to its own paths. */
function handlers(db: Knex, confirmer: EmailConfirmer) {
  return {
    create: (async (ctx) => {
      ctx.status = 201;
      ctx.body = presentUser(await createUserAccount(db, actorOf(ctx), ctx.state.body));
    }) satisfies WithBody<UserCreateInput>,
    /** PUT/PATCH a user: `input` turns the route's validated body into the account change. */
    update<B>(input: (body: B) => UserUpdateInput): WithBody<B> {
      return async (ctx) => {
        const id = parseId(ctx.params.id, 'User not found');
        const origin = confirmer.originFor(ctx);
        const user = await updateUserAccount(db, actorOf(ctx), id, input(ctx.state.body), (trx, changed) => confirmer.addressChanged(trx, changed, origin));
        confirmer.kick();
        ctx.body = presentUser(user);
      };
    },
    async remove(ctx: Koa.Context) {
      await deleteUserAccount(db, actorOf(ctx), parseId(ctx.params.id, 'User not found'));
      ctx.body = { ok: true };
    },
  };
}

const noStore: Koa.Middleware = async (ctx, next) => {
  // Lists of accounts are per-admin and change often: never cached.
  ctx.set('Cache-Control', 'no-store');
  await next();
};

/** `/api/users/*` (the admin panel's Users tab). */
export function userRoutes(db: Knex, confirmer: EmailConfirmer): Router {
  const router = caseSensitiveRouter();
  const h = handlers(db, confirmer);
  const whole = (body: UserUpdateInput) => body;

  router.get('/api/users', adminOnly, noStore, async (ctx) => {
    ctx.body = (await listUsers(db)).map(presentUser);
  });
  router.post('/api/users/create', adminOnly, validateBody(UserCreateInput), h.create);
  router.put('/api/users/:id', adminOnly, validateBody(UserUpdateInput), h.update(whole));
  router.patch(
    '/api/users/:id/role',
    adminOnly,
    validateBody(UserRoleInput),
    h.update((body: UserRoleInput) => ({ role: body.role })),
  );
  router.patch(
    '/api/users/:id/status',
    adminOnly,
    validateBody(UserStatusInput),
    h.update((body: UserStatusInput) => ({ isActive: body.isActive })),
  );
  router.delete('/api/users/:id', adminOnly, h.remove);
  return router;
}

/** `/api/admin/users*` (the User management screen, with search and filters). */
export function adminUserRoutes(db: Knex, confirmer: EmailConfirmer): Router {
  const router = caseSensitiveRouter();
  const h = handlers(db, confirmer);

  router.get('/api/admin/users', adminOnly, noStore, validateQuery(AdminUserListQuery), async (ctx) => {
    ctx.body = (await listUsersWithActivity(db, ctx.state.query)).map(presentAdminUserRow);
  });
  router.post('/api/admin/users', adminOnly, validateBody(UserCreateInput), h.create);
  router.patch('/api/admin/users/:id', adminOnly, validateBody(UserUpdateInput), h.update((body: UserUpdateInput) => body));
  router.delete('/api/admin/users/:id', adminOnly, h.remove);
  // "Sign out everywhere" for a user: ends all their sessions (the admin's own too, if it is them).
  router.post('/api/admin/users/:id/logout-all', adminOnly, async (ctx) => {
    const ended = await endAllSessionsOf(db, actorOf(ctx), parseId(ctx.params.id, 'User not found'));
    ctx.body = { ok: true, ended };
  });
  return router;
}
