import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DB_KINDS, type TestDatabase } from '../../test/harness';
import { localDiskStorage } from '../../storage/local';
import { EPISODES_BY_SHOW, PODCAST_SHOWS } from './data';
import { seedSampleData } from './index';
import { loadSampleTranscripts } from './transcripts';

const SAMPLE = {
  chapters: [
    { start: 12, title: 'The standard' },
    { start: 0, title: 'Welcome' },
  ],
  cues: [
    { start: 0, end: 3.2, text: 'Welcome to the show.' },
    { start: 3.2, end: 7.5, text: 'Today, the new standard.' },
  ],
};

/** A temporary folder holding the given `<name>.json` files. */
function folder(files: Record<string, unknown>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lc-transcripts-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, `${name}.json`), typeof content === 'string' ? content : JSON.stringify(content));
  return dir;
}

describe('loadSampleTranscripts', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('reads the files there are, by show and number, as the editor would take them', async () => {
    const dir = folder({ 'main-2': SAMPLE });
    dirs.push(dir);
    const loaded = await loadSampleTranscripts(dir, [
      { show: 'main', number: 1 },
      { show: 'main', number: 2 },
    ]);
    expect([...loaded.keys()]).toEqual(['main-2']);
    expect(loaded.get('main-2')).toEqual({ transcript: SAMPLE.cues, chapters: SAMPLE.chapters });
  });

  it('refuses a file the editor would refuse, naming it', async () => {
    const dir = folder({ 'main-1': { chapters: [{ start: 5, title: 'A' }, { start: 5, title: 'B' }] }, 'other-1': '{not json' });
    dirs.push(dir);
    await expect(loadSampleTranscripts(dir, [{ show: 'main', number: 1 }])).rejects.toThrow(`${path.join(dir, 'main-1.json')}: chapters.1.start Another chapter already starts at 0:05`);
    await expect(loadSampleTranscripts(dir, [{ show: 'other', number: 1 }])).rejects.toThrow(SyntaxError);
  });
});

describe.each(DB_KINDS)('the seed fills transcripts and chapters from their files [%s]', (kind) => {
  let t: TestDatabase;
  let storageDir: string;
  let transcriptDir: string;
  const show = PODCAST_SHOWS[0];
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    storageDir = mkdtempSync(path.join(os.tmpdir(), 'lc-seed-storage-'));
    transcriptDir = folder({ [`${show.key}-1`]: SAMPLE });
    await seedSampleData(t.db, { storage: localDiskStorage(storageDir), transcriptDir });
  });
  afterAll(async () => {
    await t?.drop();
    rmSync(storageDir, { recursive: true, force: true });
    rmSync(transcriptDir, { recursive: true, force: true });
  });

  it("gives the show's first episode its file's transcript and chapters, and the others none", async () => {
    const rows: Array<{ title: string; transcript: string | null; transcript_text: string | null; chapters: string | null }> = await t
      .db('podcast_episodes as e')
      .join('podcast_shows as s', 's.id', 'e.show_id')
      .where('s.slug', show.slug)
      .orderBy('e.episode_number')
      .select('e.title', 'e.transcript', 'e.transcript_text', 'e.chapters');
    expect(rows.map((r) => r.title)).toEqual(EPISODES_BY_SHOW[show.key].map((e) => e.title));
    const [first, ...others] = rows;
    expect(JSON.parse(first.transcript!)).toEqual(SAMPLE.cues);
    expect(first.transcript_text).toBe('Welcome to the show.\n\nToday, the new standard.');
    expect(JSON.parse(first.chapters!)).toEqual([SAMPLE.chapters[1], SAMPLE.chapters[0]]);
    for (const r of others) expect([r.title, r.transcript, r.chapters]).toEqual([r.title, null, null]);
    const elsewhere = await t.db('podcast_episodes as e').join('podcast_shows as s', 's.id', 'e.show_id').whereNot('s.slug', show.slug).whereNotNull('e.transcript').count({ n: '*' }).first();
    expect(Number(elsewhere?.n)).toBe(0);
  });
});
