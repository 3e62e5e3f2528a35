import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestServer, type Agent, type Response, type TestServer } from '../test/harness';
import { createUser, forumCategory, insertArticle, insertPodcast, postDiscussion } from '../test/factories';
import { signedIn } from '../test/agents';

// Server rendering needs the dist/pwa and dist/ssr builds (`npx vite build`; `npm test` makes them).
const EMPTY_ROOT = '<div id="root"></div>';
const NOT_FOUND_TITLE = '<title>Page Not Found | Ledger Commons</title>';

/** The page of something a visitor cannot see: 404, the plain shell (the app says not found), not kept. */
async function expectMissing(agent: Agent, path: string): Promise<void> {
  // Twice: a page kept after the first answer would be a hit on the second.
  for (let i = 0; i < 2; i++) {
    const res: Response = await agent.get(path);
    expect(res.status, path).toBe(404);
    expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control'), path).toBe('no-store');
    expect(res.headers.get('x-cache'), path).toBeNull();
    expect(res.text, path).toContain(EMPTY_ROOT);
    expect(res.text, path).toContain(NOT_FOUND_TITLE);
    expect(res.text, path).toContain('<meta name="robots" content="noindex" />');
    expect(res.text, path).not.toContain('og:title');
  }
}

/** A visitor's page that exists: 200, rendered, and kept from its second request. */
async function expectShown(agent: Agent, path: string, text: string): Promise<void> {
  const first = await agent.get(path);
  expect(first.status, path).toBe(200);
  expect(first.text, path).toContain(text);
  await expect.poll(async () => (await agent.get(path)).headers.get('x-cache'), { timeout: 5_000 }).toBe('hit');
}

describe.each(DB_KINDS)('pages of unknown, deleted or hidden items answer 404 [%s]', (kind) => {
  let t: TestServer;
  let admin: Agent;
  let editor: Agent;
  beforeAll(async () => {
    t = await startTestServer(kind, { serverRendering: true, responseCache: {} });
    ({ agent: admin } = await signedIn(t.db, t.agent(), 'admin'));
    ({ agent: editor } = await signedIn(t.db, t.agent(), 'editor'));
  }, 60_000);
  afterAll(() => t?.close());

  it('an article: 200 while published, 404 once deleted, unknown, or a draft for a visitor (the editor still sees it)', async () => {
    const visitor = t.agent();
    const id = await insertArticle(t.db, { title: 'Depreciation schedules explained' });
    await expectShown(visitor, `/news/${id}`, 'Depreciation schedules explained');
    expect((await editor.delete(`/api/news/${id}`)).status).toBe(200);
    await expectMissing(visitor, `/news/${id}`);
    await expectMissing(visitor, `/news/${randomUUID()}`);

    const draft = await insertArticle(t.db, { title: 'Unreleased goodwill draft', status: 'draft' });
    await expectMissing(visitor, `/news/${draft}`);
    const shown = await editor.get(`/news/${draft}`);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('Unreleased goodwill draft');
    // Other screens under /news are not items.
    expect((await editor.get('/news/add')).status).toBe(200);
  });

  it('an episode: rendered while published (title, show notes, comments heading), 404 once deleted, unknown, or a draft for a visitor', async () => {
    const visitor = t.agent();
    const id = await insertPodcast(t.db, { title: 'Closing the books in a week', episodeNumber: 4 });
    await t.db('podcast_episodes').where({ id }).update({ description: 'We cover **accrual** cut-off.', host_name: 'Hana Host' });
    await expectShown(visitor, `/podcasts/${id}`, 'Closing the books in a week');
    const page = (await visitor.get(`/podcasts/${id}`)).text;
    expect(page).toContain('<strong>accrual</strong>');
    expect(page).toContain('Hana Host');
    // React's text separators sit around the count.
    expect(page).toMatch(/id="comments-title">Comments \((<!-- -->)?0(<!-- -->)?\)/);
    expect((await editor.delete(`/api/podcasts/${id}`)).status).toBe(200);
    await expectMissing(visitor, `/podcasts/${id}`);
    await expectMissing(visitor, `/podcasts/${randomUUID()}`);

    const draft = await insertPodcast(t.db, { title: 'Unreleased episode draft', status: 'draft' });
    await expectMissing(visitor, `/podcasts/${draft}`);
    const shown = await editor.get(`/podcasts/${draft}`);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('Unreleased episode draft');
    // Other screens under /podcasts are not episodes.
    expect((await editor.get('/podcasts/add')).status).toBe(200);
  });

  it('a discussion: 200 while it is there, 404 once deleted or unknown', async () => {
    const visitor = t.agent();
    const { agent: author } = await signedIn(t.db, t.agent(), 'subscriber');
    const category = await forumCategory(t.db);
    const discussion = await postDiscussion(author, category.id, 'Revenue recognition for bundles');
    await expectShown(visitor, `/forums/${discussion.id}`, 'Revenue recognition for bundles');
    expect((await author.delete(`/api/forum/discussions/${discussion.id}`)).status).toBe(200);
    await expectMissing(visitor, `/forums/${discussion.id}`);
    await expectMissing(visitor, `/forums/${randomUUID()}`);
  });

  it('a member: 200 while active, 404 once deactivated or deleted, or unknown', async () => {
    const visitor = t.agent();
    const member = await createUser(t.db, { firstName: 'Petra', lastName: 'Payables' });
    await expectShown(visitor, `/members/${member.id}`, 'Petra Payables');
    expect((await admin.patch(`/api/users/${member.id}/status`, { isActive: false })).status).toBe(200);
    await expectMissing(visitor, `/members/${member.id}`);
    const other = await createUser(t.db, { firstName: 'Rex', lastName: 'Receivables' });
    await expectShown(visitor, `/members/${other.id}`, 'Rex Receivables');
    expect((await admin.delete(`/api/users/${other.id}`)).status).toBe(200);
    await expectMissing(visitor, `/members/${other.id}`);
    await expectMissing(visitor, `/members/${randomUUID()}`);
  });
});

describe('without server rendering (SERVER_RENDERING=off)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('sqlite', { serverRendering: false });
  }, 60_000);
  afterAll(() => t?.close());

  it('an unknown article, discussion or member is still 404; a known one 200', async () => {
    const visitor = t.agent();
    for (const path of [`/news/${randomUUID()}`, `/podcasts/${randomUUID()}`, `/forums/${randomUUID()}`, `/members/${randomUUID()}`]) await expectMissing(visitor, path);
    const id = await insertArticle(t.db, { title: 'Accruals in practice' });
    expect((await visitor.get(`/news/${id}`)).status).toBe(200);
  });
});
