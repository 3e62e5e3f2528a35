import { parseStream } from 'music-metadata';
import { DURATION_MAX_SECONDS } from '../../../contracts/podcasts';
import type { ObjectStorage } from '../../storage/index';
import type { ObjectRow } from './repo';

/** The file could not be read as audio (it only starts like one, or it has no length to speak of). */
export class UnreadableAudio extends Error {}

/**
 * The file's header claims a length past what an episode may last (the typed duration's limit). A
 * few bytes can claim any length (an Ogg page's granule position, say), and the column holds 32 bits.
 */
export class AudioTooLong extends Error {}

/** A duration stored for an object, when it is one an episode may take (older rows were not checked). */
export function storedDuration(object: Pick<ObjectRow, 'duration_seconds'> | undefined): number | undefined {
  const seconds = object?.duration_seconds == null ? undefined : Number(object.duration_seconds);
  return seconds !== undefined && seconds >= 1 && seconds <= DURATION_MAX_SECONDS ? seconds : undefined;
}

/**
 * An uploaded audio file's duration in whole seconds, read by music-metadata from a stream of the
 * stored file (never all in memory: an episode may be hundreds of MB). Files without a header that
 * says their length are read to the end. A failing storage read is rethrown as it is (an outage is
 * not the file's fault); anything the parser cannot make sense of is UnreadableAudio, a length past
 * DURATION_MAX_SECONDS (Infinity included) AudioTooLong.
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
    if (seconds === undefined || Number.isNaN(seconds) || seconds <= 0) throw new UnreadableAudio('no duration');
    const whole = Math.max(1, Math.round(seconds));
    if (whole > DURATION_MAX_SECONDS) throw new AudioTooLong(`claims ${seconds} s`);
    return whole;
  } catch (err) {
    if (readError) throw readError;
    if (err instanceof UnreadableAudio || err instanceof AudioTooLong) throw err;
    throw new UnreadableAudio(String((err as Error)?.message ?? err));
  } finally {
    stream.destroy();
  }
}
