import type { User } from '../../../contracts/auth';
import type { AdminUserRow } from '../../../contracts/users';
import type { Role } from '../../../contracts/common';
import { fromJson, toBool, toInt, toIso } from '../../db/dialect';

export interface UserRow {
  id: string;
  email: string;
  password_hash: string | null;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  expertise_tags: unknown;
  title: string | null;
  company: string | null;
  bio: string | null;
  points: number;
  badges: unknown;
  role: string;
  is_active: unknown;
  two_factor_enabled_at: unknown;
  /** When the current address was confirmed; null while it is not (docs/security.md §13). */
  email_confirmed_at?: unknown;
  /** Written by the session middleware at most every 5 minutes; null until the user is first seen. */
  last_seen_at?: unknown;
  created_at: unknown;
  updated_at: unknown;
}

/** The only way a user leaves the server: picks fields, never the password hash. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    profileImageUrl: row.profile_image_url,
    expertiseTags: fromJson<string[]>(row.expertise_tags, []),
    title: row.title,
    company: row.company,
    bio: row.bio,
    points: Number(row.points) || 0,
    badges: fromJson<string[]>(row.badges, []),
    role: row.role as Role,
    isActive: toBool(row.is_active),
    twoFactorEnabled: Boolean(row.two_factor_enabled_at),
    emailConfirmed: Boolean(row.email_confirmed_at),
    createdAt: toIso(row.created_at)!,
    updatedAt: toIso(row.updated_at)!,
  };
}

/** A row of User Management's table: the user with joined, last seen and activity counts. */
export function presentAdminUserRow(row: UserRow & { post_count: unknown; comment_count: unknown }): AdminUserRow {
  const user = presentUser(row);
  return {
    ...user,
    joinedAt: user.createdAt,
    lastSeenAt: toIso(row.last_seen_at),
    postCount: toInt(row.post_count),
    commentCount: toInt(row.comment_count),
  };
}

/**
 * The small author object embedded in comments, discussions and replies. Content is public, so the
 * author's address is not: `email` carries only the part before the @, enough for the spec's
 * name fallback (first + last, else email) and avatar initials without exposing a mailbox.
 */
export interface AuthorRow {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  title: string | null;
  profile_image_url: string | null;
}

export function presentAuthor(row: AuthorRow | undefined) {
  if (!row) return null;
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email.split('@')[0],
    title: row.title,
    profileImageUrl: row.profile_image_url,
  };
}
