import { readFile } from 'node:fs/promises';
import { expect, request } from '@playwright/test';
import { ACCOUNTS, type Account } from './session';

/*
 * Episodes with a real audio file for the download specs: a sample episode's recording (minutes of
 * speech as Opus in Ogg, what the sample data plays) uploaded through the API as an editor would
 * (upload URL, PUT the bytes, finalise at /api/podcasts/audio) and set as a published episode's audio.
 */

export const SAMPLE_OPUS = new URL('../../../server/db/seed/audio/main-1.opus', import.meta.url);

export interface EpisodeWithAudio {
  id: string;
  title: string;
  audioUrl: string;
  /** The file's bytes as uploaded. */
  bytes: Buffer;
  /** Whole seconds, as the server read them from the file. */
  duration: number;
}

/** Gives the newest published episode an uploaded copy of a sample recording (about 3 minutes, 0.4 MB). */
export async function episodeWithAudio(baseURL: string): Promise<EpisodeWithAudio> {
  const api = await request.newContext({ baseURL });
  try {
    expect((await api.post('/api/auth/login', { data: ACCOUNTS.editor })).status()).toBe(200);
    const bytes = await readFile(SAMPLE_OPUS);
    const { uploadURL } = await (await api.post('/api/objects/upload', { data: { kind: 'audio' } })).json();
    const put = await api.put(uploadURL, { data: bytes, headers: { 'Content-Type': 'audio/ogg' } });
    expect(put.status(), await put.text()).toBe(200);
    const finalised = await api.put('/api/podcasts/audio', { data: { audioURL: uploadURL } });
    expect(finalised.status(), await finalised.text()).toBe(200);
    const { objectPath, durationSeconds } = (await finalised.json()) as { objectPath: string; durationSeconds: number };
    // The editor also sees drafts: the newest episode a member can open.
    const listed = (await (await api.get('/api/podcasts?limit=50')).json()) as Array<{ id: string; title: string; status: string; isArchived: boolean }>;
    const episode = listed.find((e) => e.status === 'published' && !e.isArchived)!;
    const patched = await api.patch(`/api/podcasts/${episode.id}`, { data: { audioUrl: objectPath } });
    expect(patched.status(), await patched.text()).toBe(200);
    return { id: episode.id, title: episode.title, audioUrl: objectPath, bytes, duration: durationSeconds };
  } finally {
    await api.dispose();
  }
}

/** The member's listening record for the episode (as their player would write it). */
export async function listenedTo(baseURL: string, account: Pick<Account, 'email' | 'password'>, episodeId: string, positionSeconds: number, durationSeconds: number): Promise<void> {
  const api = await request.newContext({ baseURL });
  try {
    expect((await api.post('/api/auth/login', { data: { email: account.email, password: account.password } })).status()).toBe(200);
    const put = await api.put(`/api/podcasts/${episodeId}/listening`, { data: { positionSeconds, durationSeconds, deviceTime: new Date().toISOString() } });
    expect(put.status(), await put.text()).toBe(200);
  } finally {
    await api.dispose();
  }
}
