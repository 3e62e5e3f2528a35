import { z } from './zod';
import { safeText, Timestamp } from './common';
import { textProblem } from './text';
import { NewPassword, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT } from './auth';
import { UserUpdateInput } from './users';

/**
 * A member's own profile (`/api/profile`, the /profile screen) and the public member pages
 * (`/api/members/{id}`, /members/{id}). Decisions: docs/decisions/2026-11-25-own-profile.md and
 * docs/decisions/2026-11-25-public-member-pages.md.
 */

export const PROFILE_LIMITS = {
  /** Most expertise tags on one profile. */
  expertiseTags: 10,
  /** Longest expertise tag, in characters (after trimming). */
  expertiseTagLength: 40,
  /** Side of the square avatar the browser renders and uploads, in pixels. */
  avatarSize: 512,
  /** Articles and discussions a member page lists (the newest). */
  memberListSize: 5,
} as const;

export const TAG_MESSAGES = {
  notList: 'Expertise tags must be a list of words',
  blank: 'An expertise tag cannot be blank',
  tooLong: `An expertise tag can be at most ${PROFILE_LIMITS.expertiseTagLength} characters`,
  lineBreak: 'An expertise tag must be on one line',
  tooMany: `You can add at most ${PROFILE_LIMITS.expertiseTags} expertise tags`,
  duplicate: 'Each expertise tag can be added only once',
} as const;

/**
 * What is wrong with a new tag next to the ones already there, or undefined: the chip input asks
 * this before adding one, and the schema below applies the same rules to the whole list.
 */
export function tagProblem(tag: string, others: readonly string[]): string | undefined {
  const value = tag.trim();
  const text = textProblem(tag);
  if (text) return text;
  if (/[\r\n\t]/.test(value)) return TAG_MESSAGES.lineBreak;
  if (!value) return TAG_MESSAGES.blank;
  if (value.length > PROFILE_LIMITS.expertiseTagLength) return TAG_MESSAGES.tooLong;
  if (others.some((other) => other.trim().toLowerCase() === value.toLowerCase())) return TAG_MESSAGES.duplicate;
  return undefined;
}

/**
 * Expertise tags: trimmed, unique (ignoring case), each one line of 1–40 characters, at most 10.
 * Every message goes under `expertiseTags` itself (not `expertiseTags.3`), so the form shows it
 * under the chips.
 */
const expertiseTags = z
  .array(z.unknown(), { error: TAG_MESSAGES.notList })
  .superRefine((tags, ctx) => {
    if (tags.some((tag) => typeof tag !== 'string')) {
      ctx.addIssue({ code: 'custom', message: TAG_MESSAGES.notList });
      return;
    }
    const words = tags as string[];
    if (words.length > PROFILE_LIMITS.expertiseTags) ctx.addIssue({ code: 'custom', message: TAG_MESSAGES.tooMany });
    words.forEach((tag, index) => {
      const problem = tagProblem(tag, words.slice(0, index));
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
  })
  .transform((tags) => (tags as string[]).map((tag) => tag.trim()));

export const AVATAR_MESSAGE = 'The photo must be an image uploaded here';

/**
 * A profile photo is an image uploaded through this site (`/objects/<id>`, one of the member's
 * own: the server checks) or null to remove it. Not any URL: an outside address in an `<img>` on
 * every page a member appears on would tell that server who reads the site.
 */
const profileImageUrl = z
  .union([safeText(AVATAR_MESSAGE).trim().regex(/^\/objects\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, AVATAR_MESSAGE), z.literal(''), z.null()], { error: AVATAR_MESSAGE })
  .transform((v) => v || null);

/** Fields only an admin may change, and what the profile form says when one is sent anyway. */
export const NOT_ON_PROFILE: Record<string, string> = {
  email: 'Your email address can only be changed by an admin',
  role: 'Your role can only be changed by an admin',
  isActive: 'Only an admin can activate or deactivate an account',
  password: 'Change your password with your current password (Change password)',
  points: 'Points are awarded by the community',
  badges: 'Badges are awarded by the community',
};

const PROFILE_FIELDS = ['firstName', 'lastName', 'title', 'company', 'bio', 'expertiseTags', 'profileImageUrl'] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];

/**
 * `PATCH /api/profile`: only the fields sent change. Names, title, company and bio follow the
 * admin's user form (contracts/users.ts), so one rule holds on both screens. Any other key (email,
 * role, isActive, password …) is refused with 400 and a message under that key: nothing is written.
 */
export const ProfileUpdateInput = z
  .looseObject({
    firstName: UserUpdateInput.shape.firstName,
    lastName: UserUpdateInput.shape.lastName,
    title: UserUpdateInput.shape.title,
    company: UserUpdateInput.shape.company,
    bio: UserUpdateInput.shape.bio,
    expertiseTags: expertiseTags.optional(),
    profileImageUrl: profileImageUrl.optional(),
  })
  .superRefine((value, ctx) => {
    for (const key of Object.keys(value)) {
      if ((PROFILE_FIELDS as readonly string[]).includes(key)) continue;
      // Own keys only: 'constructor' or 'toString' must not find Object's.
      const message = Object.hasOwn(NOT_ON_PROFILE, key) ? NOT_ON_PROFILE[key] : `${key} is not a profile field`;
      ctx.addIssue({ code: 'custom', path: [key], message });
    }
  })
  .transform((value) => {
    const picked: Partial<Record<ProfileField, unknown>> = {};
    for (const key of PROFILE_FIELDS) if (value[key] !== undefined) picked[key] = value[key];
    return picked as {
      firstName?: string;
      lastName?: string;
      title?: string | null;
      company?: string | null;
      bio?: string | null;
      expertiseTags?: string[];
      profileImageUrl?: string | null;
    };
  });
export type ProfileUpdateInput = z.output<typeof ProfileUpdateInput>;

export const PASSWORD_MESSAGES = {
  currentRequired: 'Enter your current password',
  currentWrong: 'Current password is incorrect',
  tooShort: PASSWORD_TOO_SHORT,
  tooLong: PASSWORD_TOO_LONG,
  confirmMismatch: 'The passwords do not match',
  unchanged: 'The new password must be different from the current one',
} as const;

/**
 * `POST /api/profile/password`: the current password (checked by the server, 422 under
 * `currentPassword` when wrong), the new one under the registration rules, and its confirmation.
 */
export const PasswordChangeInput = z
  .object({
    currentPassword: safeText(PASSWORD_MESSAGES.currentRequired).min(1, PASSWORD_MESSAGES.currentRequired).max(200, PASSWORD_MESSAGES.tooLong),
    newPassword: NewPassword,
    confirmPassword: safeText(PASSWORD_MESSAGES.confirmMismatch),
  })
  .superRefine((value, ctx) => {
    if (value.newPassword !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORD_MESSAGES.confirmMismatch });
    }
  });
export type PasswordChangeInput = z.infer<typeof PasswordChangeInput>;

/** The answer to a password change: how many other sessions (devices) were signed out. */
export const PasswordChangeResponse = z.object({ ok: z.literal(true), endedSessions: z.number().int() });
export type PasswordChangeResponse = z.infer<typeof PasswordChangeResponse>;

// ---------------------------------------------------------------- public member pages

/**
 * A member as anyone may see them: never the email (not even its first part), role, active flag,
 * sessions or anything about invitations. Only active members have one.
 */
export const MemberRef = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  title: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type MemberRef = z.infer<typeof MemberRef>;

export const MemberArticle = z.object({
  id: z.string(),
  title: z.string(),
  publishedAt: Timestamp.nullable(),
  commentCount: z.number().int(),
  likes: z.number().int(),
});
export type MemberArticle = z.infer<typeof MemberArticle>;

export const MemberDiscussion = z.object({
  id: z.string(),
  title: z.string(),
  replyCount: z.number().int(),
  likes: z.number().int(),
  createdAt: Timestamp,
});
export type MemberDiscussion = z.infer<typeof MemberDiscussion>;

/** `GET /api/members/{id}`: the public page of an active member, with their newest published work. */
export const MemberProfile = MemberRef.extend({
  company: z.string().nullable(),
  bio: z.string().nullable(),
  expertiseTags: z.array(z.string()),
  badges: z.array(z.string()),
  points: z.number().int(),
  joinedAt: Timestamp,
  /** All their published, non-archived articles; `articles` holds the newest few. */
  articleCount: z.number().int(),
  /** All their published discussions; `discussions` holds the newest few. */
  discussionCount: z.number().int(),
  articles: z.array(MemberArticle),
  discussions: z.array(MemberDiscussion),
});
export type MemberProfile = z.infer<typeof MemberProfile>;
