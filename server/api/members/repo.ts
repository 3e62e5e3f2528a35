import type { Knex } from 'knex';
import { escapeLike } from '../../db/escape-like';
import { whereListedPublicly } from '../content/visibility';
import type { MemberArticleRow, MemberDiscussionRow, MemberRefRow, MemberRow } from './presenter';

/** What a member page counts and lists as their work: what any visitor can open. */
const publishedArticles = (db: Knex) => whereListedPublicly(db('news_articles'), 'article');
const publishedDiscussions = (db: Knex) => whereListedPublicly(db('forum_discussions'), 'discussion');

const REF_COLUMNS = ['id', 'first_name', 'last_name', 'title', 'profile_image_url'] as const;

/**
 * One member's public columns and the totals of their published work, in ONE query (two scalar
 * subqueries on the indexed `author_id`). `is_active` comes along only for the policy's decision.
 */
export async function findMember(db: Knex, id: string): Promise<MemberRow | undefined> {
  return db('users as u')
    .where('u.id', id)
    .first(
      ...REF_COLUMNS.map((column) => `u.${column}`),
      'u.company',
      'u.bio',
      'u.expertise_tags',
      'u.badges',
      'u.points',
      'u.created_at',
      'u.is_active',
      publishedArticles(db).where('author_id', db.ref('u.id')).count('*').as('article_count'),
      publishedDiscussions(db).where('author_id', db.ref('u.id')).count('*').as('discussion_count'),
    );
}

/** The member's newest published, non-archived articles: one query whatever their number. */
export async function newestArticles(db: Knex, authorId: string, limit: number): Promise<MemberArticleRow[]> {
  return publishedArticles(db)
    .where({ author_id: authorId })
    .orderBy([
      { column: 'published_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit)
    .select('id', 'title', 'published_at', 'comment_count', 'likes');
}

/** The member's newest published discussions: one query whatever their number. */
export async function newestDiscussions(db: Knex, authorId: string, limit: number): Promise<MemberDiscussionRow[]> {
  return publishedDiscussions(db)
    .where({ author_id: authorId })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit)
    .select('id', 'title', 'reply_count', 'likes', 'created_at');
}

/**
 * Bylines for a batch of authors in one query: only members with a public page (active), so a
 * byline never links to a page that is not there.
 */
export async function activeMemberRefs(db: Knex, ids: Array<string | null | undefined>): Promise<Map<string, MemberRefRow>> {
  const unique = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (!unique.length) return new Map();
  const rows: MemberRefRow[] = await db('users')
    .whereIn('id', unique)
    .where('is_active', true)
    .select(...REF_COLUMNS);
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Members whose first or last name starts with `prefix` (any case), for the mention autocomplete:
 * active only, public columns, up to `limit`. The lower() expression indexes of migration
 * 20261127000000_notifications serve the match.
 */
export async function mentionCandidates(db: Knex, prefix: string, limit: number): Promise<MemberRefRow[]> {
  // LIKE's wildcards in what the member typed are literal characters.
  const pattern = `${escapeLike(prefix.toLowerCase())}%`;
  return db('users')
    .where('is_active', true)
    .andWhere((w) => w.whereRaw("lower(first_name) like ? escape '\\'", [pattern]).orWhereRaw("lower(last_name) like ? escape '\\'", [pattern]))
    .orderBy([{ column: 'first_name' }, { column: 'last_name' }, { column: 'id' }])
    .limit(limit)
    .select(...REF_COLUMNS);
}
