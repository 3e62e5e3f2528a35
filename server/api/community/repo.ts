import type { Knex } from 'knex';
import type { CommunityStats } from '../../../contracts/community';
import { toInt } from '../../db/dialect';
import { whereListedPublicly, wherePublished } from '../content/visibility';
import type { ContributorRow } from './presenter';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Active users ranked by points (highest first); ties by first name, then last name
 * (case-insensitive, missing names last), then id, so the order is the same on both databases.
 */
export async function listContributors(db: Knex, limit: number): Promise<ContributorRow[]> {
  return db<ContributorRow>('users')
    .where('is_active', true)
    .select('id', 'first_name', 'last_name', 'profile_image_url', 'title', 'company', 'expertise_tags', 'points')
    .orderBy('points', 'desc')
    // Constant SQL, no input: lower() makes the tie-break collation-independent, and NULLS LAST
    // (PostgreSQL; SQLite ≥ 3.30) puts nameless accounts after named ones on both engines.
    .orderByRaw('lower(first_name) asc nulls last, lower(last_name) asc nulls last')
    .orderBy('id', 'asc')
    .limit(limit);
}

/**
 * The community stats tiles, computed from live data in ONE query (six scalar subqueries):
 * - activeMembers: users whose account is active (is_active = true).
 * - discussionsThisWeek: published forum discussions created in the last 7 days (rolling, from now).
 * - questionsAnswered: published forum discussions with a reply marked as the answer (Solved).
 * - resourcesShared: all resources in the library.
 * - podcastListeners: total plays (sum of play_count) over published podcast episodes, archived included.
 * - certificationsEarned: total downloads (sum of download_count) of resources of type 'certification'.
 */
export async function communityStats(db: Knex): Promise<CommunityStats> {
  const weekAgo = new Date(Date.now() - 7 * DAY_MS).toISOString();
  const publishedDiscussions = () => whereListedPublicly(db('forum_discussions as d'), 'discussion', 'd');
  const row = await db
    .select({
      activeMembers: db('users').where('is_active', true).count('*'),
      discussionsThisWeek: publishedDiscussions().where('d.created_at', '>=', weekAgo).count('*'),
      questionsAnswered: publishedDiscussions().whereNotNull('d.answer_reply_id').count('*'),
      resourcesShared: db('resources').count('*'),
      podcastListeners: wherePublished(db('podcast_episodes')).sum('play_count'),
      certificationsEarned: db('resources').where('type', 'certification').sum('download_count'),
    })
    .first();
  return {
    activeMembers: toInt(row?.activeMembers),
    discussionsThisWeek: toInt(row?.discussionsThisWeek),
    questionsAnswered: toInt(row?.questionsAnswered),
    resourcesShared: toInt(row?.resourcesShared),
    podcastListeners: toInt(row?.podcastListeners),
    certificationsEarned: toInt(row?.certificationsEarned),
  };
}
