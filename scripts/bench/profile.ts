/**
 * `npx tsx scripts/bench/profile.ts [--db sqlite|pg] [--duration 10] [--target "news list (signed in, uncached)"] [--reference]`
 *
 * Where one bench request's time goes (docs/performance.md, "Where a first read's time goes"): a
 * fresh 10k database as the bench makes it, the app under V8's sampling profiler
 * (profiled-main.ts), the target driven by autocannon as in the bench, and the profile of the
 * measured run written to bench-results/<timestamp>-profile-<db>.cpuprofile (open it in Chrome
 * DevTools). Prints self time per request by package or file and the top functions. Sampled time is
 * wall-clock on a busy machine: compare shares within one profile, or two profiles of one minute.
 * `--reference` profiles the bench's reference (reference.ts) on the same target's path instead of
 * the app, so the two can be set side by side part by part.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { ROOT, measure, withServer } from './harness';
import { appTargets, prepareDatabase, signIn, type DbKind } from './setup';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    duration: { type: 'string', default: '10' },
    target: { type: 'string', default: 'news list (signed in, uncached)' },
    reference: { type: 'boolean', default: false },
  },
});
const kind = values.db as DbKind;
const seconds = Number(values.duration);
if ((kind !== 'sqlite' && kind !== 'pg') || !(seconds > 0)) {
  console.error('usage: npx tsx scripts/bench/profile.ts [--db sqlite|pg] [--duration seconds] [--target name]');
  process.exit(2);
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'lc-profile-'));
const { env, targets, drop } = await prepareDatabase(kind, dir, '10k');
mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
const out = path.join(ROOT, 'bench-results', `${new Date().toISOString().replace(/[:.]/g, '-')}-profile-${values.reference ? 'reference-' : ''}${kind}.cpuprofile`);
try {
  const measured = await withServer('scripts/bench/profiled-main.ts', { ...env, PROFILE_OUT: out, ...(values.reference ? { PROFILE_REFERENCE: '1' } : {}) }, async (server) => {
    // The reference has no sign-in: it answers every request alike, so the target's cookie is left out.
    const cookie = values.reference ? '' : await signIn(server.url);
    const target = appTargets(server.url, targets, cookie).find((t) => t.name === values.target);
    if (!target) throw new Error(`no bench target named "${values.target}"`);
    // measure() warms up for 3 s first; record from just after that to the end of the measured run.
    const start = setTimeout(() => process.kill(server.nodePid(), 'SIGUSR2'), 3_200);
    const result = await measure(server, target, seconds);
    clearTimeout(start);
    process.kill(server.nodePid(), 'SIGUSR2');
    for (let i = 0; i < 50 && !existsSync(out); i++) await sleep(100);
    return result;
  });
  console.info(`${measured.name}: ${measured.requestsPerSec.toFixed(0)} req/s, CPU ${measured.cpuMsPerRequest?.toFixed(2) ?? '–'} ms/req (profiled)`);
  summarise(out, measured.requestsPerSec);
  console.info(`\nwrote ${path.relative(ROOT, out)}`);
} finally {
  await drop();
  rmSync(dir, { recursive: true, force: true });
}

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string } }>;
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** Self time per request, by package (or file of this repository) and by function. */
function summarise(file: string, requestsPerSec: number): void {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const requests = (requestsPerSec * (profile.endTime - profile.startTime)) / 1e6;
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const add = (m: Map<string, number>, key: string, ms: number) => m.set(key, (m.get(key) ?? 0) + ms);
  profile.samples.forEach((id, i) => {
    const { functionName, url } = frames.get(id)!;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const where = url.replace(`file://${ROOT}/`, '').replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1');
    add(byPlace, where || `(${functionName || 'native'})`, ms);
    add(byFunction, `${functionName || '(anonymous)'} ${where}`, ms);
  });
  const total = [...byPlace.values()].reduce((a, b) => a + b, 0);
  const print = (title: string, m: Map<string, number>, n: number) => {
    console.info(`\n${title} (${(total / requests).toFixed(2)} sampled ms per request in all)`);
    for (const [key, ms] of [...m].sort((a, b) => b[1] - a[1]).slice(0, n)) {
      console.info(`${((100 * ms) / total).toFixed(1).padStart(5)} %  ${(ms / requests).toFixed(3)} ms/req  ${key}`);
    }
  };
  print('Self time by package or file', byPlace, 25);
  print('Self time by function', byFunction, 30);
}
