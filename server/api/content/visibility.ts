import type { Knex } from 'knex';
import { toBool } from '../../db/dialect';
import { whereNotHidden } from '../moderation/visibility';

/*
 * What the public may open, one rule per kind, used by the lists, the rendered pages, the
 * sitemap, member pages and show counts alike:
 *  - an article or episode is public when it is published and not archived;
 *  - a discussion is public when it is published (discussions are never archived) and not hidden by
 *    a moderator (issue 36, server/api/moderation/visibility.ts).
 * Drafts and archived items are for editors and admins (content/policy.ts canSeeDrafts). Search
 * indexes the same rule as SQL (server/search/documents.ts).
 */

const column = (alias: string | undefined, name: string) => (alias ? `${alias}.${name}` : name);

/** Not a draft: the status every kind with one (articles, episodes, discussions) is public in. */
const PUBLISHED = 'published';

/** Narrows a query on a table with a `status` to its published rows. */
export function wherePublished<Q extends Knex.QueryBuilder>(q: Q, alias?: string): Q {
  q.where(column(alias, 'status'), PUBLISHED);
  return q;
}

export function isPublished(row: { status?: unknown }): boolean {
  return row.status === PUBLISHED;
}

/** Narrows a query on news_articles or podcast_episodes to what the public may open. */
export function wherePublicContent<Q extends Knex.QueryBuilder>(q: Q, alias?: string): Q {
  wherePublished(q, alias).where(column(alias, 'is_archived'), false);
  return q;
}

export function isPublicContent(row: { status: string; is_archived: unknown }): boolean {
  return isPublished(row) && !toBool(row.is_archived);
}

/** Narrows a query on forum_discussions to what the public may open. */
export function wherePublicDiscussion<Q extends Knex.QueryBuilder>(q: Q, alias?: string): Q {
  return whereNotHidden(wherePublished(q, alias), alias);
}

export function isPublicDiscussion(row: { status: string }): boolean {
  return isPublished(row);
}
