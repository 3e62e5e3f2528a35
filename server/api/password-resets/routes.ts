import type Router from '@koa/router';
import { caseSensitiveRouter } from '../../middleware/canonical-path';
import type Koa from 'koa';
import type { Knex } from 'knex';
import {
  PASSWORD_RESET_MESSAGES as MESSAGES,
  PasswordResetConfirmInput,
  PasswordResetRequestInput,
  type PasswordResetLinkStatus,
  type PasswordResetRequestResponse,
} from '../../../contracts/auth';
import { forbidden, HttpError } from '../../errors';
import { toBool } from '../../db/dialect';
import { endUserSessions } from '../../middleware/session';
import { ipKey, type PasswordResetLimits } from '../../middleware/rate-limit';
import { validateBody } from '../../middleware/validate';
import type { AfterAnswer } from '../../middleware/after-answer';
import { originOf, type SiteInfo } from '../../site';
import { enqueueMail, type MailQueue } from '../../mail/outbox';
import { passwordResetMail, type MailSite } from '../../mail/template';
import { hashPassword } from '../auth/passwords';
import { assertStrongPassword } from '../auth/password-strength';
import { startSession } from '../auth/routes';
import { awaitSecondStep } from '../two-factor/pending';
import { TOKEN_PATTERN } from '../uploads/repo';
import { presentUser, type UserRow } from '../users/presenter';
import { findUserByEmail, findUserById, lockUser, updateUserRow } from '../users/repo';
import { PASSWORD_RESET_TTL_MS } from './lifetimes';
import { findPasswordReset, issuePasswordReset, lockPasswordReset, stateOf, usePasswordReset, type ResetState } from './repo';

export interface PasswordResetDeps {
  db: Knex;
  site: SiteInfo;
  limits: PasswordResetLimits;
  mail: MailQueue;
  /** Epoch milliseconds now: a link's hour is measured on it (tests move it). */
  clock: () => number;
  /** Runs the link's work once the answer is out. */
  afterAnswer: AfterAnswer;
}

const REFUSALS: Record<Exclude<ResetState, 'usable'>, () => HttpError> = {
  unknown: () => new HttpError(400, 'reset_link_invalid', MESSAGES.invalid),
  used: () => new HttpError(410, 'reset_link_used', MESSAGES.used),
  expired: () => new HttpError(410, 'reset_link_expired', MESSAGES.expired),
};

/** Throws the refusal for a link that cannot be used. */
function refuseUnless(state: ResetState): void {
  if (state !== 'usable') throw REFUSALS[state]();
}

/** A token of the wrong shape names nothing: refused without a query. */
function shapeOf(token: string | undefined): string {
  if (!token || !TOKEN_PATTERN.test(token)) throw REFUSALS.unknown();
  return token;
}

/**
 * Password reset (docs/mail.md): a member who forgot their password asks for a link by
 * email, and the link's token lets them choose a new one. Under `/api/auth/`, so in production it
 * needs HTTPS like signing in (middleware/session.ts, requireHttpsToSignIn).
 */
export function passwordResetRoutes({ db, site, limits, mail, clock, afterAnswer }: PasswordResetDeps): Router {
  const router = caseSensitiveRouter('/api/auth/password-reset');

  /**
   * The same 202 and message for every address. Both cases do the same work before answering (the
   * limit's two counters and one lookup); for an active account, the link and its mail are written
   * in one transaction only once the answer has been sent (not merely started beside it, which on
   * SQLite's one connection held up the rest of the request), so that work cannot make the answer
   * slower for addresses that have an account (docs/mail.md, "No enumeration").
   */
  router.post('/', validateBody(PasswordResetRequestInput), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    if (!mail.enabled) throw new HttpError(503, 'mail_unavailable', MESSAGES.unavailable);
    const { email } = ctx.state.body;
    await limits.request(ipKey(ctx.ip), email);
    const user = await findUserByEmail(db, email);
    if (user && toBool(user.is_active)) {
      const mailSite = { siteName: site.siteName, origin: originOf(ctx, site) };
      afterAnswer.schedule(ctx as Koa.Context, () => sendResetLink(db, mail, mailSite, user, clock));
    }
    ctx.status = 202;
    const body: PasswordResetRequestResponse = { message: MESSAGES.requested };
    ctx.body = body;
  });

  // The reset screen asks first, so it can say a link is dead before showing the form.
  router.get('/:token', async (ctx) => {
    // The answer changes with time alone and the URL holds a secret: never cached.
    ctx.set('Cache-Control', 'no-store');
    refuseUnless(stateOf(await findPasswordReset(db, shapeOf(ctx.params.token)), clock()));
    const body: PasswordResetLinkStatus = { valid: true };
    ctx.body = body;
  });

  /**
   * Sets the new password, uses the link, ends the user's other links and every session of theirs,
   * in one transaction; then signs this browser in as them.
   */
  router.post('/confirm', validateBody(PasswordResetConfirmInput), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const { token, password } = ctx.state.body;
    // A dead link is refused before a bcrypt hash (or the strength check) is spent on it.
    const link = await findPasswordReset(db, shapeOf(token));
    refuseUnless(stateOf(link, clock()));
    const owner = await findUserById(db, link!.user_id);
    if (owner) assertStrongPassword(password, { email: owner.email, firstName: owner.first_name, lastName: owner.last_name });
    // bcrypt before the transaction: SQLite has one connection, so transactions stay short.
    const passwordHash = await hashPassword(password);
    const user = await db.transaction(async (trx) => {
      // Locked and checked again: of two uses racing, the second finds it used (410).
      const row = await lockPasswordReset(trx, token);
      refuseUnless(stateOf(row, clock()));
      const target = await lockUser(trx, row!.user_id);
      if (!target || !toBool(target.is_active)) throw forbidden('This account has been deactivated');
      if (!(await usePasswordReset(trx, row!, clock()))) throw REFUSALS.used();
      const updated = await updateUserRow(trx, target.id, { passwordHash });
      // Every session, this browser's included if it was theirs: it is signed in afresh below.
      await endUserSessions(trx, target.id);
      return updated!;
    });
    // The link proves the mailbox, not the authenticator: a member with two-step sign-in gives a code next.
    if (user.two_factor_enabled_at) {
      ctx.body = await awaitSecondStep(ctx as Koa.Context, user.id, clock());
      return;
    }
    await startSession(ctx as Koa.Context, user.id);
    ctx.body = presentUser(user);
  });

  return router;
}

/** Issues a link for `user` and queues its mail, in one transaction; then asks the sender to send. */
async function sendResetLink(
  db: Knex,
  mail: MailQueue,
  site: MailSite,
  user: UserRow,
  clock: () => number,
): Promise<void> {
  await db.transaction(async (trx) => {
    const at = clock();
    const token = await issuePasswordReset(trx, user.id, at);
    const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
    // The screen that takes it is the PWA's (pwa/, built later than this endpoint).
    const link = `${site.origin}/reset-password?token=${token}`;
    const content = passwordResetMail(site, { firstName: user.first_name }, link, PASSWORD_RESET_TTL_MS / 60_000);
    await enqueueMail(trx, { kind: 'password_reset', to: { address: user.email, name }, ...content }, at);
  });
  mail.kick();
}
