import type Router from '@koa/router';
import { caseSensitiveRouter } from '../../middleware/canonical-path';
import type Koa from 'koa';
import type { Knex } from 'knex';
import {
  TWO_FACTOR_MESSAGES,
  TWO_FACTOR_REQUIRED_CODE,
  TwoFactorConfirmInput,
  TwoFactorEnableInput,
  TwoFactorLoginInput,
  type RecoveryCodes,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '../../../contracts/two-factor';
import { ADMINS, STAFF_ROLES } from '../../../contracts/constants';
import { conflict, HttpError, notFound, unprocessable } from '../../errors';
import { currentUser, requireRole, requireUser } from '../../middleware/auth';
import { ipKey, type AuthRateLimiter, type TwoFactorLimits } from '../../middleware/rate-limit';
import { endUserSessions } from '../../middleware/session';
import { parseId, validateBody } from '../../middleware/validate';
import { toBool } from '../../db/dialect';
import { verifyPassword } from '../auth/passwords';
import { startSession } from '../auth/routes';
import { PENDING_SIGN_IN as PENDING_KEY, type PendingSignIn } from './pending';
import { presentUser, type UserRow } from '../users/presenter';
import { findUserById } from '../users/repo';
import { eventActor, recordEvent, userTarget } from '../../events/index';
import {
  claimTimeStep,
  enableTwoFactor,
  findTwoFactor,
  lastTimeStep,
  removeTwoFactor,
  replaceRecoveryCodes,
  savePendingSecret,
  spendRecoveryCode,
  unusedRecoveryCodes,
} from './repo';
import { acceptedStep, newRecoveryCodes, newTotpSecret, normalRecoveryCode, provisioning, TwoFactorKeys } from './secrets';

export interface TwoFactorDeps {
  db: Knex;
  /** SESSION_SECRET, which the keys of secrets and recovery codes are derived from. */
  secret: string;
  /** The issuer an authenticator app shows beside the account. */
  siteName: string;
  /** A wrong current password counts as a failed sign-in, as on the password change. */
  authLimits: AuthRateLimiter;
  codeLimits: TwoFactorLimits;
  clock: () => number;
}

/** The session id of this request (koa-session's `externalKey` with a store). */
const sessionIdOf = (ctx: Koa.Context) => (ctx.session as { externalKey?: string } | null)?.externalKey;

const ownOnly: Koa.Middleware = async (ctx, next) => {
  ctx.set('Cache-Control', 'no-store');
  await next();
};

const isOn = (user: UserRow) => Boolean(user.two_factor_enabled_at);

/**
 * Two-step sign-in (docs/security.md §14): the login's second step, the member's own enrolment
 * under /api/profile/two-factor, and the admin's reset. Every code tried counts against the
 * limits of its address and its account (`codeLimits`) before it is checked and is given back when
 * it was right.
 */
export function twoFactorRoutes({ db, secret, siteName, authLimits, codeLimits, clock }: TwoFactorDeps): Router {
  const router = caseSensitiveRouter();
  const keys = new TwoFactorKeys(secret);

  /** Whether `code` is the member's current code, not used before; a right one is used up here. */
  async function takeCode(userId: string, code: string, encrypted: 'secret' | 'pending_secret' = 'secret'): Promise<boolean> {
    const row = await findTwoFactor(db, userId);
    const stored = row?.[encrypted];
    const totpSecret = stored ? keys.decrypt(stored) : undefined;
    if (!row || !totpSecret) return false;
    const step = await acceptedStep(totpSecret, code, clock(), lastTimeStep(row));
    return step !== undefined && (await claimTimeStep(db, userId, step));
  }

  /** A code, counted against the account's and the address's limits; 422 under `code` when wrong. */
  async function requireCode(ctx: Koa.Context, userId: string, code: string, encrypted?: 'secret' | 'pending_secret'): Promise<void> {
    const attempt = await codeLimits.beginGuess(userId, ipKey(ctx.ip), 'code');
    if (!(await takeCode(userId, code, encrypted))) {
      throw unprocessable(TWO_FACTOR_MESSAGES.codeWrong, { code: [TWO_FACTOR_MESSAGES.codeWrong] });
    }
    await attempt.succeeded();
  }

  /** The current password or a current code: what turning it off and new recovery codes ask for. */
  async function confirmIdentity(ctx: Koa.Context, user: UserRow, input: TwoFactorConfirmInput): Promise<void> {
    if (input.code) return requireCode(ctx, user.id, input.code);
    const attempt = await authLimits.beginLogin(ipKey(ctx.ip), user.email);
    if (!(await verifyPassword(input.password ?? '', user.password_hash))) {
      throw unprocessable(TWO_FACTOR_MESSAGES.passwordWrong, { password: [TWO_FACTOR_MESSAGES.passwordWrong] });
    }
    await attempt.succeeded();
  }

  const issueRecoveryCodes = () => {
    const codes = newRecoveryCodes();
    return { codes, hashes: codes.map((code) => keys.hashRecoveryCode(normalRecoveryCode(code))) };
  };

  // ---- the login's second step

  router.post('/api/auth/login/two-factor', validateBody(TwoFactorLoginInput), async (ctx) => {
    const input = ctx.state.body;
    const pending = ctx.session?.[PENDING_KEY] as PendingSignIn | undefined;
    const user = pending && pending.until > clock() ? await findUserById(db, pending.userId) : undefined;
    // Also when the account was deactivated, or its two-step sign-in reset, since the password.
    if (!user || !toBool(user.is_active) || !isOn(user)) {
      if (ctx.session) delete ctx.session[PENDING_KEY];
      throw new HttpError(401, 'two_factor_expired', TWO_FACTOR_MESSAGES.signInExpired);
    }
    const attempt = await codeLimits.beginGuess(user.id, ipKey(ctx.ip), 'code' in input ? 'code' : 'recovery');
    if ('code' in input) {
      if (!(await takeCode(user.id, input.code))) {
        throw new HttpError(401, 'invalid_two_factor_code', TWO_FACTOR_MESSAGES.codeWrong, { code: [TWO_FACTOR_MESSAGES.codeWrong] });
      }
    } else if (!(await spendRecoveryCode(db, user.id, keys.hashRecoveryCode(input.recoveryCode)))) {
      throw new HttpError(401, 'invalid_two_factor_code', TWO_FACTOR_MESSAGES.recoveryWrong, { recoveryCode: [TWO_FACTOR_MESSAGES.recoveryWrong] });
    }
    await attempt.succeeded();
    delete ctx.session![PENDING_KEY];
    await startSession(ctx, user.id);
    ctx.body = presentUser(user);
  });

  // ---- the member's own enrolment

  router.get('/api/profile/two-factor', requireUser, ownOnly, async (ctx) => {
    const user = currentUser(ctx).row;
    const body: TwoFactorStatus = { enabled: isOn(user), recoveryCodesLeft: isOn(user) ? await unusedRecoveryCodes(db, user.id) : 0 };
    ctx.body = body;
  });

  router.post('/api/profile/two-factor/setup', requireUser, ownOnly, async (ctx) => {
    const user = currentUser(ctx).row;
    if (isOn(user)) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn);
    const totpSecret = newTotpSecret();
    await savePendingSecret(db, user.id, keys.encrypt(totpSecret));
    const body: TwoFactorSetup = { secret: totpSecret, ...(await provisioning(totpSecret, siteName, user.email)) };
    ctx.body = body;
  });

  router.post('/api/profile/two-factor/enable', requireUser, ownOnly, validateBody(TwoFactorEnableInput), async (ctx) => {
    const user = currentUser(ctx).row;
    if (isOn(user)) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn);
    const pending = (await findTwoFactor(db, user.id))?.pending_secret;
    if (!pending) throw conflict(TWO_FACTOR_MESSAGES.notStarted);
    await requireCode(ctx, user.id, ctx.state.body.code, 'pending_secret');
    const { codes, hashes } = issueRecoveryCodes();
    const enabled = await db.transaction(async (trx) => {
      // A second setup that started meanwhile replaced the secret this code was for.
      if (!(await enableTwoFactor(trx, user.id, pending, hashes))) return false;
      // Every other session of the account ends, as "sign out everywhere" does ...
      await endUserSessions(trx, user.id, sessionIdOf(ctx));
      return true;
    });
    if (!enabled) throw conflict(TWO_FACTOR_MESSAGES.notStarted);
    // ... and this one goes on under a new id.
    await ctx.session!.regenerate();
    const body: RecoveryCodes = { recoveryCodes: codes };
    ctx.body = body;
  });

  router.post('/api/profile/two-factor/disable', requireUser, ownOnly, validateBody(TwoFactorConfirmInput), async (ctx) => {
    const user = currentUser(ctx).row;
    if (!isOn(user)) throw conflict(TWO_FACTOR_MESSAGES.notOn);
    await confirmIdentity(ctx, user, ctx.state.body);
    await db.transaction((trx) => removeTwoFactor(trx, user.id));
    const body: TwoFactorStatus = { enabled: false, recoveryCodesLeft: 0 };
    ctx.body = body;
  });

  router.post('/api/profile/two-factor/recovery-codes', requireUser, ownOnly, validateBody(TwoFactorConfirmInput), async (ctx) => {
    const user = currentUser(ctx).row;
    if (!isOn(user)) throw conflict(TWO_FACTOR_MESSAGES.notOn);
    await confirmIdentity(ctx, user, ctx.state.body);
    const { codes, hashes } = issueRecoveryCodes();
    await db.transaction((trx) => replaceRecoveryCodes(trx, user.id, hashes));
    const body: RecoveryCodes = { recoveryCodes: codes };
    ctx.body = body;
  });

  // ---- the admin's reset, for a member who lost their authenticator and their recovery codes

  router.delete('/api/admin/users/:id/two-factor', requireRole(...ADMINS), async (ctx) => {
    const id = parseId(ctx.params.id, 'User not found');
    const ended = await db.transaction(async (trx) => {
      const target = await trx<UserRow>('users').where({ id }).forUpdate().first();
      if (!target) throw notFound('User not found');
      if (!isOn(target)) throw conflict(TWO_FACTOR_MESSAGES.notOn);
      await removeTwoFactor(trx, id);
      await recordEvent(trx, {
        type: 'user.two_factor_reset',
        actor: eventActor(currentUser(ctx)),
        target: userTarget(target),
        before: { twoFactorEnabled: true },
        after: { twoFactorEnabled: false },
      });
      return endUserSessions(trx, id);
    });
    ctx.body = { ok: true, ended };
  });

  return router;
}

/** The routes a staff member without two-step sign-in may still call while it is required. */
const OPEN_TO_UNENROLLED_STAFF = new Set([
  'GET /api/profile/two-factor',
  'POST /api/profile/two-factor/setup',
  'POST /api/profile/two-factor/enable',
  // What every page's frame reads, anonymous visitors included: nothing of anyone's.
  'GET /api/health',
  'GET /api/site',
  'GET /api/menu-settings',
]);
/**
 * Signing in and out (/api/auth/…: who is signed in, logout, logout everywhere, password reset) and
 * a mailed confirmation link: what a visitor may do anyway.
 */
const OPEN_PATHS = /^\/api\/(auth\/|email-confirmations\/[^/]+$)/;

/**
 * REQUIRE_2FA_FOR_STAFF: an editor or admin without two-step sign-in is signed in but may only set
 * it up (and sign out); every other API call answers 403 `two_factor_required`, which the PWA
 * turns into a visit to the setup screen.
 */
export function requireTwoFactorForStaff(required: boolean): Koa.Middleware {
  return async (ctx, next) => {
    const user = ctx.state.user;
    if (
      required &&
      user &&
      STAFF_ROLES.includes(user.role) &&
      !isOn(user.row) &&
      ctx.path.startsWith('/api/') &&
      !OPEN_PATHS.test(ctx.path) &&
      !OPEN_TO_UNENROLLED_STAFF.has(`${ctx.method === 'HEAD' ? 'GET' : ctx.method} ${ctx.path.replace(/\/+$/, '') || '/'}`)
    ) {
      throw new HttpError(403, TWO_FACTOR_REQUIRED_CODE, TWO_FACTOR_MESSAGES.required);
    }
    await next();
  };
}
