import type Router from '@koa/router';
import { caseSensitiveRouter } from '../../middleware/canonical-path';
import type { Knex } from 'knex';
import { ListeningInput, ListeningListQuery } from '../../../contracts/listening';
import { NEXT_CURSOR_HEADER } from '../../../contracts/constants';
import { toIso } from '../../db/dialect';
import { notFound } from '../../errors';
import { currentUser, requireUser, type CurrentUser } from '../../middleware/auth';
import { parseId, validateBody, validateQuery } from '../../middleware/validate';
import { canOpen, isStaff } from '../content/visibility';
import { PODCASTS } from '../content/kinds';
import { decodeAscCursor, encodeCursor } from '../cursor';
import { presentListening, presentListeningItem } from './presenter';
import { findEpisode, findListening, listListening, writeListening } from './repo';

const NO_RECORD = 'No listening record for this episode';

/**
 * The listening record (docs/offline.md, "Listening across devices"): the signed-in member's own
 * position per episode, never anyone else's (every query is keyed by the session's user). Writes
 * carry the device time of the change and merge by it (repo.ts), so a replay or an older change
 * arriving late changes nothing; the outbox also sends an Idempotency-Key.
 *  - PUT /api/podcasts/{id}/listening, GET /api/podcasts/{id}/listening
 *  - GET /api/listening: the member's records, newest change first, paged
 */
export function listeningRoutes(db: Knex): Router {
  const router = caseSensitiveRouter();

  /** An episode this member may open (unknown, malformed or a draft for a non-editor: 404). */
  async function episodeFor(user: CurrentUser, rawId: string | undefined) {
    const episode = await findEpisode(db, parseId(rawId, PODCASTS.notFoundMessage));
    if (!canOpen(user, 'episode', episode)) throw notFound(PODCASTS.notFoundMessage);
    return episode;
  }

  router.put('/api/podcasts/:id/listening', requireUser, validateBody(ListeningInput), async (ctx) => {
    const user = currentUser(ctx);
    const episode = await episodeFor(user, ctx.params.id);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentListening(await writeListening(db, user.id, episode, ctx.state.body));
  });

  router.get('/api/podcasts/:id/listening', requireUser, async (ctx) => {
    const user = currentUser(ctx);
    const episode = await episodeFor(user, ctx.params.id);
    const row = await findListening(db, user.id, episode.id);
    if (!row) throw notFound(NO_RECORD);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentListening(row);
  });

  router.get('/api/listening', requireUser, validateQuery(ListeningListQuery), async (ctx) => {
    const user = currentUser(ctx);
    const { cursor, limit } = ctx.state.query;
    const after = cursor === undefined ? undefined : decodeAscCursor(cursor, 'cursor');
    // One row more than asked tells whether another page exists: one query whatever the page's size.
    const rows = await listListening(db, user.id, { limit: limit + 1, after, withDrafts: isStaff(user) });
    const page = rows.slice(0, limit);
    if (rows.length > limit) {
      const last = page[page.length - 1];
      ctx.set(NEXT_CURSOR_HEADER, encodeCursor([toIso(last.device_time)!, last.episode_id]));
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.body = page.map(presentListeningItem);
  });

  return router;
}
