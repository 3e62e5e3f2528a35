import { useMutation } from '@tanstack/react-query';
import type { InvitationAcceptInput, LoginInput, PasswordResetConfirmInput, RegisterInput, User } from '../../../contracts/auth';
import { ApiError, apiFetch } from '../../api/client';
import { serverMessage } from '../../api/errors';
import { acceptInvitation } from '../../api/invitations.queries';
import { confirmPasswordReset, requestPasswordReset, resetLinkRefusal } from '../../api/password-resets.queries';
import { errorToast, toast } from '../../components/Toast';
import { signedIn } from '../../session/session';

/*
 * The writes that sign someone in: the login form, registration, an accepted invitation and a new
 * password set through a reset link (with its request for the link). Each
 * records the user the server answered with the session module (`signedIn`) before it resolves, so
 * the offline store, the outbox and the header follow at once; the screen then greets and navigates.
 * A failure is said in a toast here; the form shows the server's field errors under its fields.
 * (Logout lives in ./session.ts, which the header loads: these stay out of the entry chunk.)
 */

export function useSignIn() {
  return useMutation({
    mutationFn: (input: LoginInput) => apiFetch<User>('/api/auth/login', { method: 'POST', body: input }),
    onSuccess: signedIn,
    onError: (error) =>
      toast({ title: 'Login Failed', description: serverMessage(error, 'Invalid credentials'), variant: 'destructive' }),
  });
}

const registrationFailed = (error: unknown) =>
  toast({ title: 'Registration Failed', description: serverMessage(error, 'Failed to create account'), variant: 'destructive' });

export function useRegister() {
  return useMutation({
    mutationFn: (input: RegisterInput) => apiFetch<User>('/api/auth/register', { method: 'POST', body: input }),
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
    onSuccess: signedIn,
    onError: (error) => {
      const refusal = resetLinkRefusal(error);
      if (refusal !== undefined) onRefused(refusal);
      else errorToast(error, 'Your password could not be changed. Please try again.');
    },
  });
}
