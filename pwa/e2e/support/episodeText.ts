import { readFile } from 'node:fs/promises';
import { expect, request } from '@playwright/test';
import { SAMPLE_MP3 } from './downloads';
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
    const sample = await readFile(SAMPLE_MP3);
    const bytes = Buffer.concat(Array.from({ length: repeat }, () => sample));
    const ask = await api.post('/api/objects/upload', { data: { kind: 'audio' } });
    expect(ask.status(), await ask.text()).toBe(200);
    const uploadPath = new URL(((await ask.json()) as { uploadURL: string }).uploadURL).pathname;
    const put = await api.put(uploadPath, { data: bytes, headers: { 'content-type': 'audio/mpeg' } });
    expect(put.status(), await put.text()).toBe(200);
    const finalised = await api.put('/api/podcasts/audio', { data: { audioURL: uploadPath } });
    expect(finalised.status(), await finalised.text()).toBe(200);
    const { objectPath } = (await finalised.json()) as { objectPath: string };
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
