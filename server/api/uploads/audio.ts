import { parseStream } from 'music-metadata';
import type { ObjectStorage } from '../../storage/index';
import type { ObjectRow } from './repo';

/** The file could not be read as audio (it only starts like one, or it has no length to speak of). */
export class UnreadableAudio extends Error {}

/**
 * An uploaded audio file's duration in whole seconds, read by music-metadata from a stream of the
 * stored file (never all in memory: an episode may be hundreds of MB). Files without a header that
 * says their length are read to the end. A failing storage read is rethrown as it is (an outage is
 * not the file's fault); anything the parser cannot make sense of is UnreadableAudio.
 */
export async function readAudioDuration(storage: ObjectStorage, object: Pick<ObjectRow, 'path' | 'content_type' | 'size'>): Promise<number> {
  const stream = storage.read(object.path);
  let readError: unknown;
  stream.once('error', (err) => {
    readError = err;
  });
  try {
    const { format } = await parseStream(stream, { mimeType: object.content_type, size: Number(object.size) }, { duration: true, skipCovers: true });
    const seconds = format.duration;
    if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) throw new UnreadableAudio('no duration');
    return Math.max(1, Math.round(seconds));
  } catch (err) {
    if (readError) throw readError;
    if (err instanceof UnreadableAudio) throw err;
    throw new UnreadableAudio(String((err as Error)?.message ?? err));
  } finally {
    stream.destroy();
  }
}
