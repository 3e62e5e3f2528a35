import type { Knex } from 'knex';

/**
 * Notifications (docs/notifications.md).
 *
 * `notifications`: one row per recipient and event. What it is about is held by foreign keys with
 * ON DELETE CASCADE rather than a free "target kind/id" pair, so the database withdraws a
 * notification in the very transaction that deletes its source: the comment (`comment_id`) or reply
 * (`reply_id`, nested replies included) that caused it, or the article / discussion it points at.
 * Exactly one of `article_id` / `discussion_id` is set (the target); `comment_id` / `reply_id` name
 * the source when there is one (published / featured have none). `actor_id` goes NULL with its
 * account. `email` says what mail the row made: `none`, `sent` (queued at once), `digest` (waiting
 * for the day's digest) or `digested` (in a digest already).
 *
 * Indexes: `(user_id, created_at, id)` serves "my list, newest first" and its keyset cursor;
 * `(user_id, read_at)` "my unread count" (read_at IS NULL under one user); `(email, user_id)` the
 * digest's "who has rows waiting"; each cascading foreign key has its own index so a delete of an
 * article, comment or reply finds its notifications without a scan.
 *
 * `notification_settings`: a member's channel per type; no row means the default (`in_app`).
 *
 * `users (lower(first_name))`, `(lower(last_name))`: the mention autocomplete's prefix match.
 *
 * `mail_outbox.list_unsubscribe`: the `List-Unsubscribe` header of a message that has one
 * (notification mail, RFC 8058); the transport then adds `List-Unsubscribe-Post` as well.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('notifications', (t) => {
    t.uuid('id').primary();
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('type', 30).notNullable();
    t.uuid('actor_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.uuid('article_id').nullable().references('id').inTable('news_articles').onDelete('CASCADE');
    t.uuid('discussion_id').nullable().references('id').inTable('forum_discussions').onDelete('CASCADE');
    t.uuid('comment_id').nullable().references('id').inTable('news_comments').onDelete('CASCADE');
    t.uuid('reply_id').nullable().references('id').inTable('forum_replies').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('read_at', { useTz: true }).nullable();
    t.string('email', 10).notNullable().defaultTo('none');
    t.index(['user_id', 'created_at', 'id'], 'notifications_user_list_index');
    t.index(['user_id', 'read_at'], 'notifications_user_unread_index');
    t.index(['email', 'user_id'], 'notifications_email_index');
    t.index(['actor_id'], 'notifications_actor_id_index');
    t.index(['article_id'], 'notifications_article_id_index');
    t.index(['discussion_id'], 'notifications_discussion_id_index');
    t.index(['comment_id'], 'notifications_comment_id_index');
    t.index(['reply_id'], 'notifications_reply_id_index');
  });
  await knex.schema.createTable('notification_settings', (t) => {
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('type', 30).notNullable();
    t.string('channel', 10).notNullable();
    t.primary(['user_id', 'type']);
  });
  await knex.schema.alterTable('mail_outbox', (t) => {
    t.string('list_unsubscribe', 1000).nullable();
  });
  // Expression indexes: the same statement on both engines (SQLite has them since 3.9).
  await knex.raw('create index users_first_name_lower_index on users (lower(first_name))');
  await knex.raw('create index users_last_name_lower_index on users (lower(last_name))');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists users_last_name_lower_index');
  await knex.raw('drop index if exists users_first_name_lower_index');
  await knex.schema.alterTable('mail_outbox', (t) => {
    t.dropColumn('list_unsubscribe');
  });
  await knex.schema.dropTableIfExists('notification_settings');
  await knex.schema.dropTableIfExists('notifications');
}
