import type Router from '@koa/router';
import { caseSensitiveRouter } from '../../middleware/canonical-path';
import type Koa from 'koa';
import type { Knex } from 'knex';
import {
  AVATAR_MESSAGE,
  PASSWORD_MESSAGES,
  PasswordChangeInput,
  ProfileUpdateInput,
  type PasswordChangeResponse,
} from '../../../contracts/profile';
import { badRequest, unprocessable } from '../../errors';
import { currentUser, requireUser } from '../../middleware/auth';
import { ipKey, type AuthRateLimiter } from '../../middleware/rate-limit';
import { validateBody } from '../../middleware/validate';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { assertStrongPassword } from '../auth/password-strength';
import { findObject } from '../uploads/repo';
import { canUseAsAvatar, objectIdOf } from './policy';
import { presentProfile } from './presenter';
import { replacePassword, updateProfile } from './repo';
import { memberExport } from './export';
import { originOf, type SiteInfo } from '../../site';

/** The session the request came with (koa-session names it `externalKey` when a store keeps it). */
function sessionIdOf(ctx: Koa.Context): string | undefined {
  return (ctx.session as { externalKey?: string } | null)?.externalKey;
}

const ownOnly: Koa.Middleware = async (ctx, next) => {
  // One member's own record (their email among it): never kept by any shared cache.
  ctx.set('Cache-Control', 'no-store');
  await next();
};

/**
 * `/api/profile`: the signed-in member's own profile. Only profile fields can change
 * here; email, role and the active flag are an admin's (ProfileUpdateInput refuses them). A wrong
 * current password counts as a failed sign-in for the account's email and the client's address
 * (`limits`), so a stolen session cannot guess the password faster than the login form could.
 */
export function profileRoutes(db: Knex, limits: AuthRateLimiter, site: Pick<SiteInfo, 'publicUrl'> = {}): Router {
  const router = caseSensitiveRouter('/api/profile');

  router.get('/', requireUser, ownOnly, (ctx) => {
    ctx.body = presentProfile(currentUser(ctx).row);
  });

  // All the site holds about the member, as one download (docs/privacy.md).
  router.get('/export', requireUser, ownOnly, async (ctx) => {
    const user = currentUser(ctx);
    const data = await memberExport(db, user.row, originOf(ctx, site));
    ctx.set('Content-Disposition', `attachment; filename="ledger-commons-${data.exportedAt.slice(0, 10)}.json"`);
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(data, null, 2);
  });

  router.patch('/', requireUser, ownOnly, validateBody(ProfileUpdateInput), async (ctx) => {
    const user = currentUser(ctx);
    const input = ctx.state.body;
    // The photo already there (even one an admin set) may stay; a new one must be the member's own upload.
    if (input.profileImageUrl && input.profileImageUrl !== user.row.profile_image_url) {
      const object = await findObject(db, objectIdOf(input.profileImageUrl));
      if (!canUseAsAvatar(user.id, object)) throw badRequest(AVATAR_MESSAGE, { profileImageUrl: [AVATAR_MESSAGE] });
    }
    ctx.body = presentProfile(await updateProfile(db, user.id, input));
  });

  router.post('/password', requireUser, ownOnly, validateBody(PasswordChangeInput), async (ctx) => {
    const user = currentUser(ctx);
    const { currentPassword, newPassword } = ctx.state.body;
    // Counted before the check and given back when it was right, exactly as a login.
    const attempt = await limits.beginLogin(ipKey(ctx.ip), user.row.email);
    if (!(await verifyPassword(currentPassword, user.row.password_hash))) {
      throw unprocessable(PASSWORD_MESSAGES.currentWrong, { currentPassword: [PASSWORD_MESSAGES.currentWrong] });
    }
    await attempt.succeeded();
    if (await verifyPassword(newPassword, user.row.password_hash)) {
      throw badRequest(PASSWORD_MESSAGES.unchanged, { newPassword: [PASSWORD_MESSAGES.unchanged] });
    }
    assertStrongPassword(newPassword, { email: user.row.email, firstName: user.row.first_name, lastName: user.row.last_name }, 'newPassword');
    // bcrypt before the transaction: SQLite has one connection, so transactions stay short.
    const passwordHash = await hashPassword(newPassword);
    const endedSessions = await replacePassword(db, user.id, passwordHash, sessionIdOf(ctx));
    const body: PasswordChangeResponse = { ok: true, endedSessions };
    ctx.body = body;
  });

  return router;
}
