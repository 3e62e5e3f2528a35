import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HOME_ROUTE_MODULE, initialChunks } from './check-bundle';

const root = path.resolve(import.meta.dirname, '..');
const KB = 1024;

/**
 * A fake build: the entry imports a vendor chunk and lazily the home route (which imports a shared
 * chunk) and an admin screen. Random bytes do not compress, so gzip sizes are about the raw sizes.
 */
function fakeDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'check-bundle-'));
  mkdirSync(path.join(dir, '.vite'));
  mkdirSync(path.join(dir, 'assets'));
  const files: Record<string, number> = {
    'assets/index.js': 20 * KB,
    'assets/vendor.js': 30 * KB,
    'assets/HomeScreen.js': 8 * KB,
    'assets/shared.js': 2 * KB,
    'assets/AdminScreen.js': 50 * KB,
  };
  for (const [file, size] of Object.entries(files)) writeFileSync(path.join(dir, file), randomBytes(size));
  const manifest = {
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      imports: ['_vendor.js'],
      dynamicImports: [HOME_ROUTE_MODULE, 'features/admin/AdminScreen.tsx'],
    },
    '_vendor.js': { file: 'assets/vendor.js' },
    '_shared.js': { file: 'assets/shared.js', imports: ['_vendor.js'] },
    [HOME_ROUTE_MODULE]: { file: 'assets/HomeScreen.js', imports: ['_shared.js', '_vendor.js'] },
    'features/admin/AdminScreen.tsx': { file: 'assets/AdminScreen.js', imports: ['_vendor.js'] },
  };
  writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
  return dir;
}

const dist = fakeDist();
afterAll(() => rmSync(dist, { recursive: true, force: true }));

function runCheck(budgetKb: string, maxChunks = '6') {
  const result = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['scripts/check-bundle.ts', dist], {
    cwd: root,
    env: { ...process.env, BUNDLE_BUDGET_KB: budgetKb, BUNDLE_MAX_CHUNKS: maxChunks },
    encoding: 'utf8',
  });
  return { status: result.status, output: result.stdout + result.stderr };
}

describe('scripts/check-bundle.ts', () => {
  it('counts the entry, its static imports and the home route chunk once each, never other lazy chunks', () => {
    const chunks = initialChunks(dist);
    expect(chunks.map((c) => [c.file, c.via])).toEqual([
      ['assets/index.js', 'entry'],
      ['assets/vendor.js', 'entry'],
      ['assets/HomeScreen.js', 'home route'],
      ['assets/shared.js', 'home route'],
    ]);
    for (const chunk of chunks) expect(chunk.gzipBytes).toBeGreaterThan(chunk.bytes * 0.9);
  });

  it('passes and prints the table when the total is under the budget', () => {
    const { status, output } = runCheck('100');
    expect(output).toMatch(/assets\/vendor\.js\s+entry\s+30\.0\s+30\.\d/);
    expect(output).toMatch(/Initial JS for \/: 60\.\d KB gzipped; budget 100 KB\./);
    expect(output).toContain('Files for /: 4; at most 6.');
    expect(output).not.toContain('AdminScreen');
    expect(status).toBe(0);
  });

  it('fails with the sizes when the total is over the budget', () => {
    const { status, output } = runCheck('50');
    expect(output).toMatch(/Initial JS for \/: 60\.\d KB gzipped; budget 50 KB\./);
    expect(output).toMatch(/Over budget by 10\.\d KB\./);
    expect(status).toBe(1);
  });

  it('fails when the first page loads more files than allowed, even under the size budget', () => {
    const { status, output } = runCheck('100', '3');
    expect(output).toContain('Files for /: 4; at most 3.');
    expect(output).toContain('1 file(s) too many');
    expect(status).toBe(1);
  });

  it('refuses a budget that is not a positive number', () => {
    const { status, output } = runCheck('lots');
    expect(output).toContain("BUNDLE_BUDGET_KB must be a positive number, got 'lots'");
    expect(status).toBe(1);
  });
});
