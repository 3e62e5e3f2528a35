import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestServer, type Agent, type TestServer } from './harness';
import { createCategory, createUser, forumCategory, insertArticle, insertPodcast } from './factories';
import { createDiscussion } from '../api/forums/repo';
import { insertComment } from '../api/news/repo';
import { createUploadToken } from '../api/uploads/repo';
import { servedRoutes } from './served-routes';
import { toInt } from '../db/dialect';
import { SESSION_COOKIE } from '../middleware/session';
import { signInAs } from './agents';
import { completedUpload, publicImage } from './uploads';

/*
 * Property-based fuzzing of every route the app serves: random and hostile path ids, query
 * strings, bodies and headers, as an anonymous visitor and as an admin. For every request:
 *   - the server never answers 5xx;
 *   - every API answer is JSON (never HTML a browser could render), and every error is `{message}`;
 *   - a refused request (4xx), and any GET, leaves every row of every table exactly as it was.
 * Runs are bounded and the seed is fixed, so a failure reproduces; fast-check prints the case.
 * It runs on SQLite and PostgreSQL: PostgreSQL refuses what SQLite stores (NUL, year 0), so the
 * generators also make otherwise valid bodies, queries and paths carrying exactly those.
 */

const SEED = 20261122;
const RUNS_PER_ROUTE = 12;

/**
 * Each route and caller gets its own seed (fixed, so a failure still reproduces). With one seed for
 * all, every route drew the same sequence of choices, and a kind of request the first 12 draws
 * skipped (a valid body with NUL in its title) was never sent to any route.
 */
function seedFor(route: string, who: string): number {
  let hash = SEED;
  for (const ch of `${route} ${who}`) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619) >>> 0;
  return hash;
}

/**
 * Numbers past what a column holds (PostgreSQL's integer is 32 bits: `value out of range` must not be a 500),
 * past what a double keeps exact, and not numbers at all, as JSON numbers and as the strings that
 * query parameters and form fields carry.
 */
const OVERFLOW_NUMBERS = ['2147483648', '-2147483649', '4294967296', '9007199254740993', '1e308', '-1', '1e999', '-1e308', '0.5'];
const OVERFLOW_TEXTS = ['2147483648', '-2147483649', '9007199254740993', '1e308', '-1e308', '9'.repeat(400), '1e999', 'NaN', '-NaN', '+Infinity', '0x7fffffff', '1_000', '٣'];
/** The numeric fields bodies carry (episode numbers, durations, positions, counts, orders) and numeric query parameters. */
const NUMERIC_FIELDS = ['displayOrder', 'rating', 'ratingCount', 'downloadCount', 'duration', 'episodeNumber', 'position', 'positionSeconds', 'durationSeconds', 'limit', 'page'];
const NUMERIC_PARAMS = ['limit', 'page', 'w'];

const HOSTILE_STRINGS = [
  '',
  ' ',
  '<img src=x onerror=alert(1)>',
  '<script>alert(document.cookie)</script>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; select pg_sleep(5)',
  '?',
  '??',
  '$1',
  ':id',
  '\\',
  '%',
  '%00',
  '%E0%A4%A',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\u202eevil',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🧾💸',
  'Ω≈ç√∫˜µ≤≥÷',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '9007199254740993',
  '0x10',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'x'.repeat(10_000),
  ...OVERFLOW_TEXTS,
];
/** Characters no stored text may hold (contracts/text.ts): C0 controls, lone surrogates, noncharacters. */
const UNSTORABLE_CHARS = ['\u0000', '\u0001', '\u0008', '\u000b', '\u001b', '\u001f', '\ud800', '\udbff', '\udc00', '\udfff', '\ufffe', '\uffff'];
/** Times beyond what the databases store (year 0, signed years), far past or future, and not a day at all. */
const EXTREME_DATES = [
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '-000001-01-01T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '1970-01-01T00:00:00Z',
  '0001-01-01T00:00:00.000Z',
  '2026-02-30T00:00:00Z',
  '2026-01-01T24:00:00Z',
  '2026-01-01T00:00:00+99:00',
];
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', 'isAdmin', 'role'];
/** Every field name the API's bodies and queries use, so random bodies often reach the schemas' inner rules. */
const FIELDS = [
  'title', 'content', 'excerpt', 'categoryIds', 'categories', 'category', 'status', 'isArchived', 'isFeatured', 'isPinned',
  'isLocked', 'email', 'password', 'firstName', 'lastName', 'role', 'isActive', 'title', 'company', 'bio', 'profileImageUrl',
  'kind', 'imageURL', 'audioURL', 'imageUrl', 'audioUrl', 'sourceUrl', 'sourceName', 'force', 'isVisible', 'name', 'slug',
  'color', 'icon', 'description', 'displayOrder', 'type', 'rating', 'ratingCount', 'downloadCount', 'isFree', 'difficulty',
  'url', 'fileUrl', 'duration', 'episodeNumber', 'hostName', 'guestName', 'guestTitle', 'discussionId', 'parentReplyId',
  'categoryId', 'limit', 'before', 'after', 'archivedOnly', 'activeOnly', 'q', 'active', 'writtenAt', 'id', 'changedAt', 'position', 'finished',
  'positionSeconds', 'durationSeconds', 'deviceTime', 'page',
];

interface Pools {
  /** Ids of existing rows of every kind, so some requests name real things. */
  ids: string[];
  /** Upload URL tokens of the admin's. */
  tokens: string[];
  newsCategoryId: string;
  forumCategoryId: string;
  discussionId: string;
  /** A completed (not finalised) image upload of the admin's. */
  imageUploadPath: string;
}

const unstorableChar = fc.constantFrom(...UNSTORABLE_CHARS);
const extremeDate = fc.constantFrom(...EXTREME_DATES);

/** `text` with one unstorable character somewhere inside it, so every other rule of its field still holds. */
const tainted = (text: string): fc.Arbitrary<string> =>
  fc.tuple(fc.nat({ max: text.length }), unstorableChar).map(([at, c]) => text.slice(0, at) + c + text.slice(at));

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: extremeDate },
  { weight: 1, arbitrary: tainted('Fuzz text') },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.uuid() },
);

const objectText = (entries: Array<[string, string]>) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
const anyKey = fc.constantFrom(...FIELDS, ...PROTO_KEYS);

/** JSON values, nested and hostile, as JSON text (so that keys like __proto__ reach the parser verbatim). */
const jsonText = (pools: Pools): fc.Arbitrary<string> => {
  const { value } = fc.letrec<{ value: string }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      hostileString.map((s) => JSON.stringify(s)),
      fc.constantFrom(...pools.ids).map((s) => JSON.stringify(s)),
      fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)).map((v) => JSON.stringify(v)),
      fc.constantFrom('1e999', '-0', '123456789012345678901234567890', ...OVERFLOW_NUMBERS),
      fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
      fc.array(fc.tuple(fc.oneof(anyKey, hostileString), tie('value')), { maxLength: 5 }).map(objectText),
    ),
  }));
  return value;
};

/**
 * One valid value for every field any route takes (zod drops the fields a route does not use), so
 * that a body built from it passes validation and reaches the handler, unless mutated.
 */
const validFields = (pools: Pools): fc.Arbitrary<Record<string, unknown>> =>
  fc.uuid().map((u) => {
    const tag = u.slice(0, 8);
    return {
      title: `Fuzz ${tag}`, content: 'Fuzz content', excerpt: 'Fuzz excerpt', categoryIds: [pools.newsCategoryId],
      category: 'taxation', status: 'published', isArchived: false, isFeatured: false, isPinned: false, isLocked: false,
      email: `fuzz-${tag}@example.com`, password: 'Quiet-harbour-lamp-42', firstName: 'Fuzz', lastName: 'Tester', role: 'contributor',
      isActive: true, company: 'Fuzz Ltd', bio: 'Bio', kind: 'image', imageURL: pools.imageUploadPath, force: false,
      imageUrl: 'https://example.com/a.png', sourceUrl: 'https://example.com/source', sourceName: 'Source',
      isVisible: true, name: `Fuzz ${tag}`, slug: `fuzz-${tag}`, color: '#123456', icon: 'Star', description: 'Text',
      displayOrder: 1, type: 'ebook', rating: 3, ratingCount: 1, downloadCount: 2, isFree: true, difficulty: 'beginner',
      url: 'https://example.com/r', duration: '10:00', episodeNumber: 1, hostName: 'Host', guestName: 'Guest',
      discussionId: pools.discussionId, categoryId: pools.forumCategoryId,
      // A minute ago: inside the skew for members created moments before.
      writtenAt: new Date(Date.now() - 60_000).toISOString(),
      // The reading list's change time and progress.
      changedAt: new Date(Date.now() - 60_000).toISOString(), position: 0.5, finished: true,
      // A listening position.
      positionSeconds: 30, durationSeconds: 600, deviceTime: new Date(Date.now() - 60_000).toISOString(),
    };
  });

/** Fields that are free text on some route (enums, URLs, ids and emails have their own, stricter rules). */
const FREE_TEXT_FIELDS = ['title', 'content', 'excerpt', 'sourceName', 'category', 'firstName', 'lastName', 'company', 'bio', 'name', 'description', 'icon', 'hostName', 'guestName', 'password'];

/**
 * A valid body with some of its free-text fields carrying an unstorable character (PostgreSQL
 * refused NUL with a 500 while SQLite stored it), and sometimes an extreme `writtenAt`: everything
 * else stays valid, so only the text or date rule can refuse it.
 */
const taintedValidBody = (pools: Pools): fc.Arbitrary<string> =>
  fc
    .record({
      base: validFields(pools),
      fields: fc.subarray(FREE_TEXT_FIELDS, { minLength: 1 }),
      writtenAt: fc.option(extremeDate, { freq: 2 }),
      seed: fc.array(fc.tuple(fc.nat(), unstorableChar), { minLength: FREE_TEXT_FIELDS.length, maxLength: FREE_TEXT_FIELDS.length }),
    })
    .map(({ base, fields, writtenAt, seed }) => {
      const body: Record<string, unknown> = { ...base };
      fields.forEach((key, i) => {
        const text = String(body[key]);
        const [at, c] = seed[i];
        const cut = at % (text.length + 1);
        body[key] = text.slice(0, cut) + c + text.slice(cut);
      });
      if (writtenAt) body.writtenAt = writtenAt;
      return JSON.stringify(body);
    });

/** A valid body with a few fields removed, and a few replaced or added with hostile values. */
const mutatedValidBody = (pools: Pools): fc.Arbitrary<string> =>
  fc
    .record({
      base: validFields(pools),
      drop: fc.subarray(FIELDS, { maxLength: 2 }),
      change: fc.array(fc.tuple(anyKey, jsonText(pools)), { maxLength: 3 }),
    })
    .map(({ base, drop, change }) => {
      const entries = new Map<string, string>(Object.entries(base).map(([k, v]) => [k, JSON.stringify(v)]));
      for (const key of drop) entries.delete(key);
      for (const [key, value] of change) entries.set(key, value);
      return objectText([...entries]);
    });

/** A valid body with one numeric field out of every column's range (a number, or a numeric string). */
const overflowValidBody = (pools: Pools): fc.Arbitrary<string> =>
  fc
    .record({
      base: validFields(pools),
      field: fc.constantFrom(...NUMERIC_FIELDS),
      value: fc.oneof(fc.constantFrom(...OVERFLOW_NUMBERS), fc.constantFrom(...OVERFLOW_TEXTS).map((v) => JSON.stringify(v))),
    })
    .map(({ base, field, value }) => {
      const entries = new Map<string, string>(Object.entries(base).map(([k, v]) => [k, JSON.stringify(v)]));
      entries.set(field, value);
      return objectText([...entries]);
    });

/** A body for a JSON route: mostly near-valid, often random objects of known fields, sometimes anything at all. */
const jsonBody = (pools: Pools): fc.Arbitrary<string | undefined> =>
  fc.oneof(
    { weight: 6, arbitrary: mutatedValidBody(pools) },
    { weight: 4, arbitrary: taintedValidBody(pools) },
    { weight: 3, arbitrary: overflowValidBody(pools) },
    { weight: 3, arbitrary: fc.array(fc.tuple(anyKey, jsonText(pools)), { maxLength: 8 }).map(objectText) },
    { weight: 1, arbitrary: jsonText(pools) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '{"__proto__":{"role":"admin","isAdmin":true}}',
        '{"constructor":{"prototype":{"role":"admin"}}}',
        '{"email": "a@b.co", ',
        `{"a":${'['.repeat(5_000)}${']'.repeat(5_000)}}`,
        JSON.stringify({ title: 'x'.repeat(1_100_000) }),
        '\u0000',
        'not json',
      ),
    },
  );

const contentType = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'application/JSON',
      'application/json; charset=latin1',
      'application/json; charset=utf-16le',
      'application/json; charset=nope',
      'application/vnd.api+json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'image/png',
    ),
  },
);

/** Headers a client controls (the agent's Origin and cookie stay unless replaced on purpose). */
const extraHeaders = (anonymous: boolean): fc.Arbitrary<Record<string, string>> =>
  fc
    .record(
      {
        'x-forwarded-for': fc.constantFrom('1.2.3.4', '::1, 10.0.0.1', 'garbage', '999.999.999.999'),
        'x-forwarded-proto': fc.constantFrom('https', 'gopher', ''),
        'x-forwarded-host': fc.constantFrom('evil.example', 'a b', ''),
        'accept-language': fc.string({ maxLength: 20 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
        range: fc.constantFrom('bytes=0-0', 'bytes=-1', 'bytes=99999999-', 'bytes=5-1', 'bytes=0-1,2-3', 'items=1-2'),
        'if-none-match': fc.constantFrom('*', '"x"', 'W/"y"'),
        // Browsers always send Origin on writes; now and then it is another site's.
        origin: fc.oneof({ weight: 6, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom('https://evil.example', 'null') }),
        ...(anonymous ? { cookie: fc.constantFrom('lc.sid=forged; lc.sid.sig=forged', 'lc.sid=' + 'a'.repeat(5000), '=;=;', 'lc.sid=%') } : {}),
      },
      { requiredKeys: [] },
    )
    // An empty value means "leave the agent's own header".
    .map((h) => Object.fromEntries(Object.entries(h).filter(([, v]) => v !== '')));

/**
 * Percent-encoding that also takes lone surrogates (encodeURIComponent throws on them): each is sent
 * as the three bytes UTF-8 would give it if it were a character, which is what a hostile client does.
 */
function percentEncode(s: string): string {
  return s
    .split(/([\ud800-\udfff])/u)
    .map((part, i) => {
      if (i % 2 === 0) return encodeURIComponent(part);
      const unit = part.charCodeAt(0);
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    })
    .join('');
}

/** A path parameter: a real id, a random id, or something hostile; always percent-encoded into the path. */
const pathParam = (pools: Pools, name: string): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...(name === 'token' ? pools.tokens : pools.ids)) },
    { weight: 1, arbitrary: fc.constantFrom('news', 'podcasts', 'forums', 'resources', 'community', 'comments', 'like') },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 3, arbitrary: hostileString.filter((s) => s !== '').map(percentEncode) },
    // Raw, so malformed percent-escapes reach the router.
    { weight: 1, arbitrary: fc.constantFrom('%', '%E0%A4%A', '%zz', '..', '%2e%2e') },
    // Encoded NUL and other controls inside otherwise plausible values (a feed slug `a%00b`), and a
    // lone surrogate's UTF-8 bytes, which are not UTF-8 at all.
    {
      weight: 2,
      arbitrary: fc.oneof(
        fc.constantFrom('a%00b', '%00', 'news%00', 'x%01y', '%1b', '%EF%BF%BE'),
        fc.constantFrom(...pools.ids).map((id) => `${id}%00`),
        tainted('fuzz-slug').map(percentEncode),
      ),
    },
  );

/**
 * A page path's parameter (`/news/:id`): ids, and ids or words carrying an encoded NUL, control or
 * lone surrogate. Path traversal against the static files has its own test (server/static.test.ts).
 */
const pagePathParam = (pools: Pools): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(...pools.ids),
    fc.uuid(),
    fc.constantFrom('a%00b', '%00', 'x%01y', '%1b', '%ED%A0%80', '%EF%BF%BE', '%', '%zz'),
    fc.constantFrom(...pools.ids).map((id) => `${id}%00`),
    tainted('fuzz').map(percentEncode),
  );

/** Cursors (base64url JSON, as the lists make them) whose times are extreme: year 0 must not be a 500 on PostgreSQL. */
const hostileCursor = fc
  .tuple(extremeDate, fc.uuid())
  .chain(([date, id]) =>
    fc.constantFrom<unknown[]>([date, date, id], [null, date, id], [date, id], [0, date, id], [1, date, id]),
  )
  .map((tuple) => Buffer.from(JSON.stringify(tuple)).toString('base64url'));

const queryString = (pools: Pools): fc.Arbitrary<string> =>
  fc
    .array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...FIELDS, ...PROTO_KEYS, 'limit', 'limit[]', 'categories[]', '__proto__[role]'), hostileString),
        fc.oneof(hostileString, fc.constantFrom(...pools.ids), fc.constantFrom('1', '50', '100', '101', '0', '-5', '2.5', 'true', 'false')),
      ),
      { maxLength: 6 },
    )
    .chain((pairs) =>
      // Now and then a well-formed parameter carrying an unstorable character or an extreme cursor.
      fc
        .option(
          fc.oneof(
            fc.tuple(fc.constantFrom('q', 'categories', 'before', 'after'), tainted('audit')),
            fc.tuple(fc.constant('categories'), fc.constantFrom(...pools.ids).chain((id) => tainted(id))),
            fc.tuple(fc.constantFrom('before', 'after'), hostileCursor),
            fc.tuple(fc.constantFrom(...NUMERIC_PARAMS), fc.constantFrom(...OVERFLOW_TEXTS)),
          ),
          { freq: 2 },
        )
        .map((extra) => (extra ? [...pairs, extra] : pairs)),
    )
    .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&')}` : ''));

interface FuzzRequest {
  path: string;
  body?: string | Uint8Array;
  headers: Record<string, string>;
}

function requestFor(method: string, template: string, pools: Pools, anonymous: boolean, page: boolean): fc.Arbitrary<FuzzRequest> {
  const params = [...template.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const paramArbs = params.map((name) => (page ? pagePathParam(pools) : pathParam(pools, name)));
  const hasBody = method !== 'GET';
  const isUpload = template.startsWith('/api/uploads/');
  const body: fc.Arbitrary<string | Uint8Array | undefined> = !hasBody
    ? fc.constant(undefined)
    : isUpload
      ? fc.oneof(fc.uint8Array({ maxLength: 64 }), fc.constant(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4])))
      : jsonBody(pools);
  return fc
    .record({
      params: fc.tuple(...paramArbs),
      query: queryString(pools),
      body,
      contentType,
      headers: extraHeaders(anonymous),
    })
    .map(({ params: values, query, body: b, contentType: type, headers }) => {
      let i = 0;
      const path = template.replace(/:(\w+)/g, () => values[i++]) + query;
      return { path, body: b, headers: b === undefined ? headers : { 'content-type': type, ...headers } };
    });
}

/** Every row of every application table, to tell whether a request changed anything at all. */
async function snapshot(db: Knex, tables: string[]): Promise<string[]> {
  const rows = await Promise.all(tables.map((table) => db(table).select('*').orderByRaw('1')));
  return rows.map((table) => JSON.stringify(table));
}

/**
 * What a refused request may still change: a PUT to an upload URL claims it before reading a byte, so
 * a failed upload uses the URL up too (the client asks for a new one per attempt).
 */
const SPENT_BY_ANY_ATTEMPT: Record<string, string[]> = { 'PUT /api/uploads/': ['upload_tokens'] };

async function applicationTables(db: Knex, kind: string): Promise<string[]> {
  const rows: Array<{ name: string }> =
    kind === 'sqlite'
      ? await db('sqlite_master').where({ type: 'table' }).whereNot('name', 'like', 'sqlite_%').select('name')
      : await db('information_schema.tables').where({ table_schema: 'public', table_type: 'BASE TABLE' }).select({ name: 'table_name' });
  return rows.map((r) => r.name).filter((name) => !name.startsWith('knex_') && !ATTEMPT_COUNTERS.includes(name) && !DERIVED_ON_READ.includes(name)).sort();
}

/**
 * Tables a read may fill: the dashboard's counts of the day's top articles and episodes, made from
 * the source rows on the day's first ask (docs/performance.md, "The admin's dashboard"). Derived,
 * never anyone's data; every write to the data they count is still caught.
 */
const DERIVED_ON_READ = ['dashboard_top_sets', 'dashboard_top_articles', 'dashboard_top_episodes'];

/**
 * Tables a refused request is meant to write: a failed login counts against its email and address
 * (docs/security.md §2), in the database so every process shares the count.
 */
const ATTEMPT_COUNTERS = ['rate_limit_windows'];

/** Page paths the app answers with its shell (and the shareable pages' metadata), outside the routers. */
const PAGE_ROUTES = ['GET /', 'GET /news', 'GET /news/:id', 'GET /news/:id/edit', 'GET /forums/:id', 'GET /podcasts', 'GET /resources', 'GET /community', 'GET /admin/users'];

/** API answers that are files to save, sent with `Content-Disposition: attachment`. */
const DOWNLOADS = /^\/api\/cpd\/export\.(?:csv|pdf)(?:\?|$)/;

describe.each(DB_KINDS)('fuzzing every route [%s]', (kind) => {
  // The page shell, so page paths are served as in production (their metadata reads the database).
  const pwaDir = mkdtempSync(path.join(os.tmpdir(), 'lc-fuzz-shell-'));
  let server: TestServer | undefined;
  const t = () => server!;
  beforeAll(async () => {
    copyFileSync(path.resolve(import.meta.dirname, '../../pwa/index.html'), path.join(pwaDir, 'index.html'));
    server = await startTestServer(kind, { pwaDir });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    rmSync(pwaDir, { recursive: true, force: true });
  });

  let pools: Pools;
  let admin: Agent;
  let adminId: string;
  let tables: string[];

  beforeAll(async () => {
    const db = t().db;
    const adminUser = await createUser(db, { role: 'admin' });
    const member = await createUser(db);
    adminId = adminUser.id;
    admin = t().agent();
    await signInAs(db, admin, adminId);
    const category = await createCategory(db);
    const article = await insertArticle(db, { categoryIds: [category.id] });
    const forum = await forumCategory(db);
    const discussion = await createDiscussion(db, member.id, { title: 'Fuzz', content: 'Fuzz', categoryId: forum.id });
    const objectPath = await publicImage(admin);
    const discussionId = discussion.kind === 'created' ? discussion.id : forum.id;
    pools = {
      newsCategoryId: category.id,
      forumCategoryId: forum.id,
      discussionId,
      imageUploadPath: await completedUpload(admin),
      ids: [
        adminUser.id,
        member.id,
        category.id,
        article,
        await insertArticle(db, { status: 'draft', categoryIds: [category.id] }),
        await insertPodcast(db, { categoryIds: [category.id] }),
        forum.id,
        discussionId,
        (await insertComment(db, article, member.id, 'A comment'))!.id,
        objectPath.slice('/objects/'.length),
      ],
      tokens: await Promise.all([1, 2, 3].map((n) => createUploadToken(db, adminUser.id, n === 3 ? 'audio' : 'image'))),
    };
    tables = await applicationTables(db, t().kind);
  });

  /** Sends one request and checks the per-request properties; returns the status. */
  /** `page`: a page path, whose misses may be the static server's plain-text 404 rather than JSON. */
  async function send(agent: Agent, method: string, req: FuzzRequest, before: string[], page: boolean): Promise<string[]> {
    const where = `${method} ${req.path}`;
    const res = await agent.request(method, req.path, {
      raw: req.body === undefined ? undefined : typeof req.body === 'string' ? req.body : Buffer.from(req.body),
      headers: req.headers,
    });
    expect(res.status, `${where} → ${res.status} ${res.text.slice(0, 300)}`).toBeLessThan(500);
    const type = res.headers.get('content-type') ?? '';
    if (req.path.startsWith('/api/') || (res.status >= 400 && !page)) {
      // 204/304 carry no body; everything else from the API is JSON, never something a browser renders,
      // but for the downloads it answers as attachments (the CPD exports), whose errors are JSON still.
      const download = res.status < 400 && DOWNLOADS.test(req.path) && /^attachment;/.test(res.headers.get('content-disposition') ?? '');
      if (res.text && !download) expect(type, where).toMatch(/^application\/json/);
    }
    // Node's HTTP parser answers 431 (empty, before the app runs) to a request line and headers
    // over its 16 KB limit, e.g. two 10,000-character query values; there is no app answer to check.
    const refusedByNode = res.status === 431 && !res.text;
    if (res.status >= 400 && !refusedByNode && !page) expect(typeof res.body?.message, `${where}: error body ${res.text.slice(0, 200)}`).toBe('string');
    const after = await snapshot(t().db, tables);
    if (res.status >= 400 || method === 'GET') {
      const spent = Object.entries(SPENT_BY_ANY_ATTEMPT).find(([prefix]) => where.startsWith(prefix))?.[1] ?? [];
      const changed = tables.filter((table, i) => after[i] !== before[i] && !spent.includes(table));
      expect(changed, `${where} answered ${res.status} but changed the database`).toEqual([]);
    }
    return after;
  }

  it('every route, every caller: no 5xx, JSON errors, and refusals and reads change nothing', async () => {
    const routes = [...servedRoutes(t().app), ...PAGE_ROUTES];
    expect(routes.length).toBeGreaterThan(50);
    let state = await snapshot(t().db, tables);
    for (const route of routes) {
      const [method, template] = route.split(' ');
      const page = PAGE_ROUTES.includes(route);
      for (const who of ['anonymous', 'admin'] as const) {
        await fc.assert(
          fc.asyncProperty(requestFor(method, template, pools, who === 'anonymous', page), async (req) => {
            // Logging in, registering or out as the admin would change who the admin agent is.
            if (who === 'admin' && (template.startsWith('/api/auth/') || !admin.cookies.has(SESSION_COOKIE))) {
              admin = t().agent();
              await signInAs(t().db, admin, adminId);
              state = await snapshot(t().db, tables);
            }
            state = await send(who === 'admin' ? admin : t().agent(), method, req, state, page);
          }),
          { seed: seedFor(route, who), numRuns: RUNS_PER_ROUTE, endOnFailure: true },
        );
      }
    }
  }, 600_000);

  // After the property above: its writes (and what they set off after answering) must not land in its snapshots.
  it('numbers out of range: every write that takes a number and every list read with one answer below 500, and never store it', async () => {
    const db = t().db;
    const episode = pools.ids[5];
    const article = pools.ids[3];
    const minuteAgo = () => new Date(Date.now() - 60_000).toISOString();
    const values: unknown[] = [...OVERFLOW_NUMBERS.map(Number).filter(Number.isFinite), ...OVERFLOW_TEXTS];
    const writes: Array<[method: string, path: string, body: (v: unknown) => Record<string, unknown>]> = [
      ['POST', '/api/admin/news-categories', (v) => ({ name: 'Overflow', slug: 'overflow', displayOrder: v })],
      ['PATCH', `/api/admin/news-categories/${pools.newsCategoryId}`, (v) => ({ displayOrder: v })],
      ['POST', '/api/admin/podcast-shows', (v) => ({ name: 'Overflow show', displayOrder: v })],
      ...['rating', 'ratingCount', 'downloadCount'].map(
        (field): [string, string, (v: unknown) => Record<string, unknown>] => ['POST', '/api/resources', (v) => ({ title: 'Overflow', type: 'ebook', category: 'taxation', [field]: v })],
      ),
      ['POST', '/api/podcasts', (v) => ({ title: 'Overflow', categoryIds: [pools.newsCategoryId], episodeNumber: v })],
      ['PATCH', `/api/podcasts/${episode}`, (v) => ({ duration: v })],
      ['PUT', `/api/podcasts/${episode}/listening`, (v) => ({ positionSeconds: v, deviceTime: minuteAgo() })],
      ['PUT', `/api/podcasts/${episode}/listening`, (v) => ({ positionSeconds: 1, durationSeconds: v, deviceTime: minuteAgo() })],
      ['PATCH', `/api/reading-list/${article}`, (v) => ({ position: v, changedAt: minuteAgo() })],
    ];
    // The reading list's entry, so its PATCH reaches the row.
    expect((await admin.put(`/api/reading-list/${article}`, { changedAt: minuteAgo() })).status).toBeLessThan(300);
    for (const [method, path, body] of writes) {
      for (const value of values) {
        const where = `${method} ${path} ${JSON.stringify(body(value)).slice(0, 120)}`;
        const res = await admin.request(method, path, { body: body(value) });
        expect(res.status, `${where} → ${res.status} ${res.text.slice(0, 200)}`).toBeLessThan(500);
        if (res.status >= 400) expect(typeof res.body?.message, where).toBe('string');
      }
    }
    // Nothing out of an integer column's range (or a duration's) was stored.
    const stored = async (table: string, column: string) => toInt((await db(table).max({ m: column }).first())?.m ?? 0);
    expect(await stored('podcast_episodes', 'episode_number')).toBeLessThanOrEqual(1_000_000);
    expect(await stored('podcast_episodes', 'duration')).toBeLessThanOrEqual(24 * 60 * 60);
    expect(await stored('resources', 'download_count')).toBeLessThanOrEqual(2_147_483_647);
    expect(Number((await db('listening_positions').max({ m: 'position_seconds' }).first())?.m ?? 0)).toBeLessThanOrEqual(24 * 60 * 60);

    // Every read without path parameters, with every numeric query parameter out of range.
    const reads = servedRoutes(t().app).filter((route) => route.startsWith('GET ') && !route.includes(':'));
    expect(reads.length).toBeGreaterThan(20);
    for (const route of [...reads, `GET /objects/${pools.ids[9]}`, `GET /api/news/${article}/comments`]) {
      const path = route.slice('GET '.length);
      for (const value of OVERFLOW_TEXTS) {
        const query = NUMERIC_PARAMS.map((name) => `${name}=${encodeURIComponent(value)}`).join('&');
        const res = await admin.get(`${path}?${query}&q=overflow`);
        expect(res.status, `${route}?${query} → ${res.status} ${res.text.slice(0, 200)}`).toBeLessThan(500);
      }
    }
    await t().afterAnswer.settled();
  }, 300_000);
});
