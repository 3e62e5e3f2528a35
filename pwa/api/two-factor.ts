import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { User } from '../../contracts/auth';
import { TWO_FACTOR_REQUIRED_CODE } from '../../contracts/constants';
import type {
  RecoveryCodes,
  TwoFactorChallenge,
  TwoFactorConfirmInput,
  TwoFactorLoginInput,
  TwoFactorSetup,
  TwoFactorStatus,
} from '../../contracts/two-factor';
import { ApiError } from '../lib/errors';
import { apiFetch } from './client';
import { USER_QUERY_KEY } from './keys';
import { profileQueries } from './profile';

/*
 * Two-step sign-in (docs/security.md §14): the login's second step, the member's own enrolment
 * (/api/profile/two-factor) and the admin's reset. Every write needs a connection; none is queued.
 */

const PROFILE_PATH = '/api/profile/two-factor';

export const twoFactorQueries = {
  /** GET /api/profile/two-factor: on or off, and how many recovery codes are left. */
  status: () =>
    queryOptions({
      queryKey: ['profile', 'two-factor'],
      queryFn: ({ signal }) => apiFetch<TwoFactorStatus>(PROFILE_PATH, { signal }),
    }),
};

/**
 * A two-step sign-in write: turning it on or off (`switched`) changes the signed-in user
 * (twoFactorEnabled), so the header's user, the profile and the status are read again; new recovery
 * codes (`codes`) change the status's count alone.
 */
export function invalidateTwoFactor(queryClient: QueryClient, change: 'switched' | 'codes'): Promise<unknown> {
  const status = { queryKey: twoFactorQueries.status().queryKey };
  if (change === 'codes') return queryClient.invalidateQueries(status);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: profileQueries.me().queryKey, exact: true }),
    queryClient.invalidateQueries(status),
  ]);
}

/** The login answers a user, or asks for the second step. */
export type SignInAnswer = User | TwoFactorChallenge;
export const needsSecondStep = (answer: SignInAnswer | unknown): answer is TwoFactorChallenge =>
  typeof answer === 'object' && answer !== null && (answer as TwoFactorChallenge).twoFactorRequired === true;

/** POST /api/auth/login/two-factor: finishes a sign-in whose password was right. */
export const completeTwoFactorSignIn = (input: TwoFactorLoginInput) =>
  apiFetch<User>('/api/auth/login/two-factor', { method: 'POST', body: input });

/** A new secret (its QR code and text) waiting for its first code. */
export const startTwoFactorSetup = () => apiFetch<TwoFactorSetup>(`${PROFILE_PATH}/setup`, { method: 'POST' });

/** The first code turns it on; the answer's recovery codes are shown this once. */
export const enableTwoFactor = (code: string) => apiFetch<RecoveryCodes>(`${PROFILE_PATH}/enable`, { method: 'POST', body: { code } });

export const disableTwoFactor = (input: TwoFactorConfirmInput) =>
  apiFetch<TwoFactorStatus>(`${PROFILE_PATH}/disable`, { method: 'POST', body: input });

export const regenerateRecoveryCodes = (input: TwoFactorConfirmInput) =>
  apiFetch<RecoveryCodes>(`${PROFILE_PATH}/recovery-codes`, { method: 'POST', body: input });

/** DELETE /api/admin/users/{id}/two-factor: the admin's reset, which also signs the member out everywhere. */
export const resetMemberTwoFactor = (id: string) =>
  apiFetch<{ ok: true; ended: number }>(`/api/admin/users/${encodeURIComponent(id)}/two-factor`, { method: 'DELETE' });

/** The half-done sign-in is over (expired, or from another browser): the password is needed again. */
export const signInExpired = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 401 && (error.body as { code?: unknown } | null)?.code === 'two_factor_expired';

/** A staff member must set up two-step sign-in before anything else (REQUIRE_2FA_FOR_STAFF). */
export const twoFactorSetupRequired = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403 && (error.body as { code?: unknown } | null)?.code === TWO_FACTOR_REQUIRED_CODE;
