import type Router from '@koa/router';
import type { Knex } from 'knex';
import { caseSensitiveRouter } from '../../middleware/canonical-path';
import { currentUser, requireUser } from '../../middleware/auth';
import { unauthorized } from '../../errors';
import { toIso } from '../../db/dialect';
import { HOME_LIMITS, UP_NEXT_DAYS, type Home, type HomeItem } from '../../../contracts/home';
import { countedToday, findSettings } from '../cpd/repo';
import { minutesOf, presentSettings } from '../cpd/presenter';
import * as repo from './repo';
import { presentArticle, presentDiscussion, presentEpisode, reasons } from './presenter';

const DAY_MS = 86_400_000;

const newestFirst = (a: { at: string }, b: { at: string }) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0);

/** Keeps the first of each item (articles and episodes apart), leaving out those already shown. */
function distinct(items: HomeItem[], shown: Set<string>, limit: number): HomeItem[] {
  const out: HomeItem[] = [];
  for (const item of items) {
    const key = `${item.kind}:${item.id}`;
    if (shown.has(key)) continue;
    shown.add(key);
    out.push(item);
    if (out.length === limit) break;
  }
  return out;
}

const byPublished = (items: HomeItem[]) => items.map((item) => ({ at: item.publishedAt ?? '', item })).sort(newestFirst).map((x) => x.item);

/**
 * `GET /api/home`: the signed-in member's home, every section from one request at a constant
 * number of queries (docs/home.md). Private and never cached by anyone but the member's device.
 */
export function homeRoutes(db: Knex, clock: () => number): Router {
  const router = caseSensitiveRouter('/api');

  router.get('/home', requireUser, async (ctx) => {
    const userId = currentUser(ctx).id;
    const member = await repo.findMember(db, userId);
    if (!member) throw unauthorized();
    const nowMs = clock();
    const since = toIso(member.previous_visit_at) ?? toIso(member.created_at)!;
    const lookBack = new Date(nowMs - UP_NEXT_DAYS * DAY_MS).toISOString();
    const upNextSince = since < lookBack ? since : lookBack;

    const [reading, listening] = [await repo.articlesInProgress(db, userId, HOME_LIMITS.continue), await repo.episodesInProgress(db, userId, HOME_LIMITS.continue)];
    const continuing = [
      ...reading.map((r) => ({ at: toIso(r.touched_at) ?? '', item: presentArticle(r, reasons.reading()) })),
      ...listening.map((r) => ({ at: toIso(r.touched_at) ?? '', item: presentEpisode(r, reasons.listening()) })),
    ]
      .sort(newestFirst)
      .slice(0, HOME_LIMITS.continue)
      .map((x) => x.item);

    // An item shows once on the home, in the first section that has it.
    const shown = new Set(continuing.map((i) => `${i.kind}:${i.id}`));
    const upNext = distinct(
      (await repo.followedShowEpisodes(db, userId, upNextSince, HOME_LIMITS.upNext, { unstarted: true })).map((r) => presentEpisode(r, reasons.followedShow(r.reason_name ?? ''))),
      shown,
      HOME_LIMITS.upNext,
    );
    // Twice the limit: an item in two followed categories comes twice. An episode of a followed show
    // says so before its category does (the stronger reason: the member chose the show itself).
    const [newArticles, newEpisodes, newCategoryEpisodes] = [
      await repo.followedCategoryPosts(db, 'article', userId, since, HOME_LIMITS.newSinceLastVisit * 2),
      await repo.followedShowEpisodes(db, userId, since, HOME_LIMITS.newSinceLastVisit),
      await repo.followedCategoryPosts(db, 'episode', userId, since, HOME_LIMITS.newSinceLastVisit * 2),
    ];
    const newSinceLastVisit = distinct(
      byPublished([
        ...newArticles.map((r) => presentArticle(r, reasons.followedCategory(r.reason_name ?? ''))),
        ...newEpisodes.map((r) => presentEpisode(r, reasons.followedShow(r.reason_name ?? ''))),
        ...newCategoryEpisodes.map((r) => presentEpisode(r, reasons.followedCategory(r.reason_name ?? ''))),
      ]),
      shown,
      HOME_LIMITS.newSinceLastVisit,
    );
    // Enough to fill the section after leaving out what the sections above already show.
    const latestLimit = HOME_LIMITS.latest + HOME_LIMITS.continue + HOME_LIMITS.upNext + HOME_LIMITS.newSinceLastVisit;
    const [latestA, latestE] = [await repo.latestPosts(db, 'article', userId, latestLimit), await repo.latestPosts(db, 'episode', userId, latestLimit)];
    const latest = distinct(byPublished([...latestA.map((r) => presentArticle(r, reasons.latest())), ...latestE.map((r) => presentEpisode(r, reasons.latest()))]), shown, HOME_LIMITS.latest);

    const discussionRows = await repo.memberDiscussions(db, userId, HOME_LIMITS.discussions);
    const unread = await repo.unreadCounts(db, userId, discussionRows.map((d) => d.id));
    const discussions = discussionRows.map((d) => presentDiscussion(d, userId, unread.get(d.id) ?? 0));

    const saved = { count: await repo.savedCount(db, userId), items: (await repo.savedArticles(db, userId, HOME_LIMITS.saved)).map((r) => presentArticle(r, reasons.saved())) };

    const settings = presentSettings(await findSettings(db, userId));
    const cpdMinutesToday = settings.trackingPaused ? null : minutesOf(await countedToday(db, userId, nowMs));

    const body: Home = { since, continue: continuing, upNext, newSinceLastVisit, latest, discussions, saved, cpdMinutesToday, generatedAt: new Date(nowMs).toISOString() };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });

  return router;
}
