// Conventions the code keeps that an import graph cannot show (the layers and circles are
// .dependency-cruiser.cjs's, `npm run lint:layers`). The PWA calls apiFetch only in pwa/api, its
// resource modules, and keeps useMutation out of components; the router and the server render the
// same public pages. The server's validated input is typed by the route's validateBody/validateQuery
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

  it('finds the routes it compares (the router is read live)', () => {
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
