import type { Knex } from 'knex';
import { nowDefault } from '../dialect';

/**
 * The whole schema of spec section 3. Columns are snake_case; presenters rename them.
 * Timestamps are timestamptz on pg and ISO text on SQLite (see dialect.nowDefault).
 * Maintained counters (likes, comment_count, reply_count, discussion_count) are updated in the
 * same transaction as the write that changes them, so lists never count rows per item.
 */
export async function up(knex: Knex): Promise<void> {
  const ts = (t: Knex.CreateTableBuilder, name: string, required = true) => {
    const c = t.timestamp(name, { useTz: true });
    return required ? c.notNullable().defaultTo(nowDefault(knex)) : c.nullable();
  };

  await knex.schema.createTable('users', (t) => {
    t.uuid('id').primary();
    t.string('email', 320).notNullable().unique();
    t.string('password_hash', 100).nullable();
    t.string('first_name', 100).nullable();
    t.string('last_name', 100).nullable();
    t.string('profile_image_url', 2048).nullable();
    t.json('expertise_tags').notNullable().defaultTo('[]');
    t.string('title', 200).nullable();
    t.string('company', 200).nullable();
    t.text('bio').nullable();
    t.integer('points').notNullable().defaultTo(0);
    t.json('badges').notNullable().defaultTo('[]');
    t.string('role', 20).notNullable().defaultTo('subscriber');
    t.boolean('is_active').notNullable().defaultTo(true);
    ts(t, 'created_at');
    ts(t, 'updated_at');
    t.index(['role']);
    t.index(['is_active', 'points']);
  });

  await knex.schema.createTable('user_invitations', (t) => {
    t.uuid('id').primary();
    t.string('email', 320).notNullable().unique();
    t.string('role', 20).notNullable().defaultTo('subscriber');
    t.uuid('invited_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    ts(t, 'created_at');
    ts(t, 'accepted_at', false);
    ts(t, 'revoked_at', false);
  });

  await knex.schema.createTable('menu_settings', (t) => {
    t.uuid('id').primary();
    t.string('menu_key', 40).notNullable().unique();
    t.string('menu_label', 100).notNullable();
    t.boolean('is_visible').notNullable().defaultTo(true);
    t.integer('display_order').notNullable().defaultTo(0);
    ts(t, 'updated_at');
  });

  await knex.schema.createTable('news_categories', (t) => {
    t.uuid('id').primary();
    t.string('name', 100).notNullable().unique();
    t.string('slug', 100).notNullable().unique();
    t.text('description').nullable();
    t.string('icon', 100).nullable();
    t.string('color', 20).notNullable().defaultTo('#3B82F6');
    t.integer('display_order').notNullable().defaultTo(0);
    t.boolean('is_active').notNullable().defaultTo(true);
    ts(t, 'created_at');
    ts(t, 'updated_at');
    t.index(['is_active', 'display_order']);
  });

  await knex.schema.createTable('news_articles', (t) => {
    t.uuid('id').primary();
    t.string('title', 300).notNullable();
    t.text('content').notNullable();
    t.text('excerpt').nullable();
    t.string('image_url', 2048).nullable();
    t.string('thumbnail_url', 2048).nullable();
    t.string('source_url', 2048).nullable();
    t.string('source_name', 200).nullable();
    t.string('category', 100).nullable(); // legacy single category label (spec 3)
    t.uuid('author_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    ts(t, 'published_at', false);
    t.integer('likes').notNullable().defaultTo(0);
    t.integer('comment_count').notNullable().defaultTo(0);
    t.boolean('is_archived').notNullable().defaultTo(false);
    t.boolean('is_featured').notNullable().defaultTo(false);
    t.string('status', 20).notNullable().defaultTo('published');
    ts(t, 'created_at');
    ts(t, 'updated_at');
    // The list: filter by archived/status, newest first.
    t.index(['is_archived', 'status', 'published_at', 'created_at'], 'news_articles_list_idx');
    t.index(['is_featured']);
    t.index(['author_id']);
  });

  await knex.schema.createTable('news_comments', (t) => {
    t.uuid('id').primary();
    t.uuid('article_id').notNullable().references('id').inTable('news_articles').onDelete('CASCADE');
    t.uuid('author_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.text('content').notNullable();
    ts(t, 'created_at');
    t.index(['article_id', 'created_at']);
    t.index(['author_id']);
  });

  await knex.schema.createTable('forum_categories', (t) => {
    t.uuid('id').primary();
    t.string('name', 100).notNullable().unique();
    t.text('description').nullable();
    t.string('icon', 100).nullable();
    t.string('color', 20).nullable();
    t.integer('discussion_count').notNullable().defaultTo(0);
    ts(t, 'created_at');
  });

  await knex.schema.createTable('forum_discussions', (t) => {
    t.uuid('id').primary();
    t.string('title', 300).notNullable();
    t.text('content').notNullable();
    t.uuid('category_id').nullable().references('id').inTable('forum_categories').onDelete('SET NULL');
    t.uuid('author_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.boolean('is_pinned').notNullable().defaultTo(false);
    t.boolean('is_locked').notNullable().defaultTo(false);
    t.boolean('is_featured').notNullable().defaultTo(false);
    t.integer('reply_count').notNullable().defaultTo(0);
    t.integer('likes').notNullable().defaultTo(0);
    ts(t, 'last_reply_at', false);
    t.string('status', 20).notNullable().defaultTo('published');
    ts(t, 'created_at');
    ts(t, 'updated_at');
    t.index(['status', 'is_pinned', 'created_at'], 'forum_discussions_list_idx');
    t.index(['category_id', 'created_at']);
    t.index(['author_id']);
    t.index(['is_featured']);
  });

  await knex.schema.createTable('forum_replies', (t) => {
    t.uuid('id').primary();
    t.text('content').notNullable();
    t.uuid('discussion_id').notNullable().references('id').inTable('forum_discussions').onDelete('CASCADE');
    t.uuid('author_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.uuid('parent_reply_id').nullable().references('id').inTable('forum_replies').onDelete('CASCADE');
    t.integer('likes').notNullable().defaultTo(0);
    ts(t, 'created_at');
    t.index(['discussion_id', 'created_at']);
    t.index(['author_id']);
    t.index(['parent_reply_id']);
  });

  await knex.schema.createTable('resources', (t) => {
    t.uuid('id').primary();
    t.string('title', 300).notNullable();
    t.text('description').nullable();
    t.string('type', 30).notNullable();
    t.string('category', 40).notNullable();
    t.string('url', 2048).nullable();
    t.string('file_url', 2048).nullable();
    t.string('image_url', 2048).nullable();
    t.string('duration', 100).nullable();
    t.string('difficulty', 20).nullable();
    t.integer('rating').notNullable().defaultTo(0);
    t.integer('rating_count').notNullable().defaultTo(0);
    t.integer('download_count').notNullable().defaultTo(0);
    t.boolean('is_free').notNullable().defaultTo(true);
    t.uuid('author_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    ts(t, 'created_at');
    ts(t, 'updated_at');
    t.index(['type', 'created_at']);
    t.index(['category', 'created_at']);
    t.index(['created_at']);
  });

  await knex.schema.createTable('podcast_episodes', (t) => {
    t.uuid('id').primary();
    t.string('title', 300).notNullable();
    t.text('description').nullable();
    t.integer('episode_number').nullable();
    t.string('audio_url', 2048).nullable();
    t.string('image_url', 2048).nullable();
    t.integer('duration').nullable(); // seconds
    t.string('host_name', 200).nullable();
    t.string('guest_name', 200).nullable();
    t.string('guest_title', 200).nullable();
    t.integer('play_count').notNullable().defaultTo(0);
    t.integer('likes').notNullable().defaultTo(0);
    t.boolean('is_archived').notNullable().defaultTo(false);
    t.boolean('is_featured').notNullable().defaultTo(false);
    ts(t, 'published_at', false);
    t.string('status', 20).notNullable().defaultTo('published');
    t.uuid('author_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    ts(t, 'created_at');
    ts(t, 'updated_at');
    t.index(['is_archived', 'status', 'published_at', 'created_at'], 'podcast_episodes_list_idx');
    t.index(['is_featured']);
  });

  const link = (table: string, column: string, target: string) =>
    knex.schema.createTable(table, (t) => {
      t.uuid(column).notNullable().references('id').inTable(target).onDelete('CASCADE');
      t.uuid('category_id').notNullable().references('id').inTable('news_categories').onDelete('CASCADE');
      t.primary([column, 'category_id']);
      t.index(['category_id', column]);
    });
  await link('article_categories', 'article_id', 'news_articles');
  await link('podcast_categories', 'podcast_id', 'podcast_episodes');
  await link('discussion_news_categories', 'discussion_id', 'forum_discussions');

  await knex.schema.createTable('polls', (t) => {
    t.uuid('id').primary();
    t.text('question').notNullable();
    t.json('options').notNullable().defaultTo('[]');
    t.integer('total_votes').notNullable().defaultTo(0);
    t.boolean('is_active').notNullable().defaultTo(true);
    ts(t, 'expires_at', false);
    t.uuid('created_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    ts(t, 'created_at');
    t.index(['is_active', 'created_at']);
  });

  await knex.schema.createTable('user_interactions', (t) => {
    t.uuid('id').primary();
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('target_type', 30).notNullable();
    t.uuid('target_id').notNullable();
    t.string('interaction_type', 30).notNullable();
    ts(t, 'created_at');
    // One like per user and item: makes replayed likes idempotent.
    t.unique(['user_id', 'target_type', 'target_id', 'interaction_type'], { indexName: 'user_interactions_once' });
    t.index(['target_type', 'target_id', 'interaction_type']);
  });

  await knex.schema.createTable('sessions', (t) => {
    t.string('sid', 128).primary();
    t.text('sess').notNullable();
    t.uuid('user_id').nullable().references('id').inTable('users').onDelete('CASCADE');
    t.timestamp('expire', { useTz: true }).notNullable();
    t.index(['expire']);
    t.index(['user_id']);
  });

  const labels = ['News', 'Podcasts', 'Forums', 'Resources', 'Community'];
  const ids = [
    '019a0000-0000-7000-8000-000000000001',
    '019a0000-0000-7000-8000-000000000002',
    '019a0000-0000-7000-8000-000000000003',
    '019a0000-0000-7000-8000-000000000004',
    '019a0000-0000-7000-8000-000000000005',
  ];
  await knex('menu_settings').insert(
    labels.map((label, i) => ({
      id: ids[i],
      menu_key: label.toLowerCase(),
      menu_label: label,
      is_visible: true,
      display_order: i,
    })),
  );
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'sessions',
    'user_interactions',
    'polls',
    'discussion_news_categories',
    'podcast_categories',
    'article_categories',
    'podcast_episodes',
    'resources',
    'forum_replies',
    'forum_discussions',
    'forum_categories',
    'news_comments',
    'news_articles',
    'news_categories',
    'menu_settings',
    'user_invitations',
    'users',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
