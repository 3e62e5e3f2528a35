import { z } from './zod';
import { LIMITS, Role, safeText, Timestamp } from './common';

const email = safeText().trim().toLowerCase().pipe(z.email('Invalid email format'));
const password = safeText(`Password must be at least ${LIMITS.passwordMin} characters`)
  .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters`)
  .max(200, 'Password must be at most 200 characters');

export const LoginInput = z.object({
  email: safeText('Invalid email format').pipe(email),
  password,
});
export type LoginInput = z.infer<typeof LoginInput>;

export const RegisterInput = LoginInput.extend({
  firstName: safeText('First name is required')
    .trim()
    .min(1, 'First name is required')
    .max(100, 'First name must be at most 100 characters'),
  lastName: safeText('Last name is required')
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
