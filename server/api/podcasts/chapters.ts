import type { Knex } from 'knex';
import { clockTime, type PodcastPatchInput } from '../../../contracts/podcasts';
import { unprocessable } from '../../errors';
import type { WithBody } from '../../middleware/validate';

/**
 * Runs before the create and update handlers of episodes, after episodeAudio (which may take the
 * duration from the uploaded file): chapters sent with the write must start before the episode
 * ends, when its duration is known (the one sent or found in the file, else the one it has).
 * 422 under `chapters.<index>.start`, so the form shows it beside that chapter's start.
 */
export function episodeChapters(db: Knex): WithBody<PodcastPatchInput> {
  return async (ctx, next) => {
    const { chapters } = ctx.state.body;
    let duration = ctx.state.body.duration;
    if (chapters?.length && duration === undefined && ctx.params.id !== undefined) {
      const row: { duration: number | string | null } | undefined = await db('podcast_episodes').where({ id: ctx.params.id }).first('duration');
      duration = row?.duration === null || row?.duration === undefined ? null : Number(row.duration);
    }
    if (chapters?.length && typeof duration === 'number') {
      const errors: Record<string, string[]> = {};
      const length = duration;
      chapters.forEach((c, i) => {
        if (c.start >= length) errors[`chapters.${i}.start`] = [`This chapter starts at ${clockTime(c.start)}, after the episode ends (${clockTime(length)})`];
      });
      const [first] = Object.values(errors);
      if (first) throw unprocessable(first[0], errors);
    }
    await next();
  };
}
