import { useMutation } from '@tanstack/react-query';
import type { InvitationAcceptInput, PasswordResetConfirmInput } from '../../../contracts/auth';
import { register, signIn } from '../../api/auth';
import { ApiError } from '../../lib/errors';
import { serverMessage } from '../../lib/errors';
import { acceptInvitation } from '../../api/invitations';
import { completeTwoFactorSignIn, needsSecondStep, signInExpired } from '../../api/two-factor';
import { confirmPasswordReset, requestPasswordReset, resetLinkRefusal } from '../../api/password-resets';
import { errorToast, toast } from '../../components/Toast';
import { signedIn } from '../../session/session';

/*
 * The writes that sign someone in: the login form, registration, an accepted invitation and a new
 * password set through a reset link (with its request for the link). Each
 * records the user the server answered with the session module (`signedIn`) before it resolves, so
 * the offline store, the outbox and the header follow at once; the screen then greets and navigates.
 * A failure is said in a toast here; the form shows the server's field errors under its fields.
 * (Logout lives in ./signOut.ts, which the header loads: these stay out of the entry chunk.)
 */

/** The password step: signed in, or (with two-step sign-in) asked for a code next. */
export function useSignIn() {
  return useMutation({
    mutationFn: signIn,
    onSuccess: async (answer) => {
      if (!needsSecondStep(answer)) await signedIn(answer);
    },
    onError: (error) =>
      toast({ title: 'Login Failed', description: serverMessage(error, 'Invalid credentials'), variant: 'destructive' }),
  });
}

/**
 * The second step: a code from the authenticator app or a recovery code. A wrong one is said under
 * its field; an expired sign-in (`onExpired`) sends the member back to the password.
 */
export function useCompleteSignIn(onExpired: (message: string) => void) {
  return useMutation({
    mutationFn: completeTwoFactorSignIn,
    onSuccess: signedIn,
    onError: (error) => {
      if (signInExpired(error)) onExpired(serverMessage(error, 'Your sign-in has expired. Please enter your email and password again.'));
      else if (!(error instanceof ApiError && error.status === 401)) errorToast(error, 'The code could not be checked. Please try again.');
    },
  });
}

const registrationFailed = (error: unknown) =>
  toast({ title: 'Registration Failed', description: serverMessage(error, 'Failed to create account'), variant: 'destructive' });

export function useRegister() {
  return useMutation({
    mutationFn: register,
    onSuccess: signedIn,
    onError: registrationFailed,
  });
}

/** Answers that mean an invite link cannot be used (unknown, used, revoked, expired, or the address has an account). */
const INVITATION_REFUSED = new Set([404, 409, 410]);

/**
 * Accepting an invitation creates the account and signs it in. When the link was used, revoked or
 * expired meanwhile, `onRefused` gets the server's reason (the screen says it instead of the form).
 */
export function useAcceptInvitation(token: string, onRefused: (message: string) => void) {
  return useMutation({
    mutationFn: (input: InvitationAcceptInput) => acceptInvitation(token, input),
    onSuccess: signedIn,
    onError: (error) => {
      if (error instanceof ApiError && INVITATION_REFUSED.has(error.status)) onRefused(serverMessage(error, 'This invitation link is not valid'));
      else registrationFailed(error);
    },
  });
}

/**
 * Asks for a reset link. The answer is the same for every address (no account enumeration); past
 * the limit (429) or with mail off (503) the server's message says why.
 */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: requestPasswordReset,
    onError: (error) => errorToast(error, 'The reset link could not be sent. Please try again.'),
  });
}

/**
 * Sets the new password through a reset link and signs this browser in as its member (the server
 * ends every other session of theirs). When the link was used or ended meanwhile, `onRefused` gets
 * the server's reason (the screen says it instead of the form).
 */
export function useConfirmPasswordReset(onRefused: (message: string) => void) {
  return useMutation({
    mutationFn: (input: PasswordResetConfirmInput) => confirmPasswordReset(input),
    // With two-step sign-in, the new password is set and the code comes next (the login's second step).
    onSuccess: async (answer) => {
      if (!needsSecondStep(answer)) await signedIn(answer);
    },
    onError: (error) => {
      const refusal = resetLinkRefusal(error);
      if (refusal !== undefined) onRefused(refusal);
      else errorToast(error, 'Your password could not be changed. Please try again.');
    },
  });
}
