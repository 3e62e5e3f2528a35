import type Router from '@koa/router';
import { caseSensitiveRouter } from '../../middleware/canonical-path';
import type Koa from 'koa';
import type { Knex } from 'knex';
import { LoginInput, RegisterInput } from '../../../contracts/auth';
import { conflict, forbidden, unauthorized } from '../../errors';
import { currentUser, requireUser } from '../../middleware/auth';
import { endUserSessions } from '../../middleware/session';
import { ipKey, type AuthRateLimiter } from '../../middleware/rate-limit';
import { validateBody } from '../../middleware/validate';
import { isUniqueViolation, toBool } from '../../db/dialect';
import { eventActor, recordEvent, userTarget } from '../../events/index';
import { hashPassword, verifyPassword } from './passwords';
import { assertStrongPassword } from './password-strength';
import { findUserByEmail, insertUser } from '../users/repo';
import { presentUser } from '../users/presenter';
import { awaitSecondStep } from '../two-factor/pending';
import type { EmailConfirmer } from '../email-confirmations/service';

const EMAIL_TAKEN = 'An account with this email already exists';

/** Signs the user in under a fresh session id, which defeats session fixation. */
export async function startSession(ctx: Koa.Context, userId: string): Promise<void> {
  // loadUser has already ended this request's session if it belonged to a deactivated account.
  if (!ctx.session) ctx.session = {} as NonNullable<Koa.Context['session']>;
  ctx.session!.userId = userId;
  await ctx.session!.regenerate();
}

/**
 * `limits` counts failed logins and all registrations per email and per IP (429 past a limit);
 * `confirmer` mails a new account its confirmation link (docs/security.md §13).
 */
export function authRoutes(db: Knex, limits: AuthRateLimiter, confirmer: EmailConfirmer, clock: () => number = Date.now): Router {
  const router = caseSensitiveRouter('/api/auth');

  router.get('/user', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentUser(currentUser(ctx).row);
  });

  // What the PWA asks on every page: 200 with `user: null` when signed out, so a visitor's page logs no
  // failed request (the spec's GET /user above keeps its 401).
  router.get('/session', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const row = ctx.state.user?.row;
    ctx.body = { user: row ? presentUser(row) : null };
  });

  router.post('/login', validateBody(LoginInput), async (ctx) => {
    const input = ctx.state.body;
    // Counted before the password is checked, and given back below when it was right.
    const attempt = await limits.beginLogin(ipKey(ctx.ip), input.email);
    const user = await findUserByEmail(db, input.email);
    // verifyPassword runs bcrypt even for an unknown email: equal timing, no enumeration.
    const ok = await verifyPassword(input.password, user?.password_hash);
    if (!user || !ok) throw unauthorized('Invalid email or password');
    await attempt.succeeded();
    if (!toBool(user.is_active)) throw forbidden('This account has been deactivated');
    // With two-step sign-in, the password alone signs nobody in: the code finishes it.
    if (user.two_factor_enabled_at) {
      ctx.body = await awaitSecondStep(ctx, user.id, clock());
      return;
    }
    await startSession(ctx, user.id);
    ctx.body = presentUser(user);
  });

  router.post('/register', validateBody(RegisterInput), async (ctx) => {
    const input = ctx.state.body;
    // Every attempt counts: the 409 below tells whether an email has an account.
    await limits.register(ipKey(ctx.ip), input.email);
    assertStrongPassword(input.password, input);
    if (await findUserByEmail(db, input.email)) throw conflict(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
    const passwordHash = await hashPassword(input.password);
    let user;
    try {
      // Always a subscriber. A pending invitation for this email is left alone: only its link's
      // token gives the invited role (knowing an invited address must not make anyone an admin).
      // Unconfirmed, with its confirmation link queued in the same transaction.
      const origin = confirmer.originFor(ctx);
      user = await db.transaction(async (trx) => {
        const created = await insertUser(trx, { ...input, passwordHash, role: 'subscriber' });
        await confirmer.send(trx, created, origin);
        return created;
      });
    } catch (err) {
      // Two registrations racing for one email: the unique index decides.
      if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
      throw err;
    }
    confirmer.kick();
    await startSession(ctx, user.id);
    ctx.status = 201;
    ctx.body = presentUser(user);
  });

  router.post('/logout', async (ctx) => {
    ctx.session = null;
    ctx.body = { ok: true };
  });

  // "Sign out everywhere": every session of this user, this one included, and their open reset links.
  router.post('/logout-all', requireUser, async (ctx) => {
    const user = currentUser(ctx);
    const ended = await db.transaction(async (trx) => {
      const count = await endUserSessions(trx, user.id);
      // The member's own: their reset links end too; the audit log keeps only an admin's (audit/subscribers.ts).
      await recordEvent(trx, { type: 'user.signed_out_everywhere', actor: eventActor(user), target: userTarget(user.row), after: { sessionsEnded: count } });
      return count;
    });
    ctx.session = null;
    ctx.body = { ok: true, ended };
  });

  return router;
}
