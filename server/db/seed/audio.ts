import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The committed sample episodes' audio, made by scripts/sample-audio.ts. */
export const SAMPLE_AUDIO_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'audio');

/** The file of a show's episode (`show` is the seed's show key, `number` counts from 1, oldest first). */
export function sampleAudioPath(show: string, number: number): string {
  return path.join(SAMPLE_AUDIO_DIR, `${show}-${number}.mp3`);
}
