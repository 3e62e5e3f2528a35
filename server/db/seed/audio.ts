import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseBuffer } from 'music-metadata';
import type { Chapter } from '../../../contracts/transcripts';
import type { ObjectStorage } from '../../storage/index';

const SEED_DIR = path.dirname(fileURLToPath(import.meta.url));

/** The committed sample episodes' audio (speech as Opus in Ogg), made by scripts/sample-audio.ts. */
export const SAMPLE_AUDIO_DIR = path.join(SEED_DIR, 'audio');
/** What the audio is made from: one Markdown script per episode, its `##` headings the chapters. */
export const SAMPLE_SCRIPTS_DIR = path.join(SEED_DIR, 'episode-scripts');
/** Each episode's chapters and transcript, timed from its audio by scripts/sample-audio.ts. */
export const SAMPLE_TRANSCRIPTS_DIR = path.join(SEED_DIR, 'transcripts');

export const SAMPLE_AUDIO_TYPE = 'audio/ogg';

/**
 * A sample episode's chapters (start in whole seconds, sorted, the first at 0) and transcript (one
 * cue a sentence, times in seconds to two decimals), as in contracts/transcripts.ts.
 */
export interface SampleTranscriptFile {
  chapters: Chapter[];
  cues: { start: number; end: number; text: string }[];
}

/** The file of a show's episode (`show` is the seed's show key, `number` counts from 1, oldest first). */
export function sampleAudioPath(show: string, number: number): string {
  return path.join(SAMPLE_AUDIO_DIR, `${show}-${number}.opus`);
}

export function sampleScriptPath(show: string, number: number): string {
  return path.join(SAMPLE_SCRIPTS_DIR, `${show}-${number}.md`);
}

export function sampleTranscriptPath(show: string, number: number): string {
  return path.join(SAMPLE_TRANSCRIPTS_DIR, `${show}-${number}.json`);
}

/** An episode's committed chapters and transcript. */
export async function readSampleTranscript(show: string, number: number): Promise<SampleTranscriptFile> {
  return JSON.parse(await readFile(sampleTranscriptPath(show, number), 'utf8')) as SampleTranscriptFile;
}

/** A sample file as stored: the object's id (its storage key too), length in bytes and whole seconds. */
export interface SampleAudio {
  id: string;
  bytes: number;
  duration: number;
}

interface SampleFile extends SampleAudio {
  data: Buffer;
}

/**
 * The object id of a file's content: a UUID (version 8, "custom") from its SHA-256. The same file
 * always gets the same object, so a rebuild or a second seed on the same storage reuses what is
 * there instead of leaving copies behind.
 */
export function contentObjectId(data: Buffer): string {
  const h = createHash('sha256').update(data).digest();
  h[6] = (h[6] & 0x0f) | 0x80;
  h[8] = (h[8] & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// The files never change while a process runs: read and measured once (tests seed many times).
const loaded = new Map<string, Promise<SampleFile>>();

function loadSampleFile(file: string): Promise<SampleFile> {
  let entry = loaded.get(file);
  if (!entry) {
    entry = (async () => {
      const data = await readFile(file);
      const { format } = await parseBuffer(data, { mimeType: SAMPLE_AUDIO_TYPE, size: data.length }, { duration: true });
      if (!format.duration) throw new Error(`sample audio without a duration: ${file}`);
      return { id: contentObjectId(data), bytes: data.length, duration: Math.round(format.duration), data };
    })();
    entry.catch(() => loaded.delete(file));
    loaded.set(file, entry);
  }
  return entry;
}

/**
 * Puts each sample file in the storage (as an upload would be, under its object id) unless a file of
 * that length is there already, and answers what the `objects` rows and episodes need. Files are
 * written outside any database transaction: a rolled-back seed leaves them for the next one to reuse.
 */
export async function storeSampleAudio(storage: ObjectStorage, files: readonly string[]): Promise<SampleAudio[]> {
  return Promise.all(
    files.map(async (file) => {
      const { data, ...audio } = await loadSampleFile(file);
      if ((await storage.size(audio.id)) !== audio.bytes) {
        const temp = await storage.createTemp();
        try {
          await new Promise<void>((resolve, reject) => temp.stream.end(data, (err?: Error | null) => (err ? reject(err) : resolve())));
          await temp.commit(audio.id);
        } catch (err) {
          await temp.discard();
          throw err;
        }
      }
      return audio;
    }),
  );
}
