import http from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestServer, type TestServer } from '../test/harness';
import { signedIn, signInAs, VIEWERS, type Viewer } from '../test/agents';
import { createCategory, createUser, forumCategory, insertArticle, insertPodcast, postDiscussion, postReply } from '../test/factories';
import { servedRoutes, servingRouters } from '../test/served-routes';
import { publicImage } from '../test/uploads';
import { isServerPath } from '../paths';
import { upsertInvitation } from '../api/invitations/repo';
import { isCanonicalSpelling, lenientSpelling } from '../middleware/canonical-path';

/*
 * Every route of the live routers, asked by each kind of caller in its canonical spelling and in
 * the spellings a lenient parser reads as the same path: upper and mixed case, a trailing or
 * doubled slash, percent-encoded letters and slashes, `;` parameters, `.` and `..` segments, a
 * backslash. No spelling may answer more than the canonical one (docs/security.md §16): never a 5xx,
 * a 2xx or 3xx only with the canonical status and body, and where a guard refused the canonical
 * spelling (401, 403) only a refusal (401, 403, 404). The server's own paths (API, objects, covers)
 * refuse every other spelling outright: 404 `not_found`, as an unknown path.
 *
 * Reads use real items (a published article, a draft episode, a discussion, comments, revisions);
 * writes carry no body and unknown ids, so nothing is written and only the status class counts.
 */

/** Requests in flight at once (the machine is shared; the server is one per database). */
const IN_FLIGHT = 8;

interface Answer {
  status: number;
  text: string;
  code?: string;
}

/** One request with its path sent byte for byte (fetch and `new URL` would resolve `..` and `\`). */
function send(base: URL, keepAlive: http.Agent, method: string, path: string, cookie: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        path,
        method,
        agent: keepAlive,
        headers: { origin: base.origin, 'content-length': '0', ...(cookie ? { cookie } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let code: string | undefined;
          if ((res.headers['content-type'] ?? '').includes('json')) {
            try {
              code = (JSON.parse(text) as { code?: string }).code;
            } catch {
              code = undefined;
            }
          }
          resolve({ status: res.statusCode ?? 0, text, code });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Runs the tasks, at most `limit` at a time. */
async function inTurns<T>(tasks: Array<() => Promise<T>>, limit = IN_FLIGHT): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

/** A path split into its segments, each marked as fixed (the route's own words) or a parameter's value. */
type Segments = Array<{ text: string; fixed: boolean }>;

const encodeFirstLetter = (text: string) => text.replace(/[a-z]/i, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const capitalise = (text: string) => text.replace(/[a-z]/, (c) => c.toUpperCase());

/** Other spellings of the path `segments` make; each reads as the same path to a lenient parser. */
function spellings(segments: Segments): Array<{ name: string; path: string }> {
  const texts = segments.map((s) => s.text);
  const join = (parts: string[]) => `/${parts.join('/')}`;
  const path = join(texts);
  const fixedMapped = (f: (text: string) => string, only?: number) =>
    join(segments.map((s, i) => (s.fixed && (only === undefined || i === only) ? f(s.text) : s.text)));
  const [first, ...rest] = texts;
  const lastFixed = segments.map((s) => s.fixed).lastIndexOf(true);
  const out = [
    { name: 'upper case', path: fixedMapped((s) => s.toUpperCase()) },
    { name: 'upper-case prefix', path: fixedMapped((s) => s.toUpperCase(), 0) },
    { name: 'mixed case', path: fixedMapped(capitalise) },
    { name: 'trailing slash', path: `${path}/` },
    { name: 'leading doubled slash', path: `/${path}` },
    { name: 'percent-encoded letter in the prefix', path: fixedMapped(encodeFirstLetter, 0) },
    { name: 'percent-encoded letter at the end', path: fixedMapped(encodeFirstLetter, lastFixed) },
    { name: 'percent-encoded letter, lower-case hex', path: fixedMapped((s) => encodeFirstLetter(s).toLowerCase(), 0) },
    { name: '; parameter in the prefix', path: join([`${first};x=1`, ...rest]) },
    { name: '; parameter at the end', path: `${path};x=1` },
    { name: '. segment', path: join([first, '.', ...rest]) },
    { name: '.. segment', path: join([first, 'x', '..', ...rest]) },
    { name: 'percent-encoded .. segment', path: join([first, 'x', '%2e%2e', ...rest]) },
  ];
  if (rest.length) {
    out.push(
      { name: 'doubled slash', path: join([first, '', ...rest]) },
      { name: 'percent-encoded slash', path: `/${first}%2F${rest.join('/')}` },
      { name: 'lower-case percent-encoded slash', path: `/${first}%2f${rest.join('/')}` },
      { name: 'backslash', path: `/${first}\\${rest.join('/')}` },
    );
  }
  return out.filter((s) => s.path !== path);
}

/** Not signed in, not allowed, or no such path. */
const REFUSALS = new Set([401, 403, 404]);

/** Why `variant` answers more than `canonical` does, or undefined when it does not. */
function answersMore(method: string, canonical: Answer, variant: Answer): string | undefined {
  if (variant.status >= 500) return 'a server error';
  if (variant.status === canonical.status) {
    // Writes carry no body and unknown ids: their status class is the claim. A read must show the same.
    return method === 'GET' && variant.status < 400 && variant.text !== canonical.text ? 'another body' : undefined;
  }
  if (variant.status < 400) return 'a success where the canonical spelling was refused';
  // A guard refused the canonical spelling: any answer but a refusal came from past it.
  if (REFUSALS.has(canonical.status) && !REFUSALS.has(variant.status)) return 'an answer from past the refusal of the canonical spelling';
  return undefined;
}

interface Fixtures {
  article: { id: string; commentId: string; revisionId: string };
  episode: { id: string; commentId: string; revisionId: string };
  discussionId: string;
  replyId: string;
  forumCategoryId: string;
  newsCategorySlug: string;
  memberId: string;
  invitationToken: string;
  objectId: string;
}

/** The value of a read route's parameter: a real item wherever the route reads one. */
function readValue(f: Fixtures, pattern: string, name: string, before: string): string {
  const item = pattern.startsWith('/api/podcasts') ? f.episode : f.article;
  const owner = before.split('/').filter(Boolean).pop();
  switch (name) {
    case 'revisionId':
      return item.revisionId;
    case 'commentId':
      return item.commentId;
    case 'slug':
      return f.newsCategorySlug;
    case 'kind':
      return 'article';
    case 'file':
      return before.startsWith('/covers/series') ? '1400x1400.jpg' : '640x360.webp';
    case 'token':
      return owner === 'invitations' ? f.invitationToken : randomBytes(24).toString('base64url');
  }
  const ids: Record<string, string> = {
    news: f.article.id,
    article: f.article.id,
    podcasts: f.episode.id,
    discussions: f.discussionId,
    replies: f.replyId,
    categories: f.forumCategoryId,
    members: f.memberId,
    objects: f.objectId,
  };
  return ids[owner ?? ''] ?? randomUUID();
}

/** The value of a write route's parameter: one that names nothing, so no write happens. */
function writeValue(name: string): string {
  if (name === 'token') return randomBytes(24).toString('base64url');
  if (name === 'menuKey') return 'news';
  return randomUUID();
}

/** The route's path with its parameters filled, as segments. */
function routeSegments(f: Fixtures, method: string, pattern: string): Segments {
  const segments: Segments = [];
  let before = '';
  for (const part of pattern.slice(1).split('/')) {
    const param = /^:(\w+)$/.exec(part)?.[1];
    const text = param ? (method === 'GET' ? readValue(f, pattern, param, before) : writeValue(param)) : part;
    segments.push({ text, fixed: !param });
    before += `/${part}`;
  }
  return segments;
}

/** The id of an item's revision, written as an editor's save writes one. */
async function revisionOf(editor: ReturnType<TestServer['agent']>, resource: 'news' | 'podcasts', id: string): Promise<string> {
  const saved = await editor.patch(`/api/${resource}/${id}`, { title: 'Edited once' });
  if (saved.status !== 200) throw new Error(`edit failed: ${saved.status} ${saved.text}`);
  const list = await editor.get(`/api/${resource}/${id}/revisions`);
  const first = (list.body as Array<{ id: string }>)[0];
  if (!first) throw new Error(`no revision of ${resource}/${id}: ${list.text}`);
  return first.id;
}

describe.each(DB_KINDS)('path spelling [%s]', (kind) => {
  let server: TestServer;
  let shellDir: string;
  const t = () => server;
  let f: Fixtures;
  const users = {} as Record<Exclude<Viewer, 'anonymous'>, string>;
  const keepAlive = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
  afterAll(() => keepAlive.destroy());

  afterAll(async () => {
    await server?.close();
    rmSync(shellDir, { recursive: true, force: true });
  });

  beforeAll(async () => {
    // A page shell of its own: pages are served whether or not the PWA has been built.
    shellDir = mkdtempSync(path.join(os.tmpdir(), 'lc-shell-'));
    writeFileSync(path.join(shellDir, 'index.html'), '<!doctype html><title>Ledger Commons</title><div id="root"></div>');
    server = await startTestServer(kind, { pwaDir: shellDir });
    const { db } = t();
    for (const role of VIEWERS) if (role !== 'anonymous') users[role] = (await createUser(db, { role })).id;
    const { agent: editor } = await signedIn(db, t().agent(), 'editor');
    const { agent: member } = await signedIn(db, t().agent(), 'subscriber');
    const category = await createCategory(db);
    const articleId = await insertArticle(db, { categoryIds: [category.id] });
    const episodeId = await insertPodcast(db, { categoryIds: [category.id], status: 'draft' });
    const comment = async (resource: 'news' | 'podcasts', id: string, agent = member) => {
      const res = await agent.post(`/api/${resource}/${id}/comments`, { content: 'A comment' });
      if (res.status !== 201) throw new Error(`comment failed: ${res.status} ${res.text}`);
      return (res.body as { id: string }).id;
    };
    const forum = await forumCategory(db);
    const discussion = await postDiscussion(member, forum.id);
    f = {
      article: { id: articleId, commentId: await comment('news', articleId), revisionId: await revisionOf(editor, 'news', articleId) },
      // A draft: members may not comment on it, so an editor does.
      episode: { id: episodeId, commentId: await comment('podcasts', episodeId, editor), revisionId: await revisionOf(editor, 'podcasts', episodeId) },
      discussionId: discussion.id,
      replyId: (await postReply(member, discussion.id)).id,
      forumCategoryId: forum.id,
      newsCategorySlug: category.slug,
      memberId: users.subscriber,
      invitationToken: (await upsertInvitation(db, undefined, { email: `invited-${randomUUID()}@example.com`, role: 'contributor', invitedBy: users.admin })).token,
      objectId: (await publicImage(member)).split('/').pop()!,
    };
  }, 60_000);

  it('serves every route through routers that match their paths in their own case only', () => {
    const lenient = servingRouters(t().app).filter((router) => router.opts.sensitive !== true);
    expect(lenient.map((router) => router.stack.map((layer) => layer.path).join(' '))).toEqual([]);
  });

  it('keeps the moderation queue from anyone signed out, in every case of its path', async () => {
    const { agent: reporter } = await signedIn(t().db, t().agent(), 'subscriber');
    const reported = await reporter.post('/api/reports', { target: { type: 'member', id: f.memberId }, reason: 'spam', note: 'a private note' });
    expect(reported.status).toBe(201);
    for (const path of ['/api/moderation/queue', '/API/moderation/queue', '/Api/Moderation/Queue', '/API/moderation/count', '/api/MODERATION/count']) {
      const res = await t().agent().get(path);
      expect(res.status, path).toBe(path.startsWith('/api/moderation/') ? 401 : 404);
      expect(res.text, path).not.toContain('a private note');
    }
  });

  it('refuses an API path whose encoded dot segments would resolve out of the API for a lenient reader', async () => {
    for (const path of ['/api/invitations/..%2F..%2Fusers', '/api/members/..%2F..%2F..%2Fnews']) {
      const res = await t().agent().get(path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).toEqual({ message: 'Not found', code: 'not_found' });
    }
  });

  it('answers no spelling of any route more than its canonical spelling, for any caller', async () => {
    const base = new URL(t().url);
    const wrong: string[] = [];
    let asked = 0;
    for (const route of servedRoutes(t().app)) {
      const [method, pattern] = route.split(' ');
      const segments = routeSegments(f, method, pattern);
      const canonicalPath = `/${segments.map((s) => s.text).join('/')}`;
      // A fresh session per caller and route: a route that signs out (logout, logout-all) ends only its own.
      const cookies = {} as Record<Viewer, string>;
      for (const viewer of VIEWERS) {
        const agent = t().agent();
        if (viewer !== 'anonymous') await signInAs(t().db, agent, users[viewer]);
        cookies[viewer] = agent.cookieHeader();
      }
      const canonical = await inTurns(VIEWERS.map((viewer) => () => send(base, keepAlive, method, canonicalPath, cookies[viewer])));
      const variants = spellings(segments);
      const tasks = VIEWERS.flatMap((viewer, v) =>
        variants.map((variant) => async () => {
          const answer = await send(base, keepAlive, method, variant.path, cookies[viewer]);
          const more = answersMore(method, canonical[v], answer);
          const where = `${route} as ${viewer}, ${variant.name} (${variant.path}): ${answer.status}, canonical ${canonical[v].status}`;
          if (more) wrong.push(`${where}: ${more}`);
          // The server's own paths have one spelling; any other is an unknown path.
          else if (isServerPath(canonicalPath) && (answer.status !== 404 || answer.code !== 'not_found')) wrong.push(`${where}: not refused as an unknown path`);
        }),
      );
      asked += canonical.length + tasks.length;
      await inTurns(tasks);
    }
    expect(wrong).toEqual([]);
    // Every route, every caller, every spelling: well over a thousand requests.
    expect(asked).toBeGreaterThan(servedRoutes(t().app).length * VIEWERS.length * 10);
  }, 300_000);

  it('serves a page in any case and with a trailing slash, as the browser\'s router reads it', async () => {
    for (const path of ['/news', '/NEWS', '/News/', '/news/', '/FORUMS', '/Login', '/invite/AbCdEf']) {
      const res = await t().agent().get(path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).toContain('<title>Ledger Commons</title>');
    }
  });

  it('knows a missing item in any spelling of its page', async () => {
    const draft = await insertArticle(t().db, { status: 'draft' });
    const published = await insertArticle(t().db);
    for (const path of [`/news/${draft}`, `/NEWS/${draft}`, `/News/${draft.toUpperCase()}/`, `/news/${randomUUID()}`, `/Forums/${randomUUID()}`]) {
      expect((await t().agent().get(path)).status, path).toBe(404);
    }
    for (const path of [`/news/${published}`, `/NEWS/${published}`, `/News/${published.toUpperCase()}/`]) {
      expect((await t().agent().get(path)).status, path).toBe(200);
    }
  });
});

describe('the one spelling of a path', () => {
  it('is what routes are written in, and nothing a lenient parser would resolve', () => {
    for (const path of ['/', '/api/moderation/queue', '/api/news/0190a0e0-0000-7000-8000-000000000000', '/api/invitations/Ab-_9%C3%A9', '/feed.xml']) {
      expect(isCanonicalSpelling(path), path).toBe(true);
    }
    for (const path of ['/api/moderation/queue/', '/api//moderation', '/api/./x', '/api/x/../y', '/api;a/x', '/api\\x', '/%61pi/x', '/api%2Fx', '/api/%2e%2e/x', '/api/x%', '/api/%zz', 'api/x']) {
      expect(isCanonicalSpelling(path), path).toBe(false);
    }
  });

  it('recognises the server\'s own paths in every spelling', () => {
    for (const path of ['/API/moderation/queue', '/%2561pi/x', '//api/x', '/x/../api/x', '/api;x=1/x', '\\api\\x', '/Objects/x', '/cOvErS/x', '/./covers/x']) {
      expect(isServerPath(lenientSpelling(path)), path).toBe(true);
    }
    for (const path of ['/news', '/NEWS', '/apis/x', '/invite/ABC', '/objects']) expect(isServerPath(lenientSpelling(path)), path).toBe(false);
  });
});
