// Conventions the code keeps (issue 20), checked on the source. The PWA's layers (docs/architecture.md,
// "Layers and import direction"): the lower ones, pwa/components, pwa/lib and pwa/api, never import a
// feature, the session, the offline store or the outbox. The server's validated input is typed by the
// route's validateBody/validateQuery (WithBody/WithQuery), never cast.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const pwa = path.resolve(import.meta.dirname, '../pwa');
const server = path.resolve(import.meta.dirname, '../server');
const LOWER = ['components', 'lib', 'api'];
const UPPER = ['features', 'session', 'offline', 'outbox'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every relative module a file imports or re-exports (static or dynamic), resolved to a path under pwa/. */
export function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2]);
  return specifiers.filter((s) => s.startsWith('.')).map((s) => path.relative(pwa, path.resolve(path.dirname(file), s)));
}

describe('import direction in pwa/', () => {
  it('finds the imports it checks (the scan itself works)', () => {
    expect(importsOf(path.join(pwa, 'offline/store.ts'))).toContain(path.join('api', 'client'));
    expect(importsOf(path.join(pwa, 'outbox/kinds.ts'))).toEqual(expect.arrayContaining([path.join('api', 'news.queries'), path.join('api', 'likes')]));
  });

  for (const layer of LOWER) {
    it(`pwa/${layer} imports no feature, session, offline or outbox module`, () => {
      const upward = sources(path.join(pwa, layer)).flatMap((file) =>
        importsOf(file)
          .filter((target) => UPPER.includes(target.split(path.sep)[0]))
          .map((target) => `${path.relative(pwa, file)} → ${target}`),
      );
      expect(upward).toEqual([]);
    });
  }
});

describe('validated input on the server', () => {
  it('is read from ctx.state as the route typed it, without a cast', () => {
    const casts = sources(server).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${path.relative(server, file)}:${i + 1}` }))
        .filter(({ line }) => /ctx\.state\.(body|query)\s+as\b/.test(line))
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
    expect(casts).toEqual([]);
  });
});
