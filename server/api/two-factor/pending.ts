import type Koa from 'koa';
import { TWO_FACTOR, type TwoFactorChallenge } from '../../../contracts/two-factor';

/** What the session remembers of a sign-in whose password was right, until its code arrives. */
export interface PendingSignIn {
  userId: string;
  /** Epoch ms after which the password must be given again. */
  until: number;
}

export const PENDING_SIGN_IN = 'twoFactorPending';

/**
 * The password step ends here for a member with two-step sign-in (a login, or a new password set
 * through a reset link): the session, under a new id, remembers who it was for a few minutes and
 * signs nobody in. POST /api/auth/login/two-factor finishes it.
 */
export async function awaitSecondStep(ctx: Koa.Context, userId: string, now: number): Promise<TwoFactorChallenge> {
  if (!ctx.session) ctx.session = {} as NonNullable<Koa.Context['session']>;
  // Whoever was signed in in this browser is not any more: only the code finishes this sign-in.
  delete ctx.session!.userId;
  const pending: PendingSignIn = { userId, until: now + TWO_FACTOR.pendingMinutes * 60_000 };
  ctx.session![PENDING_SIGN_IN] = pending;
  await ctx.session!.regenerate();
  return { twoFactorRequired: true };
}
