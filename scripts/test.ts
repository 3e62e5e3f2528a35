// `npm test`: type-check, build the PWA, hold `/` to its JS budget, check the import layers
// (dependency-cruiser), run the server suites (vitest, SQLite + PostgreSQL) and the browser suites
// (Playwright in Chromium), then print one line totalling every suite.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const run = (label: string, cmd: string, args: string[]) => {
  console.info(`\n=== ${label} ===`);
  return spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env }).status ?? 1;
};

let failedSteps = 0;
let passed = 0;
let failed = 0;

if (run('type-check (tsc)', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']) !== 0) failedSteps++;
// The service worker has its own lib (WebWorker instead of DOM), so it is checked as its own project.
if (run('type-check the service worker (tsc)', bin('tsc'), ['-p', 'pwa/sw/tsconfig.json', '--noEmit']) !== 0) failedSteps++;
if (run('build the PWA (vite build)', bin('vite'), ['build']) !== 0) failedSteps++;

// One test: the initial JS for `/` within its gzipped budget (it prints the sizes).
if (run('bundle budget (scripts/check-bundle.ts)', bin('tsx'), ['scripts/check-bundle.ts']) === 0) passed++;
else failed++;

// One test per import rule of .dependency-cruiser.cjs (`npm run lint:layers`): a rule with a violation fails.
const layersReport = path.join(root, 'test-results/layers.json');
rmSync(layersReport, { force: true });
mkdirSync(path.dirname(layersReport), { recursive: true });
run('import layers (dependency-cruiser)', 'npm', ['run', '-s', 'lint:layers', '--', '--output-type', 'json', '--output-to', layersReport]);
if (existsSync(layersReport)) {
  spawnSync(bin('depcruise-fmt'), ['--output-type', 'err-long', layersReport], { cwd: root, stdio: 'inherit' });
  const { summary } = JSON.parse(readFileSync(layersReport, 'utf8'));
  const broken = new Set(summary.violations.map((v: { rule: { name: string } }) => v.rule.name));
  const rules = summary.ruleSetUsed.forbidden.length;
  passed += rules - broken.size;
  failed += broken.size;
} else failedSteps++;

const vitestReport = path.join(root, 'test-results/vitest.json');
rmSync(vitestReport, { force: true });
const serverStatus = run('server tests (vitest)', bin('vitest'), ['run']);
if (existsSync(vitestReport)) {
  const r = JSON.parse(readFileSync(vitestReport, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  if (serverStatus !== 0 && r.numFailedTests === 0) failedSteps++;
} else failedSteps++;

const pwReport = path.join(root, 'test-results/playwright.json');
rmSync(pwReport, { force: true });
const e2eStatus = run('browser tests (playwright, chromium)', bin('playwright'), ['test']);
if (existsSync(pwReport)) {
  const r = JSON.parse(readFileSync(pwReport, 'utf8'));
  passed += r.stats.expected + (r.stats.flaky ?? 0);
  failed += r.stats.unexpected;
  if (e2eStatus !== 0 && r.stats.unexpected === 0) failedSteps++;
} else failedSteps++;

// A suite that could not run at all (type errors, build failure, no browser) counts as a failure.
failed += failedSteps;
console.info(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
