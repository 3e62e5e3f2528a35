import type Router from '@koa/router';
import { caseSensitiveRouter } from '../../middleware/canonical-path';
import type { Knex } from 'knex';
import {
  EMAIL_CONFIRMATION_CODES as CODES,
  EMAIL_CONFIRMATION_MESSAGES as MESSAGES,
  type EmailConfirmationSent,
  type EmailConfirmed,
} from '../../../contracts/email-confirmations';
import { conflict, HttpError } from '../../errors';
import { currentUser, requireUser } from '../../middleware/auth';
import { ipKey, type EmailConfirmationLimits } from '../../middleware/rate-limit';
import { stateOf, type ResetState } from '../password-resets/repo';
import { TOKEN_PATTERN } from '../uploads/repo';
import { findEmailConfirmation, lockEmailConfirmation, useEmailConfirmation } from './repo';
import type { EmailConfirmer } from './service';
import { isEmailConfirmed } from './policy';

export interface EmailConfirmationDeps {
  db: Knex;
  confirmer: EmailConfirmer;
  limits: EmailConfirmationLimits;
}

const REFUSALS: Record<Exclude<ResetState, 'usable'>, () => HttpError> = {
  unknown: () => new HttpError(404, CODES.invalid, MESSAGES.invalid),
  used: () => new HttpError(410, CODES.used, MESSAGES.used),
  expired: () => new HttpError(410, CODES.expired, MESSAGES.expired),
};

function refuseUnless(state: ResetState): void {
  if (state !== 'usable') throw REFUSALS[state]();
}

/**
 * `/api/email-confirmations` (docs/security.md §13): a signed-in member asks for a new link to their
 * own address (limited per account and per IP), and whoever holds a link confirms with it — the
 * link alone proves the mailbox, so no session is needed (it may be opened on another device).
 */
export function emailConfirmationRoutes({ db, confirmer, limits }: EmailConfirmationDeps): Router {
  const router = caseSensitiveRouter('/api/email-confirmations');

  router.post('/', requireUser, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const user = currentUser(ctx);
    if (!confirmer.mailEnabled) throw new HttpError(503, 'mail_unavailable', MESSAGES.unavailable);
    if (isEmailConfirmed(user.row)) throw conflict(MESSAGES.alreadyConfirmed);
    await limits.resend(ipKey(ctx.ip), user.id);
    const origin = confirmer.originFor(ctx);
    await db.transaction((trx) => confirmer.send(trx, user.row, origin));
    confirmer.kick();
    ctx.status = 202;
    const body: EmailConfirmationSent = { message: MESSAGES.sent };
    ctx.body = body;
  });

  router.post('/:token', async (ctx) => {
    // The URL holds a secret and the answer changes with time alone: never cached.
    ctx.set('Cache-Control', 'no-store');
    const token = ctx.params.token;
    // A token of the wrong shape names nothing: refused without a query.
    if (!TOKEN_PATTERN.test(token)) throw REFUSALS.unknown();
    refuseUnless(stateOf(await findEmailConfirmation(db, token), confirmer.now()));
    const email = await db.transaction(async (trx) => {
      // Locked and checked again: of two uses racing, the second finds it used (410).
      const row = await lockEmailConfirmation(trx, token);
      refuseUnless(stateOf(row, confirmer.now()));
      // False when the account's address is no longer the one the link was mailed to.
      if (!(await useEmailConfirmation(trx, row!, confirmer.now()))) throw REFUSALS.expired();
      return row!.email;
    });
    const body: EmailConfirmed = { message: MESSAGES.confirmed, email };
    ctx.body = body;
  });

  return router;
}
