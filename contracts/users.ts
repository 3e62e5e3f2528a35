import { z } from './zod';
import { optionalText, Role, safeText, singleLineText, Timestamp } from './common';
import { NewPassword, User } from './auth';

/**
 * User management (spec 5 "Admin create user / update user", spec 7 "Users and invitations").
 * The `/api/users/*` and `/api/admin/users*` families take these same shapes.
 */

const EMAIL_MESSAGE = 'Invalid email format';

const email = safeText(EMAIL_MESSAGE).trim().toLowerCase().pipe(z.email(EMAIL_MESSAGE).max(320, EMAIL_MESSAGE));
const password = NewPassword;
const name = (label: string) =>
  singleLineText(`${label} is required`)
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`);

/**
 * An image the browser may load: an uploaded object (`/objects/<id>`) or an http(s) URL. Anything
 * else (javascript:, data:) is refused so it can never end up in an `src` attribute.
 */
export const ImageUrl = safeText()
  .trim()
  .max(2048, 'Image URL is too long')
  .refine((v) => /^\/objects\/[A-Za-z0-9-]+$/.test(v) || /^https?:\/\/[^\s]+$/i.test(v), 'Image URL must be an uploaded image or an http(s) URL');

const profileImageUrl = z
  .union([ImageUrl, z.literal(''), z.null()])
  .transform((v) => v || null)
  .optional();

export const UserCreateInput = z.object({
  email,
  password,
  firstName: name('First name'),
  lastName: name('Last name'),
  role: Role.default('subscriber'),
  title: optionalText('Title', 200),
  company: optionalText('Company', 200),
  bio: optionalText('Bio', 5000, true),
  profileImageUrl,
  isActive: z.boolean().default(true),
});
export type UserCreateInput = z.infer<typeof UserCreateInput>;

/**
 * Every field optional: only the fields sent change. A blank or absent password keeps the current
 * one (the edit dialog's 'New Password (Optional)').
 */
export const UserUpdateInput = z.object({
  email: email.optional(),
  password: z
    .union([z.literal(''), password])
    .nullable()
    .transform((v) => v || undefined)
    .optional(),
  firstName: name('First name').optional(),
  lastName: name('Last name').optional(),
  role: Role.optional(),
  title: optionalText('Title', 200),
  company: optionalText('Company', 200),
  bio: optionalText('Bio', 5000, true),
  profileImageUrl,
  isActive: z.boolean().optional(),
});
export type UserUpdateInput = z.infer<typeof UserUpdateInput>;

export const UserRoleInput = z.object({ role: Role });
export type UserRoleInput = z.infer<typeof UserRoleInput>;

export const UserStatusInput = z.object({ isActive: z.boolean({ error: 'isActive must be true or false' }) });
export type UserStatusInput = z.infer<typeof UserStatusInput>;

export const USER_SORTS = ['name', 'joined', 'lastSeen', 'posts', 'comments'] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** `GET /api/admin/users?q=&role=&active=&sort=&order=`: q matches name or email, case-insensitively. */
export const AdminUserListQuery = z.object({
  q: safeText().trim().max(200).optional().transform((v) => v || undefined),
  role: Role.optional(),
  active: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  /** The table's sortable columns; default: joined, newest first. */
  sort: z.enum(USER_SORTS, { error: `sort must be one of ${USER_SORTS.join(', ')}` }).default('joined'),
  /** Default: desc for joined and last seen (newest first) and the counts (most first), asc for name. */
  order: z.enum(['asc', 'desc'], { error: "order must be 'asc' or 'desc'" }).optional(),
});
export type AdminUserListQuery = z.infer<typeof AdminUserListQuery>;

/**
 * A row of User Management's table: the user plus when they joined, when they were last seen
 * (null: not since the column exists), their forum posts (discussions and replies) and their
 * comments (on articles and episodes).
 */
export const AdminUserRow = User.extend({
  joinedAt: Timestamp,
  lastSeenAt: Timestamp.nullable(),
  postCount: z.number().int(),
  commentCount: z.number().int(),
});
export type AdminUserRow = z.infer<typeof AdminUserRow>;

export const DeletedResponse = z.object({ ok: z.literal(true) });
export type DeletedResponse = z.infer<typeof DeletedResponse>;

// ---- invitations ------------------------------------------------------------------------------

export const InvitationCreateInput = z.object({
  email,
  role: Role.default('subscriber'),
});
export type InvitationCreateInput = z.infer<typeof InvitationCreateInput>;

export const Invitation = z.object({
  id: z.string(),
  email: z.string(),
  role: Role,
  invitedBy: z.string().nullable(),
  /** The admin who sent it (null if that account was deleted). */
  inviter: z
    .object({ id: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable(), email: z.string() })
    .nullable(),
  createdAt: Timestamp,
  acceptedAt: Timestamp.nullable(),
  revokedAt: Timestamp.nullable(),
  /** When the current invite link stops working; null when no link was ever issued (an admin must issue one). */
  expiresAt: Timestamp.nullable(),
  /** True when the invitation has no working link (expired, or never issued): it needs a new link. */
  linkExpired: z.boolean(),
});
export type Invitation = z.infer<typeof Invitation>;

/**
 * `POST /api/users/invite` and `POST /api/users/invitations/{id}/link`: the invitation and its
 * one-time link. The token in the link is shown only here; the server keeps only its hash.
 */
export const InvitationWithLink = Invitation.extend({ inviteUrl: z.string() });
export type InvitationWithLink = z.infer<typeof InvitationWithLink>;

/**
 * `POST /api/users/invite`: the invitation, its link, and whether the link was mailed to the
 * invitee (false where the site cannot send mail: the admin then passes the link on by hand).
 */
export const InvitationCreated = InvitationWithLink.extend({ mailed: z.boolean() });
export type InvitationCreated = z.infer<typeof InvitationCreated>;

export const INVITATION_MESSAGES = {
  /** Resend where the site cannot send mail (production without SMTP_URL). */
  mailUnavailable: 'This site cannot send email. Create a new link and pass it on instead.',
} as const;

/** `GET /api/invitations/{token}`: what the invite page shows before the invitee signs up. */
export const InvitationPreview = z.object({ email: z.string(), role: Role, expiresAt: Timestamp });
export type InvitationPreview = z.infer<typeof InvitationPreview>;
