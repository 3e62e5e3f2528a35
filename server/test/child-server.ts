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
  return {
    dataDir,
    database,
    url: `http://127.0.0.1:${port}`,
    env: serverEnv({
      port,
      host: '127.0.0.1',
      dataDir,
      databaseUrl: database.client === 'sqlite' ? `file:${database.filename}` : database.connectionString,
    }),
    async cleanup() {
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The environment of a server child process: this one's, with the test's settings and no inherited DATABASE_URL. */
export function serverEnv({ port, host, dataDir, databaseUrl }: { port: number; host: string; dataDir: string; databaseUrl: string }): NodeJS.ProcessEnv {
  const { DATABASE_URL: _inherited, ...parentEnv } = process.env;
  return {
    ...parentEnv,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: host,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
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
  /** What the server has printed to stdout so far (its log at LOG_LEVEL=info; the last 100 KB; empty in the foreground). */
  output(): string;
  /** SIGKILL to the server (to its whole process group unless it runs in the foreground). */
  kill(): void;
  /** SIGTERM, then SIGKILL if it has not exited within 15 s. */
  stop(): Promise<void>;
  exited: Promise<void>;
}

/**
 * Starts a server script with tsx (`server/main.ts` unless `script` names another, e.g. a bench
 * reference server) on `d`'s environment, and waits until `/api/health` is 200 (or, with
 * `until: 'answering'`, until it answers at all), after the `prefix` command if one is given
 * (`ip netns exec <ns>`: on another machine). By default the server runs in its own process
 * group with its output kept, so that kill() also reaches the node process tsx starts; in the
 * `foreground` it shares this terminal instead (its output shown, Ctrl-C reaching it too), and tsx
 * passes signals on. With `clockAheadMs`, the server's clock (Date.now) runs that far ahead of the
 * machine's (clock-ahead.ts).
 */
export async function startServer(
  d: Pick<Deployment, 'url' | 'env'>,
  {
    until = 'healthy',
    script = 'server/main.ts',
    foreground = false,
    prefix = [],
    clockAheadMs = 0,
  }: { until?: 'healthy' | 'answering'; script?: string; foreground?: boolean; prefix?: string[]; clockAheadMs?: number } = {},
): Promise<RunningServer> {
  const clockAhead = clockAheadMs > 0 ? ['--import', path.join(repoRoot, 'server/test/clock-ahead.ts')] : [];
  const [command, ...args] = [...prefix, path.join(repoRoot, 'node_modules/.bin/tsx'), ...clockAhead, script];
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: clockAheadMs > 0 ? { ...d.env, TEST_CLOCK_AHEAD_MS: String(clockAheadMs) } : d.env,
    stdio: foreground ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
    detached: !foreground,
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-10_000)));
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout = (stdout + chunk.toString()).slice(-100_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (sig: NodeJS.Signals) => {
    try {
      if (foreground) child.kill(sig);
      else process.kill(-child.pid!, sig);
    } catch {
      // already gone
    }
  };
  try {
    await waitForHealth(d.url, { exited: () => child.exitCode !== null, answering: until === 'answering' });
  } catch (err) {
    signal('SIGKILL');
    throw new Error(`${script}: ${(err as Error).message}${stderr ? `:\n${stderr}` : ''}`);
  }
  return {
    child,
    output: () => stdout,
    kill: () => signal('SIGKILL'),
    async stop() {
      signal('SIGTERM');
      const timer = setTimeout(() => signal('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
    exited,
  };
}

/**
 * Polls `<url>/api/health` until it answers 200 (with `answering`, until it answers at all); fails
 * once `exited()` says the server is gone, or after `timeoutMs`.
 */
export async function waitForHealth(
  url: string,
  { exited, answering = false, timeoutMs = 60_000 }: { exited: () => boolean; answering?: boolean; timeoutMs?: number },
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited()) throw new Error(`exited before ${url}/api/health answered`);
    const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.ok || answering,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url}/api/health did not answer within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
