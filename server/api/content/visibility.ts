import type { Knex } from 'knex';
import { toBool } from '../../db/dialect';

/*
 * What the public may open, one rule per kind (issue 20), used by the lists, the rendered pages, the
 * sitemap, member pages and show counts alike:
 *  - an article or episode is public when it is published and not archived;
 *  - a discussion is public when it is published (discussions are never archived).
 * Drafts and archived items are for editors and admins (content/policy.ts canSeeDrafts).
 */

const column = (alias: string | undefined, name: string) => (alias ? `${alias}.${name}` : name);

/** Narrows a query on news_articles or podcast_episodes to what the public may open. */
export function wherePublicContent<Q extends Knex.QueryBuilder>(q: Q, alias?: string): Q {
  q.where(column(alias, 'status'), 'published').where(column(alias, 'is_archived'), false);
  return q;
}

export function isPublicContent(row: { status: string; is_archived: unknown }): boolean {
  return row.status === 'published' && !toBool(row.is_archived);
}

/** Narrows a query on forum_discussions to what the public may open. */
export function wherePublicDiscussion<Q extends Knex.QueryBuilder>(q: Q, alias?: string): Q {
  q.where(column(alias, 'status'), 'published');
  return q;
}

export function isPublicDiscussion(row: { status: string }): boolean {
  return row.status === 'published';
}
