import type { Knex } from 'knex';
import { hasContent, seedSampleData } from '../../db/seed/index';
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

export type RebuildResult = 'already-seeded' | 'seeded';

/**
 * The admin panel's 'Rebuild DB'. Without `force`, a database that already has content is left
 * alone. With `force`, all content (articles, podcasts, resources, forums, comments, likes, polls,
 * news categories, podcast shows, invitations) and every non-admin account are deleted and the sample data is
 * inserted, in ONE transaction: a failure leaves the old data intact. Admin accounts are kept with
 * their sessions, so the admin who asked stays signed in; the sample data reuses an existing account
 * with a demo email rather than duplicating it.
 */
export async function rebuildSampleData(db: Knex, { force, storage }: { force: boolean; storage: ObjectStorage }): Promise<RebuildResult> {
  return db.transaction(async (trx) => {
    if (!force && (await hasContent(trx))) return 'already-seeded';
    if (force) {
      for (const table of CONTENT_TABLES) await trx(table).delete();
      // Their sessions, likes and pending uploads go by FK cascade; authored content is gone already.
      await trx('users').whereNot('role', 'admin').delete();
    }
    await seedSampleData(trx, { storage });
    return 'seeded';
  });
}
