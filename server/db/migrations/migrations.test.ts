import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { createTestDatabase, DB_KINDS, type TestDatabase } from '../../test/harness';
import { isForeignKeyViolation, isUniqueViolation, now, toBool } from '../dialect';
import { ARTICLES, PODCASTS } from '../../api/content/kinds';
import { RESOURCE_COLUMNS } from '../../api/resources/repo';

/** Every table of spec section 3 with the columns the API relies on. */
const SCHEMA: Record<string, string[]> = {
  users: ['id', 'email', 'password_hash', 'first_name', 'last_name', 'profile_image_url', 'expertise_tags', 'title', 'company', 'bio', 'points', 'badges', 'role', 'is_active', 'created_at', 'updated_at'],
  user_invitations: ['id', 'email', 'role', 'invited_by', 'created_at', 'accepted_at', 'revoked_at', 'token_hash', 'expires_at'],
  menu_settings: ['id', 'menu_key', 'menu_label', 'is_visible', 'display_order', 'updated_at'],
  news_categories: ['id', 'name', 'slug', 'description', 'icon', 'color', 'display_order', 'is_active', 'created_at', 'updated_at'],
  news_articles: ['id', 'title', 'content', 'excerpt', 'image_url', 'thumbnail_url', 'source_url', 'source_name', 'category', 'author_id', 'published_at', 'likes', 'comment_count', 'is_archived', 'is_featured', 'status', 'created_at'],
  news_comments: ['id', 'article_id', 'author_id', 'content', 'written_at', 'created_at'],
  forum_categories: ['id', 'name', 'description', 'icon', 'color', 'discussion_count', 'created_at'],
  forum_discussions: ['id', 'title', 'content', 'category_id', 'author_id', 'is_pinned', 'is_locked', 'is_featured', 'reply_count', 'likes', 'last_reply_at', 'status', 'created_at'],
  forum_replies: ['id', 'content', 'discussion_id', 'author_id', 'parent_reply_id', 'likes', 'written_at', 'created_at'],
  idempotency_keys: ['user_id', 'key', 'method', 'path', 'body_hash', 'status', 'response_body', 'completed', 'created_at'],
  resources: ['id', 'title', 'description', 'type', 'category', 'url', 'file_url', 'image_url', 'duration', 'difficulty', 'rating', 'rating_count', 'download_count', 'is_free', 'author_id', 'created_at'],
  podcast_episodes: ['id', 'title', 'description', 'episode_number', 'audio_url', 'image_url', 'duration', 'host_name', 'guest_name', 'guest_title', 'play_count', 'likes', 'is_archived', 'is_featured', 'published_at', 'status', 'created_at'],
  article_categories: ['article_id', 'category_id'],
  podcast_categories: ['podcast_id', 'category_id'],
  discussion_news_categories: ['discussion_id', 'category_id'],
  polls: ['id', 'question', 'options', 'total_votes', 'is_active', 'expires_at', 'created_by', 'created_at'],
  user_interactions: ['id', 'user_id', 'target_type', 'target_id', 'interaction_type', 'created_at'],
  sessions: ['sid', 'sess', 'expire'],
  rate_limit_windows: ['key', 'window_start', 'count', 'expires_at'],
};

async function rejects(p: Promise<unknown>, kind: 'unique' | 'fk' | 'any' = 'any') {
  try {
    await p;
  } catch (err) {
    if (kind === 'unique') expect(isUniqueViolation(err)).toBe(true);
    if (kind === 'fk') expect(isForeignKeyViolation(err)).toBe(true);
    return;
  }
  throw new Error('expected the write to be refused');
}

describe.each(DB_KINDS)('schema [%s]', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => t?.drop());

  it('has every table and column of spec section 3', async () => {
    for (const [table, columns] of Object.entries(SCHEMA)) {
      expect(await t.db.schema.hasTable(table), table).toBe(true);
      const info = await t.db(table).columnInfo();
      for (const c of columns) expect(Object.keys(info), `${table}.${c}`).toContain(c);
    }
  });

  it('the column lists items are read with name every column but the search vector', async () => {
    for (const [table, listed] of [
      [ARTICLES.table, ARTICLES.columns],
      [PODCASTS.table, [...PODCASTS.columns, ...(PODCASTS.detailColumns ?? []), ...(PODCASTS.searchColumns ?? [])]],
      ['resources', RESOURCE_COLUMNS],
    ] as const) {
      const columns = Object.keys(await t.db(table).columnInfo()).filter((c) => c !== 'search_vector');
      expect([...listed].sort(), table).toEqual(columns.sort());
    }
  });

  it('creates the five menu settings with their labels', async () => {
    const rows = await t.db('menu_settings').orderBy('display_order');
    expect(rows.map((r) => [r.menu_key, r.menu_label, toBool(r.is_visible)])).toEqual([
      ['news', 'News', true],
      ['podcasts', 'Podcasts', true],
      ['forums', 'Forums', true],
      ['resources', 'Resources', true],
      ['community', 'Community', true],
    ]);
  });

  it('applies the defaults of the spec', async () => {
    const userId = uuidv7();
    await t.db('users').insert({ id: userId, email: 'defaults@example.com' });
    const user = await t.db('users').where({ id: userId }).first();
    expect(user.role).toBe('subscriber');
    expect(toBool(user.is_active)).toBe(true);
    expect(Number(user.points)).toBe(0);
    expect(user.created_at).toBeTruthy();

    const catId = uuidv7();
    await t.db('news_categories').insert({ id: catId, name: 'Defaults', slug: 'defaults' });
    const cat = await t.db('news_categories').where({ id: catId }).first();
    expect(cat.color).toBe('#3B82F6');
    expect(Number(cat.display_order)).toBe(0);
    expect(toBool(cat.is_active)).toBe(true);

    const articleId = uuidv7();
    await t.db('news_articles').insert({ id: articleId, title: 'T', content: 'C' });
    const a = await t.db('news_articles').where({ id: articleId }).first();
    expect([a.status, Number(a.likes), toBool(a.is_archived), toBool(a.is_featured)]).toEqual(['published', 0, false, false]);

    const podcastId = uuidv7();
    await t.db('podcast_episodes').insert({ id: podcastId, title: 'P' });
    const p = await t.db('podcast_episodes').where({ id: podcastId }).first();
    expect([p.status, Number(p.play_count), Number(p.likes), toBool(p.is_featured)]).toEqual(['published', 0, 0, false]);

    const resourceId = uuidv7();
    await t.db('resources').insert({ id: resourceId, title: 'R', type: 'ebook', category: 'taxation' });
    const r = await t.db('resources').where({ id: resourceId }).first();
    expect([Number(r.rating), Number(r.rating_count), Number(r.download_count), toBool(r.is_free)]).toEqual([0, 0, 0, true]);
  });

  it('enforces unique constraints', async () => {
    await t.db('users').insert({ id: uuidv7(), email: 'unique@example.com' });
    await rejects(t.db('users').insert({ id: uuidv7(), email: 'unique@example.com' }), 'unique');
    await t.db('news_categories').insert({ id: uuidv7(), name: 'Uniq', slug: 'uniq' });
    await rejects(t.db('news_categories').insert({ id: uuidv7(), name: 'Uniq', slug: 'other' }), 'unique');
    await rejects(t.db('news_categories').insert({ id: uuidv7(), name: 'Other', slug: 'uniq' }), 'unique');
    await rejects(t.db('menu_settings').insert({ id: uuidv7(), menu_key: 'news', menu_label: 'Again' }), 'unique');
    await rejects(t.db('user_invitations').insert([{ id: uuidv7(), email: 'inv@example.com' }, { id: uuidv7(), email: 'inv@example.com' }]), 'unique');
    // Many invitations have no link (NULL hash), but one link hash names one invitation.
    await t.db('user_invitations').insert([{ id: uuidv7(), email: 'nolink1@example.com' }, { id: uuidv7(), email: 'nolink2@example.com' }]);
    const hash = 'a'.repeat(64);
    await rejects(t.db('user_invitations').insert([{ id: uuidv7(), email: 'link1@example.com', token_hash: hash }, { id: uuidv7(), email: 'link2@example.com', token_hash: hash }]), 'unique');
    const userId = uuidv7();
    await t.db('users').insert({ id: userId, email: 'liker@example.com' });
    const like = { user_id: userId, target_type: 'article', target_id: uuidv7(), interaction_type: 'like' };
    await t.db('user_interactions').insert({ id: uuidv7(), ...like });
    await rejects(t.db('user_interactions').insert({ id: uuidv7(), ...like }), 'unique');
  });

  it('enforces foreign keys and removes link rows when either side is deleted', async () => {
    await rejects(t.db('news_comments').insert({ id: uuidv7(), article_id: uuidv7(), content: 'x' }), 'fk');
    const cat = uuidv7();
    await t.db('news_categories').insert({ id: cat, name: 'Linked', slug: 'linked' });
    const [a1, a2, p1, d1] = [uuidv7(), uuidv7(), uuidv7(), uuidv7()];
    await t.db('news_articles').insert([{ id: a1, title: 'a1', content: 'c' }, { id: a2, title: 'a2', content: 'c' }]);
    await t.db('podcast_episodes').insert({ id: p1, title: 'p1' });
    await t.db('forum_discussions').insert({ id: d1, title: 'd1', content: 'c' });
    await t.db('article_categories').insert([{ article_id: a1, category_id: cat }, { article_id: a2, category_id: cat }]);
    await t.db('podcast_categories').insert({ podcast_id: p1, category_id: cat });
    await t.db('discussion_news_categories').insert({ discussion_id: d1, category_id: cat });
    await t.db('news_comments').insert({ id: uuidv7(), article_id: a1, content: 'comment' });

    await t.db('news_articles').where({ id: a1 }).delete();
    expect(await t.db('article_categories').where({ article_id: a1 })).toHaveLength(0);
    expect(await t.db('news_comments').where({ article_id: a1 })).toHaveLength(0);
    expect(await t.db('article_categories').where({ article_id: a2 })).toHaveLength(1);

    await t.db('news_categories').where({ id: cat }).delete();
    expect(await t.db('article_categories').where({ category_id: cat })).toHaveLength(0);
    expect(await t.db('podcast_categories').where({ category_id: cat })).toHaveLength(0);
    expect(await t.db('discussion_news_categories').where({ category_id: cat })).toHaveLength(0);
    expect(await t.db('news_articles').where({ id: a2 }).first()).toBeDefined();
  });

  it('keeps content but forgets the author when a user is deleted; their sessions go', async () => {
    const userId = uuidv7();
    await t.db('users').insert({ id: userId, email: 'leaver@example.com' });
    const articleId = uuidv7();
    await t.db('news_articles').insert({ id: articleId, title: 't', content: 'c', author_id: userId });
    await t.db('sessions').insert({ sid: 'leaver-session', sess: '{}', user_id: userId, expire: now() });
    await t.db('users').where({ id: userId }).delete();
    expect((await t.db('news_articles').where({ id: articleId }).first()).author_id).toBeNull();
    expect(await t.db('sessions').where({ sid: 'leaver-session' }).first()).toBeUndefined();
  });

  it('rolls every migration back cleanly and forward again', async () => {
    await t.db.migrate.rollback(undefined, true);
    for (const table of Object.keys(SCHEMA)) expect(await t.db.schema.hasTable(table), table).toBe(false);
    await t.db.migrate.latest();
    for (const table of Object.keys(SCHEMA)) expect(await t.db.schema.hasTable(table), table).toBe(true);
  });
});
