import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import type { Role } from '../../../contracts/common';
import type { UserSort } from '../../../contracts/users';
import { ilike, now } from '../../db/dialect';
import { escapeLike } from '../../db/escape-like';
import { likeRefOf, recordEvent } from '../../events/index';
import type { AuthorRow, UserRow } from './presenter';

export async function findUserById(db: Knex, id: string): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ id }).first();
}

export async function findUserByEmail(db: Knex, email: string): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ email: email.toLowerCase() }).first();
}

export interface NewUser {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  role?: Role;
  isActive?: boolean;
  title?: string | null;
  company?: string | null;
  bio?: string | null;
  profileImageUrl?: string | null;
  /** When the address was proved (ISO); absent or null: unconfirmed (docs/security.md §13). */
  emailConfirmedAt?: string | null;
}

export async function insertUser(db: Knex, user: NewUser): Promise<UserRow> {
  const ts = now();
  const row = {
    id: uuidv7(),
    email: user.email.toLowerCase(),
    password_hash: user.passwordHash,
    first_name: user.firstName,
    last_name: user.lastName,
    role: user.role ?? 'subscriber',
    is_active: user.isActive ?? true,
    title: user.title ?? null,
    company: user.company ?? null,
    bio: user.bio ?? null,
    profile_image_url: user.profileImageUrl ?? null,
    email_confirmed_at: user.emailConfirmedAt ?? null,
    expertise_tags: '[]',
    badges: '[]',
    created_at: ts,
    updated_at: ts,
  };
  await db('users').insert(row);
  return (await findUserById(db, row.id))!;
}

/** Authors for a batch of rows in one query (never one per row). */
export async function authorsByIds(db: Knex, ids: Array<string | null | undefined>): Promise<Map<string, AuthorRow>> {
  const unique = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (!unique.length) return new Map();
  const rows = await db<AuthorRow>('users')
    .whereIn('id', unique)
    .select('id', 'first_name', 'last_name', 'email', 'title', 'profile_image_url');
  return new Map(rows.map((r) => [r.id, r]));
}

export interface UserListFilter {
  /** Substring of first name, last name, full name or email, case-insensitive. */
  q?: string;
  role?: Role;
  active?: boolean;
}

/** Newest first. One query; the user table is small enough that the admin screens list it whole. */
export async function listUsers(db: Knex, filter: UserListFilter = {}): Promise<UserRow[]> {
  return filtered(db, db<UserRow>('users'), filter).orderBy([
    { column: 'created_at', order: 'desc' },
    { column: 'id', order: 'desc' },
  ]);
}

function filtered<Q extends Knex.QueryBuilder>(db: Knex, q: Q, filter: UserListFilter): Q {
  if (filter.role) q.where('users.role', filter.role);
  if (filter.active !== undefined) q.where('users.is_active', filter.active);
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    // An explicit ESCAPE: SQLite's LIKE has no default escape character.
    const matches = `${ilike(db)} ? escape '\\'`;
    q.where((w) => {
      w.whereRaw(`users.email ${matches}`, [pattern])
        .orWhereRaw(`users.first_name ${matches}`, [pattern])
        .orWhereRaw(`users.last_name ${matches}`, [pattern])
        // "Ada Love" finds Ada Lovelace.
        .orWhereRaw(`(coalesce(users.first_name, '') || ' ' || coalesce(users.last_name, '')) ${matches}`, [pattern]);
    });
  }
  return q;
}

export type UserActivityRow = UserRow & { post_count: unknown; comment_count: unknown };

export interface UserActivityQuery extends UserListFilter {
  sort: UserSort;
  order?: 'asc' | 'desc';
}

/**
 * User Management's table: the users with their forum posts (discussions + replies) and comments
 * (articles + episodes), sorted by any column. ONE query: each count is a grouped subquery over
 * its table's author_id index, joined once (never a query per row).
 */
export async function listUsersWithActivity(db: Knex, query: UserActivityQuery): Promise<UserActivityRow[]> {
  const perAuthor = (table: string) => db(table).select('author_id').count({ n: '*' }).whereNotNull('author_id').groupBy('author_id');
  const q = db('users')
    .leftJoin(perAuthor('forum_discussions').as('d'), 'd.author_id', 'users.id')
    .leftJoin(perAuthor('forum_replies').as('r'), 'r.author_id', 'users.id')
    .leftJoin(perAuthor('news_comments').as('ac'), 'ac.author_id', 'users.id')
    .leftJoin(perAuthor('podcast_comments').as('ec'), 'ec.author_id', 'users.id')
    .select(
      'users.*',
      db.raw('coalesce(d.n, 0) + coalesce(r.n, 0) as post_count'),
      db.raw('coalesce(ac.n, 0) + coalesce(ec.n, 0) as comment_count'),
    );
  filtered(db, q, query);
  const order = query.order ?? (query.sort === 'name' ? 'asc' : 'desc');
  const dir = order === 'asc' ? 'asc' : 'desc';
  switch (query.sort) {
    case 'name':
      q.orderByRaw(`lower(coalesce(users.first_name, '') || ' ' || coalesce(users.last_name, '')) ${dir}`).orderBy('users.email', dir);
      break;
    case 'lastSeen':
      // Never seen sorts last either way: "last seen" asks about the ones who were.
      q.orderByRaw('(case when users.last_seen_at is null then 1 else 0 end) asc').orderBy('users.last_seen_at', dir);
      break;
    case 'posts':
      q.orderByRaw(`coalesce(d.n, 0) + coalesce(r.n, 0) ${dir}`);
      break;
    case 'comments':
      q.orderByRaw(`coalesce(ac.n, 0) + coalesce(ec.n, 0) ${dir}`);
      break;
    case 'joined':
      break;
  }
  // Ties (and 'joined' itself) by sign-up time, then id: a stable order across pages of equal rows.
  return q.orderBy([
    { column: 'users.created_at', order: query.sort === 'joined' ? dir : 'desc' },
    { column: 'users.id', order: query.sort === 'joined' ? dir : 'desc' },
  ]);
}

/** `%`, `_` and `\` in a search term match themselves. */
/** Column values for an update; absent keys are left alone. */
export type UserPatch = Partial<NewUser>;

export async function updateUserRow(db: Knex, id: string, patch: UserPatch): Promise<UserRow | undefined> {
  const columns: Record<string, unknown> = {
    email: patch.email?.toLowerCase(),
    password_hash: patch.passwordHash,
    first_name: patch.firstName,
    last_name: patch.lastName,
    role: patch.role,
    is_active: patch.isActive,
    title: patch.title,
    company: patch.company,
    bio: patch.bio,
    profile_image_url: patch.profileImageUrl,
    email_confirmed_at: patch.emailConfirmedAt,
  };
  const changes = Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
  await db('users')
    .where({ id })
    .update({ ...changes, updated_at: now() });
  return findUserById(db, id);
}

/** Reads a user and, on PostgreSQL, locks the row until the transaction ends (SQLite has one writer anyway). */
export async function lockUser(trx: Knex.Transaction, id: string): Promise<UserRow | undefined> {
  return trx<UserRow>('users').where({ id }).forUpdate().first();
}

/**
 * Ids of the active admins, locked: two transactions that would each remove a different admin run
 * one after the other, so "at least one active admin" cannot be broken by a race.
 */
export async function lockActiveAdminIds(trx: Knex.Transaction): Promise<string[]> {
  const rows = await trx('users').where({ role: 'admin', is_active: true }).orderBy('id').forUpdate().select('id');
  return rows.map((r: { id: string }) => r.id);
}

/**
 * Like counters kept on the liked rows, by `user_interactions.target_type`. A user's likes are
 * removed with the user (FK cascade), so these counters must be decremented in the same transaction.
 */
const LIKE_COUNTER_TABLES: Record<string, string> = {
  article: 'news_articles',
  podcast: 'podcast_episodes',
};

/**
 * Deletes a user but keeps what they wrote: the schema sets `author_id` to NULL on articles,
 * comments, discussions, replies, resources and podcasts (the client shows 'Unknown User'), and
 * `invited_by` / `created_by` likewise. Their sessions and interactions go with them (FK cascade);
 * because a like is also counted in `news_articles.likes` / `podcast_episodes.likes`, each liked
 * item's counter is decremented here, in the caller's transaction, before the cascade removes the
 * like rows. Call with the user row already locked (see lockUser) so no like can slip in between.
 */
export async function deleteUserKeepingContent(trx: Knex.Transaction, id: string): Promise<void> {
  const likes: { target_type: string; target_id: string; created_at: unknown }[] = await trx('user_interactions')
    .where({ user_id: id, interaction_type: 'like' })
    .whereIn('target_type', Object.keys(LIKE_COUNTER_TABLES))
    .select('target_type', 'target_id', 'created_at');
  await recordEvent(trx, { type: 'likes.removed', likes: likes.map(likeRefOf) });
  for (const [targetType, table] of Object.entries(LIKE_COUNTER_TABLES)) {
    const ids = likes.filter((l) => l.target_type === targetType).map((l) => l.target_id);
    // One like per user and item (unique index), so each liked item loses exactly one.
    for (let i = 0; i < ids.length; i += 500) {
      await trx(table)
        .whereIn('id', ids.slice(i, i + 500))
        .update({ likes: trx.raw('case when likes > 0 then likes - 1 else 0 end') });
    }
  }
  await trx('users').where({ id }).delete();
}
