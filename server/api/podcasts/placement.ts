import type { Knex } from 'knex';
import { episodeNumberTakenMessage, type PodcastPatchInput } from '../../../contracts/podcasts';
import { isUniqueViolation } from '../../db/dialect';
import { badRequest, conflict, notFound } from '../../errors';
import { itemId } from '../content/handlers';
import type { WithBody } from '../../middleware/validate';
import { PODCASTS } from '../content/kinds';
import { defaultShow, episodeWithNumber, findShow } from '../podcast-shows/repo';
import { findEpisodePlacement } from './repo';

const UNKNOWN_SHOW = 'Unknown show';

const numberTaken = (episodeNumber: number, showName: string) => {
  const message = episodeNumberTakenMessage(episodeNumber, showName);
  return conflict(message, { episodeNumber: [message] });
};

/**
 * Runs before the create and update handlers of episodes (after body validation): puts the episode
 * in a show and keeps episode numbers unique per show.
 *
 * - Create without `showId`: the default show (the first in display order) is written into the
 *   body, so the API stays compatible with clients that know nothing of shows.
 * - A `showId` must name an existing show (400 under `showId`).
 * - The (show, number) the episode would end up with must be free: 409 with
 *   'Episode N already exists in <show>' under `episodeNumber`. The unique index decides races,
 *   and its violation is answered the same way.
 */
export function episodePlacement(db: Knex): WithBody<PodcastPatchInput> {
  return async (ctx, next) => {
    const body = ctx.state.body;
    const id = ctx.params.id === undefined ? undefined : itemId(ctx, PODCASTS);
    const current = id ? await findEpisodePlacement(db, id) : undefined;
    if (id && !current) throw notFound(PODCASTS.notFoundMessage);

    let show;
    if (body.showId !== undefined) {
      show = await findShow(db, body.showId);
      if (!show) throw badRequest(UNKNOWN_SHOW, { showId: [UNKNOWN_SHOW] });
    } else if (current?.show_id) {
      show = await findShow(db, current.show_id);
    } else {
      // A new episode, or one written around the API without a show: it joins the default show.
      show = await defaultShow(db);
      if (!id) body.showId = show.id;
    }
    const episodeNumber = body.episodeNumber !== undefined ? body.episodeNumber : (current?.episode_number ?? null);
    if (!show || episodeNumber === null) return next();

    const placementChanges = !current || body.showId !== undefined || body.episodeNumber !== undefined;
    if (placementChanges && (await episodeWithNumber(db, show.id, Number(episodeNumber), id))) {
      throw numberTaken(Number(episodeNumber), show.name);
    }
    try {
      await next();
    } catch (err) {
      if (isUniqueViolation(err)) throw numberTaken(Number(episodeNumber), show.name);
      throw err;
    }
  };
}
