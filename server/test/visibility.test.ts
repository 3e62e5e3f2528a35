import { afterAll, beforeAll, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mentionMarkup } from '../../contracts/mentions';
import { describeEachDb, type Agent, type TestServer } from './harness';
import { newMember, signedIn } from './agents';
import { forumCategory, insertArticle, insertPodcast, postDiscussion } from './factories';

/*
 * Every read path × every reason an item may be out of sight (server/api/content/visibility.ts).
 * Each item is seen by a member first (a mention, a watched category, the reading list), then made
 * a draft, scheduled, archived, hidden or deleted; no read path may still show it to that member or
 * to a visitor. A visible item of every kind is the control: each path must show it, so a path that
 * shows nothing cannot pass. A new read path belongs in PATHS; a new reason in REASONS.
 */

type Kind = 'article' | 'episode' | 'discussion' | 'reply' | 'comment';
type Reason = 'visible' | 'draft' | 'scheduled' | 'archived' | 'hidden' | 'deleted';

const REASONS: Record<Kind, Reason[]> = {
  article: ['visible', 'draft', 'scheduled', 'archived', 'deleted'],
  episode: ['visible', 'draft', 'scheduled', 'archived', 'deleted'],
  discussion: ['visible', 'draft', 'hidden', 'deleted'],
  reply: ['visible', 'hidden', 'deleted'],
  comment: ['visible', 'hidden', 'deleted'],
};

interface Item {
  kind: Kind;
  reason: Reason;
  id: string;
  /** The article or discussion a comment or reply is on. */
  parentId?: string;
  /** A word only this item's title or text carries. */
  token: string;
}

interface World {
  t: TestServer;
  reader: Agent;
  visitor: Agent;
  authorId: string;
  items: Item[];
}

/** A read path: which kinds it can show, and whether it shows `item` to `who`. */
interface ReadPath {
  kinds: Kind[];
  /** Archived articles and episodes still open by their link (only documents for nobody leave them out). */
  showsArchived?: boolean;
  shows(w: World, who: Agent, item: Item): Promise<boolean>;
}

const text = async (who: Agent, path: string) => (await who.get(path)).text;
const pageOf = (item: Item) =>
  item.kind === 'article' ? `/api/news/${item.id}`
  : item.kind === 'episode' ? `/api/podcasts/${item.id}`
  : item.kind === 'discussion' ? `/api/forum/discussions/${item.id}`
  : item.kind === 'reply' ? `/api/forum/discussions/${item.parentId}`
  : `/api/news/${item.parentId}/comments`;

const PATHS: Record<string, ReadPath> = {
  page: { kinds: ['article', 'episode', 'discussion', 'reply', 'comment'], showsArchived: true, shows: async (_, who, item) => (await text(who, pageOf(item))).includes(item.token) },
  lists: {
    kinds: ['article', 'episode', 'discussion'],
    shows: async (_, who, item) => {
      const lists = await Promise.all(['/api/news?limit=50', '/api/podcasts?limit=50', '/api/forum/discussions?limit=50'].map((p) => text(who, p)));
      return lists.join('\n').includes(item.token);
    },
  },
  search: {
    kinds: ['article', 'episode', 'discussion'],
    shows: async (_, who, item) => ((await who.get(`/api/search?q=${item.token}`)).body.results as Array<{ id: string }>).some((r) => r.id === item.id),
  },
  feeds: { kinds: ['article'], shows: async (_, who, item) => (await text(who, '/feed.xml')).includes(item.token) },
  sitemap: { kinds: ['article', 'episode', 'discussion'], shows: async (_, who, item) => (await text(who, '/sitemap.xml')).includes(item.id) },
  'member page': { kinds: ['discussion'], shows: async (w, who, item) => (await text(who, `/api/members/${w.authorId}`)).includes(item.id) },
  'page metadata': {
    kinds: ['article', 'episode', 'discussion'],
    shows: async (_, who, item) => (await text(who, `/${item.kind === 'article' ? 'news' : item.kind === 'episode' ? 'podcasts' : 'forums'}/${item.id}`)).includes(item.token),
  },
  notifications: {
    kinds: ['article', 'episode', 'discussion', 'reply', 'comment'],
    showsArchived: true,
    shows: async (w, who, item) => {
      if (who === w.visitor) return false;
      const list = (await who.get('/api/notifications?limit=100')).body as Array<{ target: { available: boolean; id?: string; title?: string; path?: string } }>;
      const about = list.filter((n) => n.target.available && (n.target.id === item.id || n.target.path?.includes(item.id)));
      return about.length > 0 || JSON.stringify(list).includes(item.token);
    },
  },
  'reading list (offline sync)': {
    kinds: ['article'],
    showsArchived: true,
    shows: async (w, who, item) => {
      if (who === w.visitor) return false;
      return ((await who.get('/api/reading-list')).body as Array<{ articleId: string; gone: boolean }>).some((e) => e.articleId === item.id && !e.gone);
    },
  },
};

/** Makes `item` out of sight for `reason`, the way the app does it. */
async function apply(w: World, editor: Agent, author: Agent, item: Item): Promise<void> {
  const { t } = w;
  const table = item.kind === 'article' ? 'news_articles' : 'podcast_episodes';
  const api = item.kind === 'article' ? 'news' : 'podcasts';
  const ok = (status: number) => expect([200, 204]).toContain(status);
  switch (item.reason) {
    case 'visible':
      return;
    case 'draft':
      if (item.kind === 'discussion') return ok((await editor.patch(`/api/forum/discussions/${item.id}/status`, { status: 'draft' })).status);
      return ok((await editor.patch(`/api/${api}/${item.id}/status`, { status: 'draft' })).status);
    case 'scheduled':
      ok((await editor.patch(`/api/${api}/${item.id}/status`, { status: 'draft' })).status);
      await t.db(table).where({ id: item.id }).update({ scheduled_at: new Date(Date.now() + 86_400_000).toISOString() });
      return;
    case 'archived':
      return ok((await editor.patch(`/api/${api}/${item.id}/archive`, { isArchived: true })).status);
    case 'hidden': {
      const type = item.kind === 'comment' ? 'article_comment' : item.kind;
      return ok((await editor.post('/api/moderation/actions', { target: { type, id: item.id }, action: 'hide', note: 'Spam' })).status);
    }
    case 'deleted':
      if (item.kind === 'article' || item.kind === 'episode') return ok((await editor.delete(`/api/${api}/${item.id}`)).status);
      if (item.kind === 'discussion') return ok((await author.delete(`/api/forum/discussions/${item.id}`)).status);
      if (item.kind === 'reply') return ok((await author.delete(`/api/forum/replies/${item.id}`)).status);
      return ok((await author.delete(`/api/news/comments/${item.id}`)).status);
  }
}

/** The PWA's shell, where shared pages carry their metadata (the built app is not needed for it). */
const pwaDir = mkdtempSync(path.join(os.tmpdir(), 'lc-visibility-'));
copyFileSync(path.resolve(import.meta.dirname, '../../pwa/index.html'), path.join(pwaDir, 'index.html'));
afterAll(() => rmSync(pwaDir, { recursive: true, force: true }));

describeEachDb('what no read path shows', (t) => {
  let w: World;

  beforeAll(async () => {
    const { agent: editor } = await signedIn(t().db, t().agent(), 'editor');
    const author = await newMember(t());
    const reader = await newMember(t());
    const mention = mentionMarkup('Reader', reader.user.id);
    const category = await forumCategory(t().db);
    expect((await reader.agent.put(`/api/forum/categories/${category.id}/watch`, { level: 'watching' })).status).toBe(200);
    const host = await insertArticle(t().db, { title: `Host article ${randomBytes(3).toString('hex')}` });
    const hostDiscussion = await postDiscussion(author.agent, category.id, `Host discussion ${randomBytes(3).toString('hex')}`);
    const items: Item[] = [];
    for (const [kind, reasons] of Object.entries(REASONS) as Array<[Kind, Reason[]]>) {
      for (const reason of reasons) {
        const token = `tok${kind}${reason}${randomBytes(4).toString('hex')}`;
        let item: Item;
        if (kind === 'article' || kind === 'episode') {
          const id = kind === 'article' ? await insertArticle(t().db, { title: `Title ${token}`, content: `Body ${token}` }) : await insertPodcast(t().db, { title: `Title ${token}` });
          item = { kind, reason, id, token };
          // The reader hears of it (a mention in a comment) and, for articles, saves it for offline reading.
          const api = kind === 'article' ? 'news' : 'podcasts';
          expect((await author.agent.post(`/api/${api}/${id}/comments`, { content: `See ${mention}` })).status).toBe(201);
          if (kind === 'article') expect((await reader.agent.put(`/api/reading-list/${id}`, { changedAt: new Date().toISOString() })).status).toBe(200);
        } else if (kind === 'discussion') {
          // The reader watches the category: told of the discussion when it starts, and mentioned in it.
          const d = await postDiscussion(author.agent, category.id, `Title ${token}`);
          expect((await author.agent.post('/api/forum/replies', { discussionId: d.id, content: `Ask ${mention}` })).status).toBe(201);
          item = { kind, reason, id: d.id, token };
        } else if (kind === 'reply') {
          const res = await author.agent.post('/api/forum/replies', { discussionId: hostDiscussion.id, content: `Reply ${token} ${mention}` });
          expect(res.status).toBe(201);
          item = { kind, reason, id: res.body.id, parentId: hostDiscussion.id, token };
        } else {
          const res = await author.agent.post(`/api/news/${host}/comments`, { content: `Comment ${token} ${mention}` });
          expect(res.status).toBe(201);
          item = { kind, reason, id: res.body.id, parentId: host, token };
        }
        items.push(item);
      }
    }
    w = { t: t(), reader: reader.agent, visitor: t().agent(), authorId: author.user.id, items };
    for (const item of items) await apply(w, editor, author.agent, item);
  }, 120_000);

  const cases = Object.entries(PATHS).flatMap(([path, p]) =>
    (Object.entries(REASONS) as Array<[Kind, Reason[]]>).filter(([kind]) => p.kinds.includes(kind)).flatMap(([kind, reasons]) => reasons.map((reason) => ({ path, kind, reason }))),
  );

  it.each(cases)('$path × $kind $reason', async ({ path, kind, reason }) => {
    const p = PATHS[path];
    const item = w.items.find((i) => i.kind === kind && i.reason === reason)!;
    const expected = reason === 'visible' || (reason === 'archived' && Boolean(p.showsArchived));
    for (const who of [w.reader, w.visitor]) {
      // Paths only a member has (notifications, the reading list) are the reader's alone.
      if (who === w.visitor && (path === 'notifications' || path.startsWith('reading list'))) continue;
      expect(await p.shows(w, who, item), `${path} shows ${kind} ${reason} to the ${who === w.reader ? 'member' : 'visitor'}`).toBe(expected);
    }
  });
}, { pwaDir });
