import { ApiError, OfflineError } from '../lib/errors';

/*
 * An episode's audio file (`/objects/<id>`, served by the site with byte ranges), fetched whole for a
 * download. The answer's body is handed on unread: the library streams it into the episode cache.
 */

/** GET the file; an ApiError for an answer that is not the file, an OfflineError when none arrives. */
export async function fetchEpisodeAudio(audioUrl: string, signal?: AbortSignal): Promise<Response> {
  let response: Response;
  try {
    // The cache's copy is what a download replaces: never answer it from the browser's HTTP cache half-read.
    response = await fetch(audioUrl, { signal, cache: 'no-store', credentials: 'same-origin' });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new OfflineError();
  }
  if (!response.ok || !response.body) {
    void response.body?.cancel();
    throw new ApiError(response.status, `The episode's file could not be downloaded (${response.status}).`, undefined);
  }
  return response;
}
