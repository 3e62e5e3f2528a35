import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, copyFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { DatabaseConfig } from './config';
import { connect } from './db/connect';
import { byEngine } from './db/dialect';

const run = promisify(execFile);

/*
 * Backups: one directory per snapshot under `$DATA_DIR/backups/`, holding the database (SQLite:
 * `database.sqlite3` from SQLite's online backup; PostgreSQL: `database.pgdump`, pg_dump's custom
 * format), a copy of the uploaded files (`uploads/`) and `manifest.json`. Both are taken while the
 * server runs. The database goes first: an upload's file is written before its row, so every row in
 * the snapshot has its file by the time the files are copied.
 */

export interface BackupTarget {
  database: DatabaseConfig;
  uploadsDir: string;
}

interface Manifest {
  createdAt: string;
  client: DatabaseConfig['client'];
  database: string;
}

/** How each engine's database goes into a snapshot and comes back: the file's name, the copy and the restore. */
interface DatabaseDump {
  file: string;
  dump(to: string): Promise<void>;
  restore(from: string): Promise<void>;
}

const dumpOf = (database: DatabaseConfig): DatabaseDump =>
  byEngine<DatabaseDump>(database, {
    sqlite: ({ filename }) => ({
      file: 'database.sqlite3',
      dump: (to) => sqliteBackup(filename, to),
      restore: (from) => sqliteRestore(from, filename),
    }),
    pg: ({ connectionString }) => ({
      file: 'database.pgdump',
      dump: async (to) => {
        const pg = pgConnection(connectionString);
        await run('pg_dump', ['--format=custom', '--no-owner', `--file=${to}`, `--dbname=${pg.url}`], { env: pg.env });
      },
      restore: async (from) => {
        const pg = pgConnection(connectionString);
        const args = ['--clean', '--if-exists', '--single-transaction', '--no-owner', '--no-privileges', `--dbname=${pg.url}`, from];
        await run('pg_restore', args, { env: pg.env });
      },
    }),
  });

/** Upload temp files are unfinished by definition (see storage/local.ts). */
const isTempUpload = (file: string) => path.basename(file).startsWith('.upload-');

/** Writes a snapshot into a new directory under `backupsDir` and returns its path. */
export async function createBackup(target: BackupTarget, backupsDir: string, now = new Date()): Promise<string> {
  const dir = path.join(backupsDir, now.toISOString().replace(/:/g, '-'));
  await mkdir(dir, { recursive: true });
  const { file, dump } = dumpOf(target.database);
  await dump(path.join(dir, file));
  await mkdir(target.uploadsDir, { recursive: true });
  await cp(target.uploadsDir, path.join(dir, 'uploads'), { recursive: true, filter: (src) => !isTempUpload(src) });
  const manifest: Manifest = { createdAt: now.toISOString(), client: target.database.client, database: file };
  await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return dir;
}

/** SQLite's online backup API through better-sqlite3, copying every page in one step: one consistent read. */
async function sqliteBackup(source: string, destination: string): Promise<void> {
  const db = connect({ client: 'sqlite', filename: source });
  try {
    const conn = (await db.client.acquireConnection()) as {
      backup(file: string, opts: { progress: () => number }): Promise<unknown>;
    };
    try {
      // Steps of a few pages would let writers in between, and SQLite restarts a backup whose source changed.
      await conn.backup(destination, { progress: () => 0x7fffffff });
    } finally {
      await db.client.releaseConnection(conn);
    }
  } finally {
    await db.destroy();
  }
}

/** The password goes to libpq as PGPASSWORD, so it is not on a command line others can list. */
function pgConnection(connectionString: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(connectionString);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

export class RestoreRefused extends Error {}

/**
 * Puts a snapshot back: the database, then the uploads directory, each replaced whole. Refuses when
 * a server answers at `serverUrl` (restoring under a running server would mix old and new state)
 * unless `force`.
 */
export async function restoreBackup(
  target: BackupTarget,
  backupDir: string,
  { serverUrl, force = false }: { serverUrl?: string; force?: boolean } = {},
): Promise<void> {
  const manifest = JSON.parse(await readFile(path.join(backupDir, 'manifest.json'), 'utf8')) as Manifest;
  if (manifest.client !== target.database.client) {
    throw new RestoreRefused(`This backup is of a ${manifest.client} database; the configured database is ${target.database.client}.`);
  }
  if (!force && serverUrl && (await answers(serverUrl))) {
    throw new RestoreRefused(`A server is running at ${serverUrl}. Stop it first, or pass --force.`);
  }
  await dumpOf(target.database).restore(path.join(backupDir, manifest.database));
  await replaceDir(path.join(backupDir, 'uploads'), target.uploadsDir);
}

async function answers(url: string): Promise<boolean> {
  return fetch(new URL('/api/health', url), { signal: AbortSignal.timeout(2_000) }).then(
    () => true,
    () => false,
  );
}

async function sqliteRestore(from: string, filename: string): Promise<void> {
  await mkdir(path.dirname(filename), { recursive: true });
  const incoming = `${filename}.restoring`;
  await copyFile(from, incoming);
  // The old database's WAL belongs to the old file; left in place it would be replayed into the new one.
  await rm(`${filename}-wal`, { force: true });
  await rm(`${filename}-shm`, { force: true });
  await rename(incoming, filename);
}

async function replaceDir(from: string, to: string): Promise<void> {
  const suffix = randomBytes(4).toString('hex');
  const incoming = `${to}.restoring-${suffix}`;
  const old = `${to}.old-${suffix}`;
  await cp(from, incoming, { recursive: true });
  if (existsSync(to)) await rename(to, old);
  await rename(incoming, to);
  await rm(old, { recursive: true, force: true });
}
