import type { LoginInput, RegisterInput, User } from '../../contracts/auth';
import { apiFetch } from './client';
import type { SignInAnswer } from './two-factor';

/*
 * Signing in and out (/api/auth). Every answer sets or clears the session cookie, so none is kept on
 * the device; the session module (pwa/session) records who is signed in. The second step of a
 * two-step sign-in is completeTwoFactorSignIn in ./two-factor.ts, an accepted invitation
 * acceptInvitation in ./invitations.ts, a reset link's new password ./password-resets.ts.
 */

const AUTH_PATH = '/api/auth';

/** POST /api/auth/login: signed in, or (with two-step sign-in) asked for a code next. */
export function signIn(input: LoginInput): Promise<SignInAnswer> {
  return apiFetch<SignInAnswer>(`${AUTH_PATH}/login`, { method: 'POST', body: input });
}

/** POST /api/auth/register: creates the account, signed in. */
export function register(input: RegisterInput): Promise<User> {
  return apiFetch<User>(`${AUTH_PATH}/register`, { method: 'POST', body: input });
}

/** POST /api/auth/logout: ends this browser's session. */
export function signOut(): Promise<unknown> {
  return apiFetch<unknown>(`${AUTH_PATH}/logout`, { method: 'POST' });
}

/** POST /api/auth/logout-all: ends every session of the member, this one included. */
export function signOutEverywhere(): Promise<unknown> {
  return apiFetch<unknown>(`${AUTH_PATH}/logout-all`, { method: 'POST' });
}
