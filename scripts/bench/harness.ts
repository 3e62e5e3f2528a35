/**
 * What run.ts needs to measure a server: start it in a child process (so the load generator and the
 * server never share an event loop), wait for /api/health, drive it with autocannon, stop it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, startServer } from '../../server/test/child-server';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const CONNECTIONS = 10;
const WARMUP_SECONDS = 3;

export interface Server {
  url: string;
  /** CPU time (user + system) the server's processes have used so far, in ms; undefined off Linux. */
  cpuMs(): number | undefined;
  /** The node process that runs the server (tsx's child), for memory readings. */
  nodePid(): number;
}

/**
 * Runs `script` (a path relative to the repository) with tsx on a free port, in the foreground (its
 * output shown, Ctrl-C reaching it), calls `fn` once GET /api/health answers 200, and stops the
 * server afterwards, also when `fn` throws.
 */
export async function withServer<T>(script: string, env: Record<string, string>, fn: (server: Server) => Promise<T>): Promise<T> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await startServer({ url, env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) } }, { script, foreground: true });
  const pid = server.child.pid!;
  try {
    return await fn({ url, cpuMs: () => processTreeCpuMs(pid), nodePid: () => childrenOf(pid)[0] ?? pid });
  } finally {
    await server.stop();
  }
}

/** The process and its descendants (tsx's child node process, WORKERS' workers), from Linux's /proc. */
function processTreeCpuMs(pid: number): number | undefined {
  const tree = (p: number): number[] => [p, ...childrenOf(p).flatMap(tree)];
  try {
    return tree(pid).reduce((sum, p) => sum + cpuMsOf(p), 0);
  } catch {
    return undefined;
  }
}

/** User and system CPU of one process, from /proc (throws when it is gone). */
function cpuMsOf(pid: number | string): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after "(comm) ": state is [0], utime [11], stime [12], in clock ticks of 1/100 s.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Every PostgreSQL server process on this machine (0 where there is none, e.g. on SQLite only). */
function postgresCpuMs(): number {
  let ms = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') ms += cpuMsOf(pid);
    } catch {
      // Ended meanwhile.
    }
  }
  return ms;
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

export interface Target {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /**
   * The n-th request sent (0, 1, 2, … across all connections), when requests must differ: to miss
   * the response cache, or to make every like a real change.
   */
  vary?: (n: number) => { method?: 'GET' | 'POST' | 'DELETE'; path: string };
}

export interface Measurement {
  name: string;
  method: string;
  path: string;
  /** Completed requests (any status) per second of the measured run. */
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** Responses that were not 2xx plus connection errors/timeouts: any of them makes the row invalid. */
  failures: number;
  statusCodes: Record<string, number>;
  /** When there were failures: the status and body of one more request, to say why. */
  failureSample?: string;
  /** Mean response size, to check that compared endpoints send comparable payloads. */
  bytesPerResponse: number;
  /**
   * Server CPU time per request (ms): far less sensitive to other work on the machine than req/s.
   * Only the Node process: PostgreSQL's own CPU is not in it.
   */
  cpuMsPerRequest?: number;
  /**
   * CPU per request of the PostgreSQL server's processes (every `postgres` process on the machine, from
   * /proc: run the bench on a machine where nothing else uses that server), and of the load generator
   * (this process, where autocannon runs). With cpuMsPerRequest they say how the cores were shared,
   * which bounds what more workers can gain (docs/performance.md, "Several processes").
   */
  dbCpuMsPerRequest?: number;
  clientCpuMsPerRequest: number;
}

/** 10 connections: a 3 s warm-up whose results are discarded, then `seconds` measured. */
export async function measure(server: Server, target: Target, seconds: number): Promise<Measurement> {
  const method = target.method ?? 'GET';
  let sent = 0;
  const { vary } = target;
  const load = (duration: number) =>
    autocannon({
      url: server.url + target.path,
      method,
      headers: target.headers,
      body: target.body,
      connections: CONNECTIONS,
      duration,
      requests: vary ? [{ path: target.path, setupRequest: (request) => ({ ...request, ...vary(sent++) }) }] : undefined,
    });
  await load(WARMUP_SECONDS);
  const cpuBefore = server.cpuMs();
  const dbBefore = postgresCpuMs();
  const clientBefore = process.cpuUsage();
  const result = await load(seconds);
  const client = process.cpuUsage(clientBefore);
  const dbAfter = postgresCpuMs();
  const cpuAfter = server.cpuMs();
  const requests = Math.max(result.requests.total, 1);
  const failures = result.non2xx + result.errors;
  return {
    name: target.name,
    method,
    path: target.path,
    requestsPerSec: result.requests.total / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count])),
    failureSample: failures ? await sample(server.url, target) : undefined,
    bytesPerResponse: Math.round(result.throughput.total / requests),
    cpuMsPerRequest: cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / requests,
    dbCpuMsPerRequest: dbAfter - dbBefore > 0 ? (dbAfter - dbBefore) / requests : undefined,
    clientCpuMsPerRequest: (client.user + client.system) / 1000 / requests,
  };
}

async function sample(baseUrl: string, target: Target): Promise<string> {
  try {
    const res = await fetch(baseUrl + target.path, { method: target.method, headers: target.headers, body: target.body });
    return `${res.status} ${(await res.text()).slice(0, 200)}`;
  } catch (err) {
    return String(err);
  }
}
