import type { QueryClient } from '@tanstack/react-query';
import {
  EMAIL_CONFIRMATION_CODES,
  EMAIL_CONFIRMATION_MESSAGES,
  type EmailConfirmationSent,
  type EmailConfirmed,
} from '../../contracts/email-confirmations';
import { ApiError } from '../lib/errors';
import { apiFetch } from './client';
import { serverMessage } from '../lib/errors';
import { USER_QUERY_KEY } from './keys';
import { profileQueries } from './profile';

/*
 * Email confirmation (docs/security.md §13). Both calls are POSTs, so nothing is kept on the device:
 * the link's path holds its secret token, and its answer changes once used.
 */

const PATH = '/api/email-confirmations';

/** POST /api/email-confirmations: mails a new link to the signed-in member's own address (202). */
export function requestEmailConfirmation(): Promise<EmailConfirmationSent> {
  return apiFetch<EmailConfirmationSent>(PATH, { method: 'POST' });
}

/** POST /api/email-confirmations/{token}: confirms the address the link was mailed to (200). */
export function confirmEmail(token: string): Promise<EmailConfirmed> {
  return apiFetch<EmailConfirmed>(`${PATH}/${encodeURIComponent(token)}`, { method: 'POST' });
}

/** The signed-in member's record and profile again from the server (whether the address is confirmed). */
export async function invalidateEmailConfirmation(queryClient: QueryClient): Promise<void> {
  const keys = [USER_QUERY_KEY, profileQueries.me().queryKey];
  // A read sent before the confirmation can answer after it with the old record, and a refetch joins
  // a read under way while the query has no answer yet (a page's first load): it is cancelled instead.
  await Promise.all(keys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  // Refetched even where no screen shows them now (a phone's header keeps the account in its closed
  // menu): the next screen, Notification settings, must not show the notice from the old answer.
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey, refetchType: 'all' })));
}

const LINK_REFUSED = new Set<string>(Object.values(EMAIL_CONFIRMATION_CODES));

/** The server's reason when `error` says the confirmation link cannot be used, else undefined. */
export function confirmationLinkRefusal(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const code = (error.body as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && LINK_REFUSED.has(code) ? serverMessage(error, EMAIL_CONFIRMATION_MESSAGES.invalid) : undefined;
}
