import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, request, type APIRequestContext } from '@playwright/test';
import { ACCOUNTS } from './session';

/** A sample episode's recording: about 3 minutes of speech as Opus in Ogg (what the sample data plays). */
const SAMPLE_OPUS = path.resolve(import.meta.dirname, '../../../server/db/seed/audio/main-1.opus');

export interface PlayableEpisode {
  id: string;
  title: string;
  audioUrl: string;
  show: { name: string } | null;
}

/** The sample editor's API, writing with the site's Origin as the browser does (cross-site writes are refused). */
async function editor(baseURL: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  expect((await api.post('/api/auth/login', { data: { email: ACCOUNTS.editor.email, password: ACCOUNTS.editor.password } })).status()).toBe(200);
  return api;
}

async function create(api: APIRequestContext, data: Record<string, unknown> & { title: string }): Promise<PlayableEpisode> {
  const [category] = (await (await api.get('/api/news-categories')).json()) as Array<{ id: string }>;
  const created = await api.post('/api/podcasts', {
    data: { description: `${data.title}: made for the player's tests.`, categoryIds: [category!.id], status: 'published', ...data },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as PlayableEpisode;
}

/**
 * Uploads audio as the editor's form does: the upload URL, the bytes PUT to it, the audio finalised.
 * Answers its `/objects/<id>` path.
 */
export async function uploadAudio(api: APIRequestContext, bytes: Buffer, contentType: string): Promise<string> {
  const ask = await api.post('/api/objects/upload', { data: { kind: 'audio' } });
  expect(ask.status(), await ask.text()).toBe(200);
  const uploadPath = new URL(((await ask.json()) as { uploadURL: string }).uploadURL).pathname;
  const put = await api.put(uploadPath, { data: bytes, headers: { 'content-type': contentType } });
  expect(put.status(), await put.text()).toBe(200);
  const finalised = await api.put('/api/podcasts/audio', { data: { audioURL: uploadPath } });
  expect(finalised.status(), await finalised.text()).toBe(200);
  return ((await finalised.json()) as { objectPath: string }).objectPath;
}

/**
 * Published episodes with a real, playable file on this site, made as the editor makes them: the
 * upload URL, the bytes PUT to it, the audio finalised (`/objects/<id>`), then the episode created
 * with that `audioUrl`. Each gets its own upload. Listed first on /podcasts (the newest).
 */
export async function playableEpisodes(baseURL: string, titles: readonly string[]): Promise<PlayableEpisode[]> {
  const api = await editor(baseURL);
  try {
    const bytes = await readFile(SAMPLE_OPUS);
    const episodes: PlayableEpisode[] = [];
    for (const title of titles) {
      episodes.push(await create(api, { title, audioUrl: await uploadAudio(api, bytes, 'audio/ogg') }));
    }
    return episodes;
  } finally {
    await api.dispose();
  }
}

/** A published episode with other fields (e.g. only an `externalUrl`), made by the editor. */
export async function createEpisode(baseURL: string, data: Record<string, unknown> & { title: string }): Promise<PlayableEpisode> {
  const api = await editor(baseURL);
  try {
    return await create(api, data);
  } finally {
    await api.dispose();
  }
}
