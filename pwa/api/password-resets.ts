import { queryOptions } from '@tanstack/react-query';
import {
  PASSWORD_RESET_MESSAGES,
  type PasswordResetConfirmInput,
  type PasswordResetLinkStatus,
  type PasswordResetRequestInput,
  type PasswordResetRequestResponse,
} from '../../contracts/auth';
import type { SignInAnswer } from './two-factor';
import { ApiError } from '../lib/errors';
import { apiFetch } from './client';
import { serverMessage } from '../lib/errors';

/*
 * Password reset (docs/mail.md). Under /api/auth/, so no answer is kept on the device
 * (offline/store.ts): the link's path holds its secret token, and its answer changes once used.
 */

const RESET_PATH = '/api/auth/password-reset';

export const passwordResetQueries = {
  /** GET /api/auth/password-reset/{token}: 200 while usable; 400 invalid, 410 used or expired. */
  link: (token: string) =>
    queryOptions({
      // Under 'auth', which a sign-in does not refetch: confirming must not turn the open form into "used".
      queryKey: ['auth', 'password-reset', token],
      queryFn: ({ signal }) => apiFetch<PasswordResetLinkStatus>(`${RESET_PATH}/${encodeURIComponent(token)}`, { signal }),
      // A refused link stays refused; a retry would only delay the message.
      retry: false,
      staleTime: Infinity,
    }),
};

/** POST /api/auth/password-reset: 202 with the same message for every address. */
export function requestPasswordReset(input: PasswordResetRequestInput): Promise<PasswordResetRequestResponse> {
  return apiFetch<PasswordResetRequestResponse>(RESET_PATH, { method: 'POST', body: input });
}

/**
 * POST /api/auth/password-reset/confirm: sets the password and signs this browser in as the link's
 * member, or, when their sign-in asks for a code, leaves the login's second step to do that.
 */
export function confirmPasswordReset(input: PasswordResetConfirmInput): Promise<SignInAnswer> {
  return apiFetch<SignInAnswer>(`${RESET_PATH}/confirm`, { method: 'POST', body: input });
}

/** The codes of a link that cannot be used (server/api/password-resets/routes.ts). */
const LINK_REFUSED = new Set(['reset_link_invalid', 'reset_link_used', 'reset_link_expired']);

/** The server's reason when `error` says the reset link cannot be used, else undefined. */
export function resetLinkRefusal(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const code = (error.body as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && LINK_REFUSED.has(code) ? serverMessage(error, PASSWORD_RESET_MESSAGES.invalid) : undefined;
}
