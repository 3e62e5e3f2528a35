import type Router from '@koa/router';
import { caseSensitiveRouter } from '../../middleware/canonical-path';
import type { Knex } from 'knex';
import { CONTENT_EDITORS } from '../../../contracts/constants';
import { ContentListQuery } from '../../../contracts/news';
import type Koa from 'koa';
import { PodcastCreateInput, PodcastListQuery, PodcastPatchInput, type PlayResponse } from '../../../contracts/podcasts';
import { notFound } from '../../errors';
import { requireRole } from '../../middleware/auth';
import { validateBody, validateQuery, type WithQuery } from '../../middleware/validate';
import { createHandler, deleteHandler, findVisibleContent, itemId, listHandler, presentOne, updateHandler } from '../content/handlers';
import { contentChangeNotice } from '../content/changes';
import type { SiteInfo } from '../../site';
import { PODCASTS } from '../content/kinds';
import { mountContentToggles } from '../content/routes';
import { ipKey } from '../../middleware/rate-limit';
import type { WriteLimiter } from '../../middleware/write-limits';
import { commentHandlers } from '../comments/handlers';
import { mountCommentRoutes } from '../comments/routes';
import { EPISODE_COMMENTS } from '../comments/targets';
import { findShowBySlug } from '../podcast-shows/repo';
import { episodeAudio } from './audio';
import { episodeChapters } from './chapters';
import { episodePlacement } from './placement';
import { presentPodcast, presentPodcastDetail } from './presenter';
import { podcastWrite, recordPlay, type PodcastRow } from './repo';
import { CHAPTERS_TYPE, TRANSCRIPT_TEXT_TYPE, TRANSCRIPT_VTT_TYPE } from './files';
import { toWebVtt, transcriptText, type Chapter, type TranscriptCue } from '../../../contracts/transcripts';
import { fromJson } from '../../db/dialect';
import { isListedPublicly } from '../content/visibility';
import { latest, sendCacheable } from '../../site';

const editors = requireRole(...CONTENT_EDITORS);

/** `?show=<slug>`: resolves the show for the list's filter; an unknown show has no episodes. */
function showFilter(db: Knex): WithQuery<PodcastListQuery> {
  return async (ctx, next) => {
    const { show } = ctx.state.query;
    if (show === undefined) return next();
    const row = await findShowBySlug(db, show);
    if (!row) {
      ctx.set('Cache-Control', 'private, no-cache');
      ctx.body = [];
      return;
    }
    ctx.state.showId = row.id;
    return next();
  };
}
const byShow = (ctx: Koa.Context) => (ctx.state.showId ? { show_id: ctx.state.showId as string } : undefined);

/** /api/podcasts (spec 7 Podcasts, except PUT /api/podcasts/audio which belongs to uploads). */
export function podcastRoutes(db: Knex, limits: WriteLimiter, site: Pick<SiteInfo, 'publicUrl'>, clock: () => number = Date.now): Router {
  const router = caseSensitiveRouter('/api/podcasts');
  // Publishing, archiving and featuring are written to the audit log (content/changes.ts).
  const episodeNotice = contentChangeNotice(PODCASTS, site);

  router.get('/', validateQuery(PodcastListQuery), showFilter(db), listHandler(db, PODCASTS, presentPodcast, { where: byShow }));
  // Featured, visible, non-archived episodes; takes the list's query (limit, categories).
  router.get('/featured', validateQuery(ContentListQuery.omit({ archivedOnly: true })), listHandler(db, PODCASTS, presentPodcast, { featuredOnly: true }));
  router.post('/', editors, validateBody(PodcastCreateInput), episodePlacement(db), episodeAudio(db), episodeChapters(db), createHandler(db, PODCASTS, presentPodcastDetail, (b: PodcastCreateInput) => podcastWrite(b)));

  // Episodes take comments as articles do (same limits, client ids and delete policy); a comment
  // tells the members it mentions (docs/notifications.md).
  const comments = commentHandlers(db, PODCASTS, EPISODE_COMMENTS, site);
  mountCommentRoutes(router, comments, limits);

  router.get('/:id', async (ctx) => {
    ctx.body = await presentOne(db, PODCASTS, itemId(ctx, PODCASTS), ctx, presentPodcastDetail);
  });
  // The transcript and chapters as files podcast apps fetch (the feed's podcast:transcript and
  // podcast:chapters point here): open to whoever may open the episode, cached as the feed is when
  // anyone may (docs/transcripts.md).
  const episodeFile = (path: string, type: string, body: (row: PodcastRow) => string | undefined) =>
    router.get(`/:id/${path}`, async (ctx) => {
      const row = await findVisibleContent<PodcastRow>(db, PODCASTS, itemId(ctx, PODCASTS), ctx.state.user, true);
      const text = body(row);
      if (text === undefined) throw notFound(`This episode has no ${path.startsWith('chapters') ? 'chapters' : 'transcript in this format'}`);
      sendCacheable(ctx, text, type, latest([row.updated_at]));
      if (!isListedPublicly(PODCASTS.post, row)) ctx.set('Cache-Control', 'no-store');
    });
  const cuesOf = (row: PodcastRow) => fromJson<TranscriptCue[] | null>(row.transcript, null);
  episodeFile('transcript.vtt', TRANSCRIPT_VTT_TYPE, (row) => (row.transcript_kind === 'timed' ? toWebVtt(cuesOf(row) ?? []) : undefined));
  episodeFile('transcript.txt', TRANSCRIPT_TEXT_TYPE, (row) => (row.transcript_kind ? `${transcriptText(cuesOf(row) ?? [])}\n` : undefined));
  episodeFile('chapters.json', CHAPTERS_TYPE, (row) => {
    const chapters = fromJson<Chapter[]>(row.chapters, []);
    if (!chapters.length) return undefined;
    return JSON.stringify({ version: '1.2.0', title: row.title, chapters: chapters.map((c) => ({ startTime: c.start, title: c.title })) });
  });

  router.patch('/:id', editors, validateBody(PodcastPatchInput), episodePlacement(db), episodeAudio(db), episodeChapters(db), updateHandler(db, PODCASTS, presentPodcastDetail, podcastWrite, episodeNotice));
  router.delete('/:id', editors, deleteHandler(db, PODCASTS));

  mountContentToggles(router, db, PODCASTS, presentPodcast, episodeNotice, limits);

  // Anyone who can see the episode may record a play (the client calls it before opening audio).
  // Plays count once per listener (the signed-in member, else the client's address) and UTC day.
  router.post('/:id/play', async (ctx) => {
    const id = itemId(ctx, PODCASTS);
    await findVisibleContent(db, PODCASTS, id, ctx.state.user);
    const listener = ctx.state.user ? `user:${ctx.state.user.id}` : `ip:${ipKey(ctx.ip)}`;
    const playCount = await recordPlay(db, id, listener, clock());
    if (playCount === undefined) throw notFound(PODCASTS.notFoundMessage);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { playCount } satisfies PlayResponse;
  });

  return router;
}
