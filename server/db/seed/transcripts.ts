import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PodcastPatchInput } from '../../../contracts/podcasts';
import { transcriptText, type Chapter, type TranscriptCue } from '../../../contracts/transcripts';
import { z } from '../../../contracts/zod';

/**
 * The sample episodes' transcripts and chapters: `<show>-<number>.json` beside the audio's
 * names (sampleAudioPath: the seed's show key, numbered from 1, oldest first), made with the audio
 * from the same script. An episode without a file has neither.
 */
export { SAMPLE_TRANSCRIPTS_DIR as SAMPLE_TRANSCRIPT_DIR } from './audio';

/** What a file holds: `{"chapters": [{start, title}], "cues": [{start, end, text}]}`. */
const SampleFile = z.object({ chapters: z.array(z.unknown()).optional(), cues: z.array(z.unknown()).optional() });
/** The editor's own rules (contracts/podcasts.ts) hold for the sample files too. */
const SampleInput = PodcastPatchInput.pick({ transcript: true, chapters: true });

export interface SampleTranscript {
  transcript: TranscriptCue[] | null;
  chapters: Chapter[] | null;
}

/** The file name of a show's episode, as its audio's (`main-1.json`). */
export const sampleTranscriptName = (show: string, number: number) => `${show}-${number}`;

/**
 * Reads `<dir>/<show>-<number>.json` for each episode named, keyed by `<show>-<number>`; episodes
 * without a file are left out. A file that is not what the editor would accept throws, naming it.
 */
export async function loadSampleTranscripts(dir: string, episodes: ReadonlyArray<{ show: string; number: number }>): Promise<Map<string, SampleTranscript>> {
  const out = new Map<string, SampleTranscript>();
  await Promise.all(
    episodes.map(async ({ show, number }) => {
      const name = sampleTranscriptName(show, number);
      const file = path.join(dir, `${name}.json`);
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw err;
      }
      const raw = SampleFile.safeParse(JSON.parse(text));
      const input = raw.success ? SampleInput.safeParse({ transcript: raw.data.cues ?? [], chapters: raw.data.chapters ?? [] }) : raw;
      if (!input.success) {
        const issue = input.error.issues[0];
        throw new Error(`${file}: ${[...issue.path].join('.')} ${issue.message}`);
      }
      out.set(name, { transcript: input.data.transcript ?? null, chapters: input.data.chapters ?? null });
    }),
  );
  return out;
}

/** An episode row's transcript columns, written as the API writes them (podcasts/repo.ts podcastWrite). */
export function transcriptColumns(sample: SampleTranscript | undefined): Record<string, string | null> {
  const cues = sample?.transcript;
  const chapters = sample?.chapters;
  return {
    transcript: cues?.length ? JSON.stringify(cues.map(({ start, end, text }) => ({ start, end, text }))) : null,
    transcript_text: cues?.length ? transcriptText(cues) : null,
    chapters: chapters?.length ? JSON.stringify([...chapters].sort((a, b) => a.start - b.start)) : null,
  };
}
