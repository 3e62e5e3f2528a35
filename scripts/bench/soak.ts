/**
 * `npm run soak [-- --duration 120] [--db sqlite|pg] [--size 10k] [--max-growth-mb 64]`
 *
 * The real app (server/main.ts, NODE_ENV=production) in a child process on generated data, driven on
 * loopback by autocannon with no rate limit (as fast as the machine answers) with a mix of reads and
 * writes: lists, an article, a discussion, likes and unlikes, comments. After a warm-up whose results
 * are discarded, it runs for --duration seconds and fails (exit 1) when any request was not 2xx or
 * the server's resident memory grew by more than --max-growth-mb between the end of the warm-up and
 * the end. Not part of `npm test`: run it on an idle machine (docs/performance.md, "Soak").
 *
 * `--processes n`: n server processes on the one database behind HAProxy (Debian's
 * haproxy, the configuration of docs/deploy.md), driven through the balancer; halfway through, the
 * first process is killed with SIGKILL and started again. Only requests in flight on the killed
 * process may fail: the run fails when more than the connections' count did (each connection has at
 * most one request in flight). Memory is not read in this mode.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { SIZES, type BenchSize } from './generate';
import { CONNECTIONS, withServer, type Server } from './harness';
import { prepareDatabase, signIn, type DbKind } from './setup';
import { loadConfig } from '../../server/config';
import { freePort, startServer, type Deployment } from '../../server/test/child-server';
import { haproxyConfig, startHaproxy } from '../../server/test/haproxy';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '120' },
    db: { type: 'string', default: 'sqlite' },
    size: { type: 'string', default: '10k' },
    'max-growth-mb': { type: 'string', default: '64' },
    processes: { type: 'string', default: '1' },
  },
});
const processes = Number(values.processes);
const seconds = Number(values.duration);
const kind = values.db as DbKind;
const size = values.size as BenchSize;
const maxGrowthMb = Number(values['max-growth-mb']);
if (!(seconds > 0) || !['sqlite', 'pg'].includes(kind) || !(size in SIZES) || !(maxGrowthMb > 0) || !(processes >= 1)) {
  console.error('usage: npm run soak -- [--duration seconds] [--db sqlite|pg] [--size 10k|100k] [--max-growth-mb 64] [--processes n]');
  process.exit(2);
}
// Long enough for the JIT, the pools and the caches to settle before memory is read.
const warmupSeconds = Math.min(20, Math.max(5, Math.round(seconds / 6)));

interface Memory {
  rssMb: number;
  heapUsedMb: number;
}

/**
 * The server's memory, from outside: RSS from /proc, heap from a Node diagnostic report that the
 * server writes on SIGUSR2 (NODE_OPTIONS below), so the app needs no endpoint for it.
 */
async function memoryOf(server: Server, reportDir: string): Promise<Memory> {
  const pid = server.nodePid();
  const before = new Set(readdirSync(reportDir));
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 100; i++) {
    const fresh = readdirSync(reportDir).filter((f) => !before.has(f) && f.endsWith('.json'));
    if (fresh.length) {
      await sleep(50); // the report is written in one go; give the write a moment to finish
      const report = JSON.parse(readFileSync(path.join(reportDir, fresh[0]), 'utf8'));
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
      return { rssMb: rssKb / 1024, heapUsedMb: report.javascriptHeap.usedMemory / 2 ** 20 };
    }
    await sleep(50);
  }
  throw new Error('the server wrote no diagnostic report');
}

/** Two writes in seven requests; like then unlike keeps the like count from saturating. */
function mix(url: string, cookie: string, { articleId, discussionId }: { articleId: string; discussionId: string }) {
  const signedIn = { cookie, origin: url };
  const json = { ...signedIn, 'content-type': 'application/json' };
  return [
    { path: '/api/news?limit=50' },
    { method: 'POST' as const, path: `/api/news/${articleId}/like`, headers: signedIn },
    { path: `/api/news/${articleId}`, headers: { cookie } },
    { method: 'POST' as const, path: `/api/news/${articleId}/comments`, headers: json, body: JSON.stringify({ content: 'Soak comment' }) },
    { path: `/api/forum/discussions/${discussionId}` },
    { method: 'DELETE' as const, path: `/api/news/${articleId}/like`, headers: signedIn },
    { path: '/api/podcasts?limit=50' },
  ];
}

/** `--processes n`: n processes behind HAProxy, the first killed and restarted halfway. True when it failed. */
async function soakBehindBalancer(env: Record<string, string>, targets: { articleId: string; discussionId: string }, workDir: string): Promise<boolean> {
  const listen = await freePort();
  const site = `http://127.0.0.1:${listen}`;
  const deployments: Deployment[] = [];
  for (let i = 0; i < processes; i++) {
    const port = await freePort();
    const dataDir = path.join(workDir, `process-${i}`);
    const url = `http://127.0.0.1:${port}`;
    const own = { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, ALLOWED_HOSTS: `127.0.0.1:${listen}`, TRUST_PROXY: '127.0.0.1' };
    deployments.push({ env: own, dataDir, database: loadConfig(own).database, url, cleanup: async () => {} });
  }
  const servers = await Promise.all(deployments.map((d) => startServer(d)));
  const haproxy = await startHaproxy(workDir, haproxyConfig(listen, deployments.map((d, i) => ({ name: `p${i}`, port: Number(new URL(d.url).port) }))), site);
  try {
    const requests = mix(site, await signIn(site), targets);
    const load = (duration: number) => autocannon({ url: site, connections: CONNECTIONS, duration, requests });
    console.info(`[soak] ${kind}, ${size}, ${processes} processes behind HAProxy: warm-up ${warmupSeconds} s, then ${seconds} s; process 0 killed at ${Math.round(seconds / 2)} s…`);
    await load(warmupSeconds);
    const running = load(seconds);
    await sleep((seconds / 2) * 1000);
    servers[0].kill();
    await servers[0].exited;
    const killedAt = Date.now();
    servers[0] = await startServer(deployments[0]);
    const restartSeconds = (Date.now() - killedAt) / 1000;
    const result = await running;
    const errors = result.non2xx + result.errors + result.timeouts;
    console.info(
      [
        '',
        `| ${kind}, ${size}, ${processes} processes behind HAProxy, ${seconds} s | value |`,
        '|---|---:|',
        `| requests | ${result.requests.total} (${(result.requests.total / result.duration).toFixed(0)} req/s) |`,
        `| errors (non-2xx, failed, timed out) | ${errors} (${JSON.stringify(result.statusCodeStats)}) |`,
        `| allowed: requests in flight on the killed process | at most ${CONNECTIONS} |`,
        `| process 0 back after | ${restartSeconds.toFixed(1)} s |`,
        `| latency p50 / p99 | ${result.latency.p50} ms / ${result.latency.p99} ms |`,
        `| load average at end | ${os.loadavg()[0].toFixed(2)} |`,
        '',
      ].join('\n'),
    );
    if (errors > CONNECTIONS) console.error(`FAILED: ${errors} requests failed, more than the ${CONNECTIONS} that can be in flight on one process`);
    return errors > CONNECTIONS;
  } finally {
    haproxy.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.stop()));
  }
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'lc-soak-'));
const reportDir = mkdtempSync(path.join(os.tmpdir(), 'lc-soak-reports-'));
let failed = true;
try {
  const { env, targets, drop } = await prepareDatabase(kind, dir, size);
  try {
    const nodeOptions = `${process.env.NODE_OPTIONS ?? ''} --report-on-signal --report-signal=SIGUSR2 --report-directory=${reportDir}`;
    if (processes > 1) failed = await soakBehindBalancer(env, targets, dir);
    else failed = await withServer('server/main.ts', { ...env, NODE_OPTIONS: nodeOptions.trim() }, async (server) => {
      const requests = mix(server.url, await signIn(server.url), targets);
      const load = (duration: number) => autocannon({ url: server.url, connections: CONNECTIONS, duration, requests });

      console.info(`[soak] ${kind}, ${size}: warm-up ${warmupSeconds} s, then ${seconds} s at full speed over ${CONNECTIONS} connections…`);
      const warm = await load(warmupSeconds);
      const start = await memoryOf(server, reportDir);
      const result = await load(seconds);
      const end = await memoryOf(server, reportDir);

      const errors = result.non2xx + result.errors + result.timeouts + warm.non2xx + warm.errors + warm.timeouts;
      const growth = end.rssMb - start.rssMb;
      const mb = (n: number) => `${n.toFixed(1)} MB`;
      console.info(
        [
          '',
          `| ${kind}, ${size}, ${seconds} s | value |`,
          '|---|---:|',
          `| requests | ${result.requests.total} (${(result.requests.total / result.duration).toFixed(0)} req/s) |`,
          `| errors (non-2xx, failed, timed out) | ${errors} |`,
          `| latency p50 / p99 | ${result.latency.p50} ms / ${result.latency.p99} ms |`,
          `| RSS after warm-up → end | ${mb(start.rssMb)} → ${mb(end.rssMb)} (${growth >= 0 ? '+' : ''}${mb(growth)}, bound ${maxGrowthMb} MB) |`,
          `| heap used after warm-up → end | ${mb(start.heapUsedMb)} → ${mb(end.heapUsedMb)} |`,
          `| load average at end | ${os.loadavg()[0].toFixed(2)} |`,
          '',
        ].join('\n'),
      );
      if (errors) console.error(`FAILED: ${errors} requests were not answered 2xx (${JSON.stringify(result.statusCodeStats)})`);
      if (growth > maxGrowthMb) console.error(`FAILED: resident memory grew by ${mb(growth)}, more than ${maxGrowthMb} MB`);
      return errors > 0 || growth > maxGrowthMb;
    });
  } finally {
    await drop();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
  rmSync(reportDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
