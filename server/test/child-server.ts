import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import knex from 'knex';
import type { DatabaseConfig } from '../config';
import type { DbKind } from './harness';

/* The real server (tsx server/main.ts) as a child process, on its own data directory and database. */

export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const ADMIN = { email: 'crash-admin@example.com', password: 'crash-admin-pw' };

export interface Deployment {
  env: NodeJS.ProcessEnv;
  dataDir: string;
  database: DatabaseConfig;
  url: string;
  cleanup(): Promise<void>;
}

export async function deploy(kind: DbKind): Promise<Deployment> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lc-crash-'));
  let database: DatabaseConfig;
  let dropDatabase = async () => {};
  if (kind === 'sqlite') {
    database = { client: 'sqlite', filename: path.join(dataDir, 'app.sqlite3') };
  } else {
    const server = process.env.TEST_DATABASE_URL!;
    const name = `lc_crash_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = knex({ client: 'pg', connection: server, pool: { min: 0, max: 1 } });
    await admin.raw(`create database "${name}"`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    database = { client: 'pg', connectionString: url.toString() };
    dropDatabase = async () => {
      await admin.raw(`drop database if exists "${name}" with (force)`);
      await admin.destroy();
    };
  }
  const port = await freePort();
  const { DATABASE_URL: _inherited, ...parentEnv } = process.env;
  return {
    dataDir,
    database,
    url: `http://127.0.0.1:${port}`,
    env: {
      ...parentEnv,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database.client === 'sqlite' ? `file:${database.filename}` : database.connectionString,
      SEED: 'none',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'error',
      // The crash test floods writes from a few members on purpose: not what the limits are about.
      WRITE_RATE_COMMENTS_PER_MINUTE: '1000000',
      WRITE_RATE_COMMENTS_PER_HOUR: '1000000',
      WRITE_RATE_LIKES_PER_MINUTE: '1000000',
      WRITE_RATE_LIKES_PER_HOUR: '1000000',
      WRITE_RATE_UPLOADS_PER_MINUTE: '1000000',
      WRITE_RATE_UPLOADS_PER_HOUR: '1000000',
    },
    async cleanup() {
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A second deployment on `d`'s database, with its own data directory and port (another process or machine). */
export async function sibling(d: Deployment): Promise<Deployment> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lc-sibling-'));
  const port = await freePort();
  return {
    dataDir,
    database: d.database,
    url: `http://127.0.0.1:${port}`,
    env: { ...d.env, PORT: String(port), DATA_DIR: dataDir },
    async cleanup() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  child: ChildProcess;
  /** What the server has printed to stdout so far (its log at LOG_LEVEL=info; the last 100 KB). */
  output(): string;
  /** SIGKILL to the whole process group (tsx runs the server in a child node process). */
  kill(): void;
  stop(): Promise<void>;
  exited: Promise<void>;
}

/** Starts the server and waits until `/api/health` is 200 (or, with `until: 'answering'`, until it answers at all). */
export async function startServer(d: Deployment, { until = 'healthy' }: { until?: 'healthy' | 'answering' } = {}): Promise<RunningServer> {
  const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['server/main.ts'], {
    cwd: repoRoot,
    env: d.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-10_000)));
  let stdout = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout = (stdout + chunk.toString()).slice(-100_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, sig);
    } catch {
      // already gone
    }
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${stderr}`);
    const ok = await fetch(`${d.url}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.ok || until === 'answering',
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      signal('SIGKILL');
      throw new Error(`server not healthy in time:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    output: () => stdout,
    kill: () => signal('SIGKILL'),
    async stop() {
      signal('SIGTERM');
      const timer = setTimeout(() => signal('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
    exited,
  };
}

