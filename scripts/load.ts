/**
 * Keeps this machine busy, to try tests the way a shared CI machine runs them (docs/performance.md,
 * "The test suite's own time"): `npx tsx scripts/load.ts [--to 10] [--minutes 10]` holds the
 * one-minute load average near `--to` with busy processes, adding one when it is below and stopping
 * one when it is above (other work on the machine counts towards it). `--workers N` starts N busy
 * processes instead and leaves them be. Each process stops by itself after `--minutes` (at most 60),
 * even if this script is killed with SIGKILL; Ctrl-C stops them at once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    to: { type: 'string', default: '10' },
    minutes: { type: 'string', default: '10' },
    workers: { type: 'string' },
  },
});
const target = Number(values.to);
const minutes = Math.min(60, Number(values.minutes));
if (!(target > 0) || !(minutes > 0)) throw new Error('--to and --minutes must be positive numbers');
const fixed = values.workers === undefined ? undefined : Number(values.workers);
/** How often the load is compared with the target: the one-minute average moves about a sixth of the way in 10 s. */
const ADJUST_MS = 10_000;
/** The most busy processes it will run, however far below the target the load stays. */
const MAX_WORKERS = Math.ceil(target * 2);

const deadline = Date.now() + minutes * 60_000;
const workers: ChildProcess[] = [];

function startWorker(): void {
  // A bounded loop: the deadline is the child's own, so nothing outlives the run.
  const child = spawn(process.execPath, ['-e', `const end = ${deadline}; while (Date.now() < end) {}`], { stdio: 'ignore' });
  child.once('exit', () => workers.splice(workers.indexOf(child), 1));
  workers.push(child);
}

function stopWorker(): void {
  workers.at(-1)?.kill();
}

function report(what: string): void {
  const [one, five] = os.loadavg();
  console.info(`${new Date().toISOString()} load ${one.toFixed(2)} (5 min ${five.toFixed(2)}), ${workers.length} busy: ${what}`);
}

function stopAll(): void {
  for (const child of [...workers]) child.kill();
}
process.once('SIGINT', () => {
  stopAll();
  process.exit(130);
});
process.once('SIGTERM', () => {
  stopAll();
  process.exit(143);
});

const initial = fixed ?? Math.max(0, Math.min(MAX_WORKERS, Math.round(target - os.loadavg()[0])));
for (let i = 0; i < initial; i++) startWorker();
report(`started, until ${new Date(deadline).toISOString()}`);

const adjust = setInterval(() => {
  if (Date.now() >= deadline) {
    clearInterval(adjust);
    stopAll();
    report('done');
    return;
  }
  if (fixed !== undefined) return report('fixed');
  const load = os.loadavg()[0];
  if (load < target - 0.5 && workers.length < MAX_WORKERS) {
    startWorker();
    report('below the target: one more');
  } else if (load > target + 0.5 && workers.length > 0) {
    stopWorker();
    report('above the target: one fewer');
  } else report(workers.length === 0 && load > target ? 'above the target from other work alone' : 'steady');
}, ADJUST_MS);
