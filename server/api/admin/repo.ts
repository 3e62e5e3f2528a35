import type { Knex } from 'knex';
import type { RebuildCounts } from '../../../contracts/admin';
import { SITE_RESET_SESSION_END } from '../../../contracts/admin';
import { toInt } from '../../db/dialect';
import { hasContent, seedSampleData } from '../../db/seed/index';
import { recordEvent, type EventActor } from '../../events/index';
import { SESSION_MAX_AGE_MS } from '../../middleware/session';
import type { ObjectStorage } from '../../storage/index';

/**
 * Tables emptied by a forced rebuild, children before parents. Menu settings, sessions of the kept
 * accounts and uploaded objects are not touched.
 */
const CONTENT_TABLES = [
  'user_interactions',
  'polls',
  'news_comments',
  'article_categories',
  'podcast_categories',
  'discussion_news_categories',
  'forum_replies',
  'forum_discussions',
  'forum_categories',
  'news_articles',
  'podcast_episodes',
  'podcast_shows',
  'resources',
  'news_categories',
  'user_invitations',
] as const;

/** How long a deleted member's session is kept as a "the site was reset" marker (docs/decisions/2026-11-28-rebuild-session-marker.md). */
export const RESET_MARKER_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type RebuildResult = { kind: 'already-seeded' } | { kind: 'seeded'; deleted?: RebuildCounts };

/** What a forced rebuild deletes, one count per kind (eight small counts, each on an id or an index). */
export async function countRebuildTargets(db: Knex | Knex.Transaction): Promise<RebuildCounts> {
  const count = async (q: Knex.QueryBuilder) => toInt((await q.count({ n: '*' }).first())?.n);
  // One after another: in a transaction they share one connection.
  const articles = await count(db('news_articles'));
  const episodes = await count(db('podcast_episodes'));
  const shows = await count(db('podcast_shows'));
  const resources = await count(db('resources'));
  const discussions = await count(db('forum_discussions'));
  const replies = await count(db('forum_replies'));
  const articleComments = await count(db('news_comments'));
  const episodeComments = await count(db('podcast_comments'));
  const members = await count(db('users').whereNot('role', 'admin'));
  return { articles, episodes, shows, resources, discussions, replies, comments: articleComments + episodeComments, members };
}

/**
 * The admin panel's 'Rebuild DB'. Without `force`, a database that already has content is left
 * alone. With `force`, all content (articles, podcasts, resources, forums, comments, likes, polls,
 * news categories, podcast shows, invitations) and every non-admin account are deleted and the sample data is
 * inserted, in ONE transaction with its audit entry: a failure leaves the old data intact. Admin
 * accounts are kept with their sessions, so the admin who asked stays signed in; the sample data
 * reuses an existing account with a demo email rather than duplicating it.
 *
 * The deleted members' sessions are not deleted with them: each becomes a marker with no user,
 * which the session middleware turns into "The site's data was reset" on that browser's next request.
 */
export async function rebuildSampleData(
  db: Knex,
  { force, storage, actor, now = Date.now }: { force: boolean; storage: ObjectStorage; actor: EventActor; now?: () => number },
): Promise<RebuildResult> {
  return db.transaction(async (trx) => {
    if (!force && (await hasContent(trx))) return { kind: 'already-seeded' };
    let deleted: RebuildCounts | undefined;
    if (force) {
      deleted = await countRebuildTargets(trx);
      const expire = now() + RESET_MARKER_TTL_MS;
      await trx('sessions')
        .whereIn('user_id', trx('users').whereNot('role', 'admin').select('id'))
        .update({
          user_id: null,
          // _expire/_maxAge: koa-session's own fields, without which it ignores the row.
          sess: JSON.stringify({ endedBy: SITE_RESET_SESSION_END, _expire: expire, _maxAge: SESSION_MAX_AGE_MS }),
          expire: new Date(expire).toISOString(),
        });
      for (const table of CONTENT_TABLES) await trx(table).delete();
      // Their likes and pending uploads go by FK cascade; authored content is gone already.
      await trx('users').whereNot('role', 'admin').delete();
    }
    await seedSampleData(trx, { storage });
    await recordEvent(trx, { type: 'site.seeded', actor, deleted });
    return { kind: 'seeded', deleted };
  });
}
