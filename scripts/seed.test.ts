import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../server/config';
import { toInt } from '../server/db/dialect';
import { createTestDatabase, DB_KINDS } from '../server/test/harness';

/*
 * `npm run seed` (scripts/seed.ts) on each engine: an empty database is migrated and given the sample
 * data, with every sample episode's audio (minutes of Opus speech) in the uploads directory; a second
 * run adds nothing.
 */

const root = path.resolve(import.meta.dirname, '..');
const dataDirs: string[] = [];
afterAll(() => dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function databaseUrl(config: DatabaseConfig): string {
  return config.client === 'pg' ? config.connectionString : `file:${config.filename}`;
}

/** Runs the script as `npm run seed` does; resolves with its exit code and what it printed. */
function seed(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['scripts/seed.ts'], { cwd: root, env: { ...process.env, NODE_ENV: 'development', ...env } });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

describe.each(DB_KINDS)('npm run seed [%s]', (kind) => {
  it('migrates and seeds an empty database once, with the episodes\' audio; a second run adds nothing', async () => {
    const database = await createTestDatabase(kind, { migrate: false });
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lc-seed-'));
    dataDirs.push(dataDir);
    try {
      const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl(database.config) };
      const first = await seed(env);
      expect(first.code, first.out).toBe(0);
      expect(first.out).toContain('Sample data added.');
      const count = async (table: string) => toInt((await database.db(table).count({ n: '*' }).first())?.n);
      const articles = await count('news_articles');
      const episodes = await count('podcast_episodes');
      expect(articles).toBeGreaterThan(0);
      expect(episodes).toBeGreaterThan(0);
      expect(await count('users')).toBeGreaterThan(0);
      // Every sample episode plays: its audio file was written to the uploads storage.
      const withAudio = await database.db('podcast_episodes').whereNotNull('audio_url').count({ n: '*' }).first();
      expect(toInt(withAudio?.n)).toBe(episodes);
      expect(readdirSync(path.join(dataDir, 'uploads'), { recursive: true }).length).toBeGreaterThanOrEqual(episodes);
      // Minutes of speech in Opus each, the duration read from the file as it was stored.
      const rows: { duration: unknown; audio_type: string; audio_bytes: unknown }[] = await database.db('podcast_episodes').select('duration', 'audio_type', 'audio_bytes');
      for (const row of rows) {
        expect(row.audio_type).toBe('audio/ogg');
        expect(toInt(row.duration)).toBeGreaterThanOrEqual(120);
        expect(toInt(row.duration)).toBeLessThanOrEqual(360);
        expect(toInt(row.audio_bytes)).toBeGreaterThan(100_000);
      }

      const second = await seed(env);
      expect(second.code, second.out).toBe(0);
      expect(second.out).toContain('The database already has content: nothing added.');
      expect(await count('news_articles')).toBe(articles);
      expect(await count('podcast_episodes')).toBe(episodes);
    } finally {
      await database.drop();
    }
  }, 120_000);
});
