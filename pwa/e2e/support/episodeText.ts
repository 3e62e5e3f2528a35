import { readFile } from 'node:fs/promises';
import { expect, request } from '@playwright/test';
import { uploadAudio } from './audio';
import { SPEECH_MP3_PATH as SAMPLE_MP3 } from '../../../server/test/uploads';
import { ACCOUNTS } from './session';

/*
 * Episodes with chapters and a transcript for the episode page's specs, made as an editor makes them
 * through the API: the sample MP3 uploaded (repeated, for a longer episode), then the episode created
 * with it, published, with the transcript's text (WebVTT, SRT or plain) and the chapters.
 */

export interface TimedCue {
  start: number;
  end: number;
  text: string;
}

export interface EpisodeWithText {
  id: string;
  title: string;
  audioUrl: string;
}

/** Layer III bit rates (kbit/s) by index: MPEG-1, then MPEG-2 and 2.5. */
const BIT_RATES = {
  mpeg1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  mpeg2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES = { mpeg1: [44_100, 48_000, 32_000], mpeg2: [22_050, 24_000, 16_000] };

/**
 * The sample's audio frames alone: without its ID3 tag, and without the first frame when that is a
 * Xing/Info header, which states the length of one copy. The sample repeated then lasts as long as
 * its frames say, for the server (which takes an episode's duration from its file and refuses
 * chapters past it) and the browser alike.
 */
function framesOf(mp3: Buffer): Buffer {
  let offset = 0;
  if (mp3.subarray(0, 3).toString('latin1') === 'ID3') offset = 10 + (((mp3[6]! & 0x7f) << 21) | ((mp3[7]! & 0x7f) << 14) | ((mp3[8]! & 0x7f) << 7) | (mp3[9]! & 0x7f));
  const header = mp3.readUInt32BE(offset);
  const version = (header >>> 19) & 3; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
  const table = version === 3 ? 'mpeg1' : 'mpeg2';
  const bitRate = BIT_RATES[table][(header >>> 12) & 15]! * 1000;
  const sampleRate = SAMPLE_RATES[table][(header >>> 10) & 3]! / (version === 0 ? 2 : 1);
  const length = Math.floor(((version === 3 ? 144 : 72) * bitRate) / sampleRate) + ((header >>> 9) & 1);
  const first = mp3.subarray(offset, offset + length);
  const isLengthHeader = first.includes('Xing', 0, 'latin1') || first.includes('Info', 0, 'latin1');
  return mp3.subarray(isLengthHeader ? offset + length : offset);
}

const stamp = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
};

/** A WebVTT file of `cues`, as a captioning tool writes one. */
export function webVtt(cues: readonly TimedCue[]): string {
  return ['WEBVTT', '', ...cues.flatMap((cue, i) => [String(i + 1), `${stamp(cue.start)} --> ${stamp(cue.end)}`, cue.text, ''])].join('\n');
}

/**
 * A published episode whose audio is the 16 s sample `repeat` times over, with `fields` besides
 * (`transcript`, `chapters`, or neither). Listed first on /podcasts (the newest).
 */
export async function episodeWithText(baseURL: string, title: string, { repeat = 1, ...fields }: { repeat?: number } & Record<string, unknown> = {}): Promise<EpisodeWithText> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  try {
    expect((await api.post('/api/auth/login', { data: { email: ACCOUNTS.editor.email, password: ACCOUNTS.editor.password } })).status()).toBe(200);
    const frames = framesOf(await readFile(SAMPLE_MP3));
    const bytes = Buffer.concat(Array.from({ length: repeat }, () => frames));
    const objectPath = await uploadAudio(api, bytes, 'audio/mpeg');
    const [category] = (await (await api.get('/api/news-categories')).json()) as Array<{ id: string }>;
    const created = await api.post('/api/podcasts', {
      data: { title, description: `${title}: made for the episode page's tests.`, categoryIds: [category!.id], status: 'published', audioUrl: objectPath, ...fields },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    return { id, title, audioUrl: objectPath };
  } finally {
    await api.dispose();
  }
}
