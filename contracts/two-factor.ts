import { z } from './zod';
import { safeText } from './common';

export { TWO_FACTOR_REQUIRED_CODE } from './constants';

/**
 * Two-step sign-in (TOTP, docs/security.md §14): enrolment from the profile, the login's second
 * step, and the admin's reset.
 */

export const TWO_FACTOR = {
  /** Digits of an authenticator app's code. */
  codeDigits: 6,
  /** Recovery codes given at enrolment (and on each regeneration). */
  recoveryCodes: 10,
  /** How long a sign-in whose password was right waits for its code, in minutes. */
  pendingMinutes: 5,
} as const;

export const TWO_FACTOR_MESSAGES = {
  codeFormat: 'Enter the 6-digit code from your authenticator app',
  codeWrong: 'That code is not right. Check the time on your device and try the newest code.',
  recoveryFormat: 'Enter one of your recovery codes',
  recoveryWrong: 'That recovery code is not right, or it has been used already.',
  passwordOrCode: 'Enter your current password or a code from your authenticator app',
  passwordWrong: 'Current password is incorrect',
  signInExpired: 'Your sign-in has expired. Please enter your email and password again.',
  tooManyCodes: 'Too many wrong codes. Please try again later.',
  alreadyOn: 'Two-step sign-in is already on.',
  notStarted: 'Start setting up two-step sign-in first.',
  notOn: 'Two-step sign-in is not on.',
  required: 'Your role requires two-step sign-in. Set it up to continue.',
} as const;

/** Six digits; spaces (as apps show "123 456") are dropped. */
const code = safeText(TWO_FACTOR_MESSAGES.codeFormat)
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.codeFormat));

/** A recovery code as printed (`abcde-fghij`), in any case, with or without the dash and spaces. */
const recoveryCode = safeText(TWO_FACTOR_MESSAGES.recoveryFormat)
  .max(64, TWO_FACTOR_MESSAGES.recoveryFormat)
  .transform((v) => v.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, TWO_FACTOR_MESSAGES.recoveryFormat));

/** `POST /api/auth/login` answers this (200) when the password was right and a code is needed. */
export const TwoFactorChallenge = z.object({ twoFactorRequired: z.literal(true) });
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallenge>;

/** The second step's two forms: a code from the app, or a recovery code. */
export const TwoFactorCodeInput = z.object({ code }).strict();
export const RecoveryCodeInput = z.object({ recoveryCode }).strict();

/** `POST /api/auth/login/two-factor`: a code from the app, or one of the recovery codes. */
export const TwoFactorLoginInput = z.union([TwoFactorCodeInput, RecoveryCodeInput], {
  error: TWO_FACTOR_MESSAGES.codeFormat,
});
export type TwoFactorLoginInput = z.infer<typeof TwoFactorLoginInput>;

/** `GET /api/profile/two-factor`: whether it is on, and how many recovery codes are left. */
export const TwoFactorStatus = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

/**
 * `POST /api/profile/two-factor/setup`: a new secret waiting for its first code. The secret is
 * shown here only (for typing into an app), with the otpauth:// URI and its QR code as an SVG
 * data URL drawn on the server.
 */
export const TwoFactorSetup = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>;

/** `POST /api/profile/two-factor/enable`: the first code from the app confirms the secret. */
export const TwoFactorEnableInput = TwoFactorCodeInput;
export type TwoFactorEnableInput = z.infer<typeof TwoFactorEnableInput>;

/** Enabling and regenerating answer the recovery codes, shown this once (the server keeps hashes). */
export const RecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

/**
 * Turning it off and regenerating recovery codes: the current password, or a current code from
 * the app (one of the two).
 */
export const TwoFactorConfirmInput = z
  .object({
    password: safeText(TWO_FACTOR_MESSAGES.passwordOrCode).max(200).optional(),
    code: code.optional(),
  })
  .strict()
  .refine((v) => Boolean(v.password) !== Boolean(v.code), { message: TWO_FACTOR_MESSAGES.passwordOrCode, path: ['password'] });
export type TwoFactorConfirmInput = z.infer<typeof TwoFactorConfirmInput>;
