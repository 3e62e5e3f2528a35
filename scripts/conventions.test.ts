// Conventions the code keeps, checked on the source. The PWA's layers (docs/architecture.md,
// "Layers and import direction"): the lower ones, pwa/components, pwa/lib and pwa/api, never import a
// feature, the session, the offline store or the outbox. The server's validated input is typed by the
// route's validateBody/validateQuery (WithBody/WithQuery), never cast; its repos return data and
// result values (routes decide on HTTP errors and policy); only db/dialect.ts branches on the engine;
// role sets and the published rule are named once; server/search has no import circle.
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

/** Every relative module a file imports or re-exports (static or dynamic), resolved to a path under `root`. */
export function importsOf(file: string, root = pwa): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2]);
  return specifiers.filter((s) => s.startsWith('.')).map((s) => path.relative(root, path.resolve(path.dirname(file), s)));
}

/** `file:line: text` of each line of a server source that matches. */
function serverLines(files: string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line, i) => ({ line, at: `${path.relative(server, file)}:${i + 1}` }))
      .filter(({ line }) => pattern.test(line))
      .map(({ at, line }) => `${at}: ${line.trim()}`),
  );
}

/** Server code that is not test code: tests are `*.test.ts`, and every helper they share is in server/test/. */
const serverCode = () => sources(server).filter((file) => !path.relative(server, file).startsWith(`test${path.sep}`));
const under = (file: string, ...prefixes: string[]) => prefixes.some((p) => path.relative(server, file).startsWith(p));

describe('import direction in pwa/', () => {
  it('finds the imports it checks (the scan itself works)', () => {
    expect(importsOf(path.join(pwa, 'offline/store.ts'))).toContain(path.join('api', 'client'));
    expect(importsOf(path.join(pwa, 'outbox/kinds.ts'))).toEqual(expect.arrayContaining([path.join('api', 'news'), path.join('api', 'likes')]));
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
    expect(serverLines(sources(server), /ctx\.state\.(body|query)\s+as\b/)).toEqual([]);
  });
});

describe('server repos', () => {
  it('return data and result values: no HTTP errors, no policy (the routes map results and ask policy)', () => {
    const repos = sources(server).filter((file) => path.basename(file) === 'repo.ts');
    expect(repos.length).toBeGreaterThan(10);
    const wrong = repos.flatMap((file) =>
      importsOf(file, server)
        .filter((target) => target === 'errors' || path.basename(target) === 'policy' || target === path.join('middleware', 'auth'))
        .map((target) => `${path.relative(server, file)} → ${target}`),
    );
    expect(wrong).toEqual([]);
  });
});

describe('database engines', () => {
  // Migrations are pinned once landed; connect.ts picks the driver; search keeps its engines side by side.
  const ALLOWED = [path.join('db', 'dialect.ts'), path.join('db', 'connect.ts'), path.join('db', 'migrations'), `search${path.sep}`];
  it('are told apart only in db/dialect.ts (byDialect, byEngine)', () => {
    const engine = "'(?:pg|postgres|postgresql|sqlite|better-sqlite3)'";
    const branch = new RegExp(`dialectOf\\([^)]*\\)\\s*[!=]==|[!=]==\\s*${engine}|${engine}\\s*[!=]==`);
    expect(serverLines([path.join(server, 'db', 'dialect.ts')], branch)).not.toEqual([]);
    expect(serverLines(serverCode().filter((file) => !under(file, ...ALLOWED)), branch)).toEqual([]);
  });
});

describe('rules named once', () => {
  it('routes and policies take role sets from contracts/constants.ts, never literal roles', () => {
    expect(serverLines(serverCode(), /\b(?:requireRole|hasRole)\([^)]*['"]/)).toEqual([]);
  });

  it("only content/visibility.ts and search/documents.ts say what 'published' means", () => {
    const ALLOWED = [path.join('api', 'content', 'visibility.ts'), path.join('search', 'documents.ts'), path.join('db', 'migrations'), path.join('db', 'seed')];
    const rule = /(?:[!=]==|<>|=)\s*'published'|'published'\s*[!=]==|where\([^)]*,\s*'published'\)/;
    expect(serverLines(serverCode().filter((file) => !under(file, ...ALLOWED)), rule)).toEqual([]);
  });
});

describe('server/search', () => {
  it('has no import circle', () => {
    const dir = path.join(server, 'search');
    const graph = new Map(sources(dir).map((file) => [path.relative(dir, file).replace(/\.ts$/, ''), importsOf(file, dir)]));
    expect(graph.get('index')).toEqual(expect.arrayContaining(['pg', 'sqlite']));
    const circles: string[] = [];
    const visit = (node: string, trail: string[]) => {
      if (trail.includes(node)) return void circles.push([...trail.slice(trail.indexOf(node)), node].join(' → '));
      for (const next of graph.get(node) ?? []) visit(next, [...trail, node]);
    };
    for (const node of graph.keys()) visit(node, []);
    expect(circles).toEqual([]);
  });
});

describe('server test support', () => {
  it('lives in server/test/: no other server module imports vitest or a test helper', () => {
    const wrong = serverCode().flatMap((file) => [
      ...(/from\s*['"]vitest['"]/.test(readFileSync(file, 'utf8')) ? ['vitest'] : []),
      ...importsOf(file, server).filter((target) => target.startsWith(`test${path.sep}`)),
    ].map((target) => `${path.relative(server, file)} → ${target}`));
    expect(wrong).toEqual([]);
  });
});
