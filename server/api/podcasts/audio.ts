import type { Knex } from 'knex';
import type { PodcastPatchInput } from '../../../contracts/podcasts';
import { unprocessable } from '../../errors';
import { siteOrigin } from '../../middleware/security';
import type { WithBody } from '../../middleware/validate';
import { findObject } from '../uploads/repo';
import { storedDuration } from '../uploads/audio';

/** What the episode's file adds to a write: its length and type, from the stored object. */
export interface EpisodeFileColumns {
  audioBytes?: number | null;
  audioType?: string | null;
}

const NOT_AN_UPLOAD = 'Audio file must be an audio file uploaded to this site';
const OBJECT_PATH = /^\/objects\/([0-9a-fA-F-]{36})$/;

/**
 * Runs before the create and update handlers of episodes (after placement), on `audioUrl`
 * (docs/decisions/2026-11-28-episode-audio.md):
 *  - `/objects/<id>` (or this site's absolute URL of it) must be a finalised audio upload: the
 *    episode takes its length and type, and its duration when the file's is known (the file wins
 *    over a typed duration);
 *  - blank removes the file, its length and type;
 *  - any other http(s) link is what the spec's clients send for "a YouTube link": it is kept as the
 *    episode's `externalUrl` (unless one is sent too) and the file is left as it was;
 *  - anything else (another path on this site) is 422.
 * A typed duration on an episode that keeps its file gives way to the file's duration.
 */
export function episodeAudio(db: Knex): WithBody<PodcastPatchInput & EpisodeFileColumns> {
  return async (ctx, next) => {
    const body = ctx.state.body;
    if (body.audioUrl === null) {
      body.audioBytes = null;
      body.audioType = null;
    } else if (body.audioUrl !== undefined) {
      const objectId = objectIdOf(body.audioUrl, siteOrigin(ctx));
      if (objectId) {
        const object = await findObject(db, objectId);
        if (!object || object.kind !== 'audio' || !object.finalized_at) throw unprocessable(NOT_AN_UPLOAD, { audioUrl: [NOT_AN_UPLOAD] });
        body.audioUrl = `/objects/${object.id}`;
        body.audioBytes = Number(object.size);
        body.audioType = object.content_type;
        const seconds = storedDuration(object);
        if (seconds !== undefined) body.duration = seconds;
      } else if (/^https?:\/\//i.test(body.audioUrl)) {
        if (body.externalUrl === undefined) body.externalUrl = body.audioUrl;
        delete body.audioUrl;
      } else {
        throw unprocessable(NOT_AN_UPLOAD, { audioUrl: [NOT_AN_UPLOAD] });
      }
    }
    if (body.audioUrl === undefined && body.duration !== undefined && ctx.params.id !== undefined) {
      const fileDuration = await currentFileDuration(db, String(ctx.params.id));
      if (fileDuration !== undefined) body.duration = fileDuration;
    }
    await next();
  };
}

/** The object id of `/objects/<id>` or of this site's absolute URL of it; undefined for anything else. */
function objectIdOf(url: string, origin: string): string | undefined {
  let path = url;
  if (/^https?:\/\//i.test(url)) {
    const parsed = new URL(url);
    if (parsed.origin !== origin) return undefined;
    path = parsed.pathname;
  }
  return OBJECT_PATH.exec(path)?.[1]?.toLowerCase();
}

/** The duration of the episode's current file, when it has one whose duration is known. */
async function currentFileDuration(db: Knex, episodeId: string): Promise<number | undefined> {
  const episode: { audio_url: string | null } | undefined = await db('podcast_episodes').where({ id: episodeId }).first('audio_url');
  const objectId = episode?.audio_url ? OBJECT_PATH.exec(episode.audio_url)?.[1] : undefined;
  const object = objectId ? await findObject(db, objectId) : undefined;
  return storedDuration(object);
}
