// Starts the real server (`npm start`'s scripts/start.ts) on a free port with a fresh DATA_DIR: one
// per Playwright worker (fixtures.ts) and one for `npm run screenshots`.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
export const STARTUP_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 5_000;

export type Seed = 'sample' | 'none';

const UNLIMITED_WRITES: NodeJS.ProcessEnv = Object.fromEntries(
  ['COMMENTS', 'DISCUSSIONS', 'LIKES', 'UPLOADS'].flatMap((what) =>
    ['PER_MINUTE', 'PER_HOUR'].map((per) => [`WRITE_RATE_${what}_${per}`, '1000000']),
  ),
);

export interface TestServer {
  url: string;
  dataDir: string;
}

export interface RunningServer extends TestServer {
  /** Stops the server's process group and removes its DATA_DIR. */
  close(): Promise<void>;
}

/**
 * Serves the built PWA (dist/pwa, or `env.PWA_DIR`) and the API on a database that starts with
 * `seed`. `env` adds variables (e.g. a spec serving a copied build through PWA_DIR).
 */
export async function startServer(seed: Seed, env: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  // The port is free when probed, not when the server binds it: on a machine where others start
  // servers too, another can take it in between. Ours then exits (EADDRINUSE) while theirs answers
  // the health check, so a port counts as ours only once our server says it serves it; a port taken
  // meanwhile is tried again with another.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnFreePort(seed, env);
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === PORT_ATTEMPTS) throw error;
    }
  }
}

const PORT_ATTEMPTS = 3;

class PortTaken extends Error {}

async function startOnFreePort(seed: Seed, env: NodeJS.ProcessEnv): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ledger-e2e-'));
  const port = await findFreePort();
  const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['scripts/start.ts'], {
    cwd: repoRoot,
    env: {
      ...withoutInheritedDatabase(process.env),
      // Specs share a worker's server and its seeded accounts, and post quickly: the write limits
      // (docs/security.md §12) are their own spec's subject (write-limits.spec.ts sets low ones).
      ...UNLIMITED_WRITES,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      SEED: seed,
      // Its start-up lines, "… is serving <url>" among them, tell that it is this server that answers.
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Own process group, so stopping it also stops the node process that tsx starts.
    detached: true,
  });
  const output = captureOutput(child);
  const url = `http://127.0.0.1:${port}`;
  const close = async () => {
    await stop(child);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilHealthy(url, child, output);
  } catch (error) {
    await close();
    throw /EADDRINUSE/.test(output()) ? new PortTaken(`port ${port} was taken before the server bound it`) : error;
  }
  return { url, dataDir, close };
}

/**
 * A developer's DATABASE_URL, SITE_NAME or PWA_DIR must not leak in: each server gets a fresh SQLite
 * file, the default name and the checkout's build.
 */
function withoutInheritedDatabase(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _database, SITE_NAME: _siteName, PWA_DIR: _pwaDir, ...rest } = env;
  return rest;
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      if (address === null || typeof address === 'string') {
        probe.close();
        reject(new Error('could not read the probe port'));
        return;
      }
      probe.close(() => resolve(address.port));
    });
  });
}

/** Keeps the last part of the child's stdout and stderr to explain a failed start. */
function captureOutput(child: ChildProcess): () => string {
  let text = '';
  const append = (chunk: Buffer) => {
    text = (text + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  return () => text;
}

async function waitUntilHealthy(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const exited = new Promise<never>((_, reject) => {
    child.once('exit', (code, signal) => {
      reject(new Error(`npm start (scripts/start.ts) exited (code ${code}, signal ${signal}) before becoming healthy:\n${output()}`));
    });
  });
  exited.catch(() => {}); // observed below; avoid an unhandled rejection once the server is up

  // server/main.ts logs this once it listens: until then a health answer may be another server's.
  const serving = () => output().includes(` is serving ${url} `);
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const healthy = serving() && (await Promise.race([isHealthy(url), exited]));
    if (healthy) return;
    await Promise.race([delay(100), exited]);
  }
  throw new Error(`server did not answer GET /api/health with 200 within ${STARTUP_TIMEOUT_MS} ms:\n${output()}`);
}

async function isHealthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return response.status === 200;
  } catch {
    return false; // not listening yet
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // the group is already gone
    }
  };
  signalGroup('SIGTERM');
  const timer = setTimeout(() => signalGroup('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
