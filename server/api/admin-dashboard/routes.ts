import type Router from '@koa/router';
import { caseSensitiveRouter } from '../../middleware/canonical-path';
import type { Knex } from 'knex';
import { CONTENT_EDITORS } from '../../../contracts/constants';
import { DashboardQuery, type Dashboard } from '../../../contracts/dashboard';
import { currentUser, requireRole } from '../../middleware/auth';
import { validateQuery } from '../../middleware/validate';
import { seesMembers } from './policy';
import { presentDaily, presentMembers, presentSignup } from './presenter';
import * as repo from './repo';

const TOP = 5;
const NEWEST = 5;
const SCHEDULED = 10;

/**
 * GET /api/admin/dashboard?days=7|30|90: the admin's overview. Not cached by shared caches: the
 * answer is private to the staff member (`private`); the app's response cache keeps it per viewer
 * (id and role in its key) and empties it on every write, in this process and the others.
 */
export function adminDashboardRoutes(db: Knex, clock: () => number): Router {
  const router = caseSensitiveRouter('/api/admin/dashboard');

  router.get('/', requireRole(...CONTENT_EDITORS), validateQuery(DashboardQuery), async (ctx) => {
    const members = seesMembers(currentUser(ctx).role);
    const p = repo.periodOf(ctx.state.query.days, clock());
    const [memberDays, articles, episodes, comments, replies, plays, likes, topArticles, topEpisodes, drafts, scheduled, signups] = await Promise.all([
      members ? repo.memberDays(db, p) : undefined,
      repo.publishedDays(db, 'news_articles', p),
      repo.publishedDays(db, 'podcast_episodes', p),
      repo.commentDays(db, p),
      repo.replyDays(db, p),
      repo.playDays(db, p),
      repo.likeDays(db, p),
      repo.topArticles(db, p, TOP),
      repo.topEpisodes(db, p, TOP),
      repo.drafts(db, NEWEST),
      repo.scheduled(db, SCHEDULED),
      members ? repo.recentSignups(db, NEWEST) : undefined,
    ]);
    const body: Dashboard = {
      days: p.days,
      dates: p.dates,
      previousDates: p.previousDates,
      metrics: [
        ...(memberDays ? [presentMembers(memberDays, p), presentDaily('newMembers', memberDays, p)] : []),
        presentDaily('articles', articles, p),
        presentDaily('episodes', episodes, p),
        presentDaily('comments', comments, p),
        presentDaily('replies', replies, p),
        presentDaily('plays', plays, p),
        presentDaily('likes', likes, p),
      ],
      topArticles,
      topEpisodes,
      drafts,
      scheduled,
      recentSignups: signups ? signups.map(presentSignup) : null,
    };
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.body = body;
  });

  return router;
}
