import { z } from './zod';

/**
 * Email confirmation (docs/security.md §13): an account's address is confirmed through a link mailed
 * to it before the site mails it anything but that link and password resets.
 *
 * - `POST /api/email-confirmations` (signed in): mails a new link to the member's own address;
 *   202 `EmailConfirmationSent`; 409 when already confirmed; 429 with Retry-After past the limits;
 *   503 where the site sends no mail.
 * - `POST /api/email-confirmations/{token}` (anyone holding the link): confirms; 200
 *   `EmailConfirmed`; 404 for an unknown link, 410 for a used or expired one (with `code`).
 */

/** What the endpoints and the screens say (the client shows the server's messages as they are). */
export const EMAIL_CONFIRMATION_MESSAGES = {
  sent: 'We have sent a confirmation link to your email address. The link works for 24 hours.',
  confirmed: 'Your email address is confirmed.',
  alreadyConfirmed: 'Your email address is already confirmed.',
  invalid: 'This confirmation link is not valid.',
  used: 'This confirmation link has already been used.',
  expired: 'This confirmation link has expired. Sign in and ask for a new one.',
  tooMany: 'Too many confirmation emails. Please try again later.',
  unavailable: 'This site does not send email at the moment.',
  /** The notice for a signed-in member whose address is unconfirmed. */
  notice: 'Confirm your email address to get notifications by email.',
} as const;

/** The link's lifetime, in hours (the mail says it). */
export const EMAIL_CONFIRMATION_TTL_HOURS = 24;

/** The error codes a dead link answers with. */
export const EMAIL_CONFIRMATION_CODES = {
  invalid: 'confirmation_link_invalid',
  used: 'confirmation_link_used',
  expired: 'confirmation_link_expired',
} as const;

/** `POST /api/email-confirmations`: 202. */
export const EmailConfirmationSent = z.object({ message: z.string() });
export type EmailConfirmationSent = z.infer<typeof EmailConfirmationSent>;

/** `POST /api/email-confirmations/{token}`: 200, the address now confirmed. */
export const EmailConfirmed = z.object({ message: z.string(), email: z.string() });
export type EmailConfirmed = z.infer<typeof EmailConfirmed>;
