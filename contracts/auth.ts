import { z } from './zod';
import { LIMITS, Role, safeText, singleLineText, Timestamp } from './common';

const email = safeText().trim().toLowerCase().pipe(z.email('Invalid email format'));
export const PASSWORD_TOO_SHORT = `Password must be at least ${LIMITS.passwordMin} characters`;
export const PASSWORD_TOO_LONG = 'Password must be at most 200 characters';
const LOGIN_PASSWORD_TOO_SHORT = 'Password must be at least 6 characters';
/** The hint under every new-password field (the server explains a refusal in more detail). */
export const NEW_PASSWORD_HINT = `At least ${LIMITS.passwordMin} characters, and hard to guess: a few unrelated words work well.`;

/**
 * A new password (sign-up, reset, change, admin-set, invitation): at least LIMITS.passwordMin
 * characters here; the server also refuses one that is easy to guess (docs/security.md §15).
 */
export const NewPassword = safeText(PASSWORD_TOO_SHORT).min(LIMITS.passwordMin, PASSWORD_TOO_SHORT).max(200, PASSWORD_TOO_LONG);
const password = NewPassword;

export const LoginInput = z.object({
  email: safeText('Invalid email format').pipe(email),
  // Spec 5's rule for signing in, which every password ever accepted meets (new ones need more).
  password: safeText(LOGIN_PASSWORD_TOO_SHORT).min(6, LOGIN_PASSWORD_TOO_SHORT).max(200, PASSWORD_TOO_LONG),
});
export type LoginInput = z.infer<typeof LoginInput>;

export const RegisterInput = LoginInput.extend({
  password,
  firstName: singleLineText('First name is required')
    .trim()
    .min(1, 'First name is required')
    .max(100, 'First name must be at most 100 characters'),
  lastName: singleLineText('Last name is required')
    .trim()
    .min(1, 'Last name is required')
    .max(100, 'Last name must be at most 100 characters'),
});
export type RegisterInput = z.infer<typeof RegisterInput>;

/** A user as the API returns it: never the password hash. */
export const User = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  expertiseTags: z.array(z.string()),
  title: z.string().nullable(),
  company: z.string().nullable(),
  bio: z.string().nullable(),
  points: z.number().int(),
  badges: z.array(z.string()),
  role: Role,
  isActive: z.boolean(),
  /** Whether signing in asks for a code from an authenticator app (docs/security.md §14). */
  twoFactorEnabled: z.boolean(),
  /** Whether the address is confirmed (docs/security.md §13): until it is, no notification is mailed. */
  emailConfirmed: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type User = z.infer<typeof User>;

/** GET /api/auth/session: who is signed in, `null` for nobody (never a 401). */
export const SessionResponse = z.object({ user: User.nullable() });
export type SessionResponse = z.infer<typeof SessionResponse>;

export const LogoutResponse = z.object({ ok: z.literal(true) });

/**
 * `POST /api/invitations/{token}/accept`: the invitee's name and password. No email: the account
 * gets the invited address, never one the caller chooses.
 */
export const InvitationAcceptInput = RegisterInput.pick({ firstName: true, lastName: true, password: true });
export type InvitationAcceptInput = z.infer<typeof InvitationAcceptInput>;

/** What the password reset endpoints answer; the reset screen shows them as they are. */
export const PASSWORD_RESET_MESSAGES = {
  /** The same answer whether the address has an account or not (no enumeration). */
  requested: 'If an account exists for that email, we have sent it a link to choose a new password. The link works for one hour.',
  invalid: 'This reset link is not valid.',
  used: 'This reset link has already been used.',
  expired: 'This reset link has expired. Request a new one.',
  /** Production without SMTP_URL: no mail can be sent, so no link either. */
  unavailable: 'Password reset by email is not available on this site. Ask an administrator to reset your password.',
} as const;

/** `POST /api/auth/password-reset`: the address to send a reset link to. */
export const PasswordResetRequestInput = LoginInput.pick({ email: true });
export type PasswordResetRequestInput = z.infer<typeof PasswordResetRequestInput>;

/** Its answer, 202, the same for every address. */
export const PasswordResetRequestResponse = z.object({ message: z.string() });
export type PasswordResetRequestResponse = z.infer<typeof PasswordResetRequestResponse>;

/**
 * `POST /api/auth/password-reset/confirm`: the link's token and the new password (the registration
 * rules). Answered 200 with the `User`, signed in; a dead link is 400 (`invalid`) or 410 (`used`,
 * `expired`) with the message above.
 */
export const PasswordResetConfirmInput = z.object({
  token: safeText(PASSWORD_RESET_MESSAGES.invalid).min(1, PASSWORD_RESET_MESSAGES.invalid).max(200, PASSWORD_RESET_MESSAGES.invalid),
  password,
});
export type PasswordResetConfirmInput = z.infer<typeof PasswordResetConfirmInput>;

/** `GET /api/auth/password-reset/{token}`: 200 while the link can be used (otherwise the errors above). */
export const PasswordResetLinkStatus = z.object({ valid: z.literal(true) });
export type PasswordResetLinkStatus = z.infer<typeof PasswordResetLinkStatus>;
