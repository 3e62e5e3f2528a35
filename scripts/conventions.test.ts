// Conventions the code keeps that an import graph cannot show (the layers and circles are
// .dependency-cruiser.cjs's, `npm run lint:layers`). The PWA calls apiFetch only in pwa/api, its
// resource modules, and keeps useMutation out of components; features import one another one way
// (a circle through front doors passes through no module twice, so only a folder-level look sees it);
// the routes the features declare and the server render the same public pages. The server's validated input is typed by the route's validateBody/validateQuery
// (WithBody/WithQuery), never cast; only db/dialect.ts branches on the engine; role sets and the
// published rule are named once. Browser specs sit in their journey's folder, their helpers in pwa/e2e/support/.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { Id } from '../contracts/common';
import { createAppRouter } from '../pwa/router';
import { RENDERED_ROUTES } from '../server/pages/render';
import { OWN_MODULES } from '../vitest.config';

const pwa = path.resolve(import.meta.dirname, '../pwa');
const server = path.resolve(import.meta.dirname, '../server');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** A source's code without its comments (a comment may name what the code must not use). */
function code(file: string): string {
  return readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1');
}

/** The PWA's shipped code (its e2e specs and their helpers aside), as paths under pwa/. */
const pwaCode = () => sources(pwa).filter((file) => !path.relative(pwa, file).startsWith(`e2e${path.sep}`));

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

describe('requests in pwa/', () => {
  it('call apiFetch only in pwa/api (features, the session and the outbox call its request functions)', () => {
    // A type may name it (`typeof apiFetch`, `import type`); a call or a passed reference may not.
    const valueUse = /(?<!\btype\s+|\btypeof\s+)\bapiFetch\b/;
    const callers = pwaCode()
      .filter((file) => !path.relative(pwa, file).startsWith(`api${path.sep}`))
      .filter((file) => valueUse.test(code(file).replace(/^\s*import\s+type\b[^;]*;/gm, '')))
      .map((file) => path.relative(pwa, file));
    expect(callers).toEqual([]);
  });

  it('keep useMutation out of components (.tsx): mutations live in api/ and features\' mutations.ts', () => {
    const components = pwaCode()
      .filter((file) => file.endsWith('.tsx') && /\buseMutation\b/.test(code(file)))
      .map((file) => path.relative(pwa, file));
    expect(components).toEqual([]);
  });
});

describe('screens in pwa/', () => {
  it('are lazy through routing/lazyScreen.ts, so one never fetched says offline that it is not on the device', () => {
    const direct = pwaCode()
      .filter((file) => path.relative(pwa, file) !== path.join('routing', 'lazyScreen.ts') && /\blazyRouteComponent\b/.test(code(file)))
      .map((file) => path.relative(pwa, file));
    expect(direct).toEqual([]);
    expect(pwaCode().filter((file) => /\blazyScreen\(/.test(code(file))).length).toBeGreaterThan(10);
  });
});

describe('features in pwa/', () => {
  const features = path.join(pwa, 'features');
  /** Which features each feature imports: static, dynamic and type-only imports alike. */
  function featureGraph(): Map<string, Set<string>> {
    const graph = new Map<string, Set<string>>();
    for (const file of sources(features)) {
      const from = path.relative(features, file).split(path.sep)[0]!;
      const uses = graph.get(from) ?? graph.set(from, new Set()).get(from)!;
      for (const [, spec] of code(file).matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)'(\.[^']+)'/g)) {
        const to = path.relative(features, path.resolve(path.dirname(file), spec!)).split(path.sep)[0]!;
        if (to !== from && !to.startsWith('..')) uses.add(to);
      }
    }
    return graph;
  }

  it('import one another one way: no two features reach each other, directly or round a circle', () => {
    const graph = featureGraph();
    expect(graph.get('news')).toContain('content');
    const reaches = (from: string, to: string, seen = new Set<string>()): boolean =>
      [...(graph.get(from) ?? [])].some((next) => next === to || (!seen.has(next) && (seen.add(next), reaches(next, to, seen))));
    const circles = [...graph.keys()].filter((feature) => reaches(feature, feature)).sort();
    expect(circles).toEqual([]);
  });
});

describe('server-rendered pages', () => {
  const router = createAppRouter(new QueryClient(), createMemoryHistory({ initialEntries: ['/'] }));
  const routes = Object.values(router.routesById).filter((route) => route.options && 'path' in route.options);
  /** A route's path with each `$param` filled in as the item pages' ids are (a lower-case UUID). */
  const sample = (fullPath: string) => fullPath.replace(/\$[^/]+/g, '00000000-0000-4000-8000-000000000000');
  /** The server's rendered routes that take a path (a captured segment only when it is an id, as render.ts asks). */
  const renderedBy = (url: string) =>
    RENDERED_ROUTES.filter(({ path: pattern }) => {
      const match = pattern.exec(url);
      return match && (match[1] === undefined || (match[1] === match[1].toLowerCase() && Id.safeParse(match[1]).success));
    });
  const publicRoutes = routes.filter((route) => route.options.staticData?.module);

  it('finds the routes it compares (the assembled router is read live, wherever a route is declared)', () => {
    expect(publicRoutes.map((route) => route.fullPath)).toEqual(expect.arrayContaining(['/', '/news', '/news/$id']));
    expect(routes.length).toBeGreaterThan(publicRoutes.length);
  });

  it("are the router's public routes (those naming their module), each rendered by one server route", () => {
    expect(publicRoutes.filter((route) => renderedBy(sample(route.fullPath)).length !== 1).map((r) => r.fullPath)).toEqual([]);
    const unused = RENDERED_ROUTES.filter((entry) => !publicRoutes.some((route) => renderedBy(sample(route.fullPath)).includes(entry)));
    expect(unused.map((entry) => String(entry.path))).toEqual([]);
  });

  it("leave the router's other routes (forms, the member's own screens, admin) to the browser", () => {
    const others = routes.filter((route) => !route.options.staticData?.module && renderedBy(sample(route.fullPath)).length > 0);
    expect(others.map((route) => route.fullPath)).toEqual([]);
  });
});

describe('validated input on the server', () => {
  it('is read from ctx.state as the route typed it, without a cast', () => {
    expect(serverLines(sources(server), /ctx\.state\.(body|query)\s+as\b/)).toEqual([]);
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

describe('offline in the browser tests', () => {
  const e2e = path.join(pwa, 'e2e');
  // Chromium's offline emulation alone leaves a service worker on the network; goOffline (e2e/support/offline.ts)
  // takes the worker off too. offline-worker.spec.ts uses the emulation alone once, to show what it leaks.
  const ALLOWED = [path.join('support', 'offline.ts'), path.join('offline', 'offline-worker.spec.ts')];
  const emulation = /\.setOffline\(|\boffline:\s*true\b/;
  it('goes through goOffline/goOnline: no spec or helper sets the emulation itself', () => {
    expect(code(path.join(e2e, 'support', 'offline.ts'))).toMatch(emulation);
    const direct = sources(e2e)
      .filter((file) => !ALLOWED.includes(path.relative(e2e, file)) && emulation.test(code(file)))
      .map((file) => path.relative(pwa, file));
    expect(direct).toEqual([]);
  });
});

describe('comments keep the why', () => {
  // The tracker's numbers mean nothing to a reader of the code and go stale; git keeps the history.
  const root = path.resolve(import.meta.dirname, '..');
  const CODE = /\.(?:[cm]?[jt]sx?|css|html)$/;
  /** Code and tests: every source under pwa/, server/, contracts/ and scripts/, and the top-level config files. */
  const codeAndTests = () => [
    ...['pwa', 'server', 'contracts', 'scripts'].flatMap((dir) =>
      readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
        .filter((entry) => entry.isFile() && CODE.test(entry.name) && !entry.parentPath.split(path.sep).includes('node_modules'))
        .map((entry) => path.join(entry.parentPath, entry.name)),
    ),
    ...readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(?:[cm]?[jt]s)$/.test(entry.name))
      .map((entry) => path.join(root, entry.name)),
  ];
  /** An issue named in words, anywhere: 'issue', 'Issues', 'issue #' or 'issue-' before its number. */
  const worded = /\bissues?[\s#-]*\d+\b/i;
  /** An issue as '#' and its number, in a comment only (code holds colours and HTML entities spelt so). */
  const hashed = /(?:^|[\s([{,;])#\d{1,5}\b(?![\w-])/;
  const commentsOf = (text: string) => [...text.matchAll(/\/\*[\s\S]*?\*\/|(?<![:'"`\\])\/\/.*$/gm)].map((m) => m[0]);

  it('the patterns catch every spelling (built here, so this file names none)', () => {
    const n = String(6 * 6);
    for (const spelling of [`issue ${n}`, `(Issue ${n})`, `issues ${n} and ${n}`, `issue #${n}`, `issue-${n}`]) expect(spelling).toMatch(worded);
    for (const comment of [`// see #${n}`, `/* (#${n}) */`, `// fixed in #${n}.`]) expect(commentsOf(comment).join('\n')).toMatch(hashed);
    expect(commentsOf(`const c = '#${n}'; // colour`).join('\n')).not.toMatch(hashed);
    expect(`error.issues[0]; const tissue = 2;`).not.toMatch(worded);
  });

  it('name no issue of the tracker, in code or in tests', () => {
    const files = codeAndTests();
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const at = path.relative(root, file);
      return [
        ...text.split('\n').flatMap((line, i) => (worded.test(line) ? [`${at}:${i + 1}: ${line.trim()}`] : [])),
        ...commentsOf(text).flatMap((comment) => (hashed.test(comment) ? [`${at}: ${comment.match(hashed)![0].trim()}`] : [])),
      ];
    });
    expect(found).toEqual([]);
  });
});

describe('where a server test runs', () => {
  it('a test file that replaces a module or a global is one of vitest.config.ts OWN_MODULES (isolated)', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const replaces = /\bvi\.(?:mock|doMock|stubGlobal)\(|^\s*globalThis\.\w+\s*=/m;
    const shared = ['server', 'contracts', 'scripts']
      .flatMap((dir) => readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true }).map((entry) => path.join(entry.parentPath, entry.name)))
      .filter((file) => /\.test\.ts$/.test(file))
      .map((file) => path.relative(root, file))
      .filter((file) => !OWN_MODULES.includes(file));
    expect(shared.filter((file) => replaces.test(code(path.join(root, file))))).toEqual([]);
  });
});

describe('where a browser test goes', () => {
  const e2e = path.join(pwa, 'e2e');
  // A newcomer finds a test by the journey it belongs to, and every helper in one place.
  const JOURNEYS = ['reading', 'listening', 'community', 'account', 'admin', 'offline', 'layout'];
  const files = () =>
    readdirSync(e2e, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(e2e, path.join(entry.parentPath, entry.name)));
  it('every spec sits in a journey folder, directly', () => {
    const misplaced = files().filter((file) => {
      if (!file.endsWith('.spec.ts')) return false;
      const parts = file.split(path.sep);
      return parts.length !== 2 || !JOURNEYS.includes(parts[0]);
    });
    expect(misplaced).toEqual([]);
  });
  it('every helper (a .ts that is not a spec) sits in support/, directly', () => {
    const misplaced = files().filter((file) => {
      const parts = file.split(path.sep);
      return /\.tsx?$/.test(file) && !file.endsWith('.spec.ts') && (parts.length !== 2 || parts[0] !== 'support');
    });
    expect(misplaced).toEqual([]);
  });
});
