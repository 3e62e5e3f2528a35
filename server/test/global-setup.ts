import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import knex from 'knex';
import type { TestProject } from 'vitest/node';
import { connect } from '../db/connect';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated SQLite file that each test database starts as a copy of. */
    sqliteTemplate: string;
    /** A migrated PostgreSQL database that each test database is created from (`create database … template`). */
    pgTemplate: string | null;
    /** This run's part of every test database's name (`lc_test_<tag>_…`), by which the run drops what it made. */
    pgRunTag: string;
  }
}

/**
 * Under CI the PostgreSQL half of the suite is mandatory; locally its absence is announced, not hidden.
 * Migrating a fresh PostgreSQL database is slow and the suite makes hundreds: every engine is
 * migrated once here, and each test database is copied from that template (server/test/harness.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lc-template-'));
  const runTag = `${process.pid}_${randomBytes(4).toString('hex')}`;
  const sqliteTemplate = path.join(dir, 'template.sqlite3');
  const sqlite = connect({ client: 'sqlite', filename: sqliteTemplate });
  await sqlite.migrate.latest();
  // Closing the only connection checkpoints the WAL into the file, so the file alone is the database.
  await sqlite.destroy();
  project.provide('sqliteTemplate', sqliteTemplate);

  const url = process.env.TEST_DATABASE_URL;
  let pgTemplate: string | null = null;
  if (!url) {
    if (process.env.CI === 'true') throw new Error('CI=true but TEST_DATABASE_URL is not set: PostgreSQL tests cannot be skipped in CI.');
    console.warn('\n*** TEST_DATABASE_URL is not set: PostgreSQL tests were NOT run (SQLite only). ***\n');
  } else {
    const admin = knex({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
    try {
      await admin.raw('select 1');
    } catch (err) {
      await admin.destroy();
      throw new Error(`TEST_DATABASE_URL=${url} is not reachable: ${(err as Error).message}`);
    }
    pgTemplate = `lc_template_${runTag}`;
    await admin.raw(`create database "${pgTemplate}"`);
    const target = new URL(url);
    target.pathname = `/${pgTemplate}`;
    const db = connect({ client: 'pg', connectionString: target.toString() });
    await db.migrate.latest();
    await db.destroy();
    await admin.destroy();
  }
  project.provide('pgTemplate', pgTemplate);
  project.provide('pgRunTag', runTag);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (url && pgTemplate) {
      const admin = knex({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
      await admin.raw(`drop database if exists "${pgTemplate}" with (force)`);
      // A suite that stopped before its own drop (a crash, a timeout) leaves nothing behind either.
      const left = await admin.raw(`select datname from pg_database where datname like 'lc\\_test\\_${runTag}\\_%'`);
      for (const { datname } of left.rows as Array<{ datname: string }>) await admin.raw(`drop database if exists "${datname}" with (force)`);
      await admin.destroy();
    }
  };
}
