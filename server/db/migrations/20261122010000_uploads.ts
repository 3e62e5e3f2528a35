import type { Knex } from 'knex';
import { nowDefault } from '../dialect';

/**
 * Uploads: `upload_tokens` are the single-use, 15-minute upload URLs handed to a signed-in user;
 * `objects` are the files received through them. An object is served at `/objects/<id>` only once
 * its owner has finalised it (`finalized_at`).
 *
 * Objects outlive their uploader (SET NULL): an article keeps its image when its author is deleted.
 * Tokens die with their user (CASCADE).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('objects', (t) => {
    t.uuid('id').primary();
    t.uuid('user_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.string('kind', 10).notNullable();
    t.string('content_type', 100).notNullable();
    t.bigInteger('size').notNullable();
    /** Storage key (the local driver's file name). */
    t.string('path', 300).notNullable();
    t.timestamp('finalized_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(nowDefault(knex));
    t.index(['user_id']);
  });

  await knex.schema.createTable('upload_tokens', (t) => {
    /** SHA-256 (hex) of the token in the URL: a leaked table does not reveal usable URLs. */
    t.string('token_hash', 64).primary();
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('kind', 10).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true }).nullable();
    t.uuid('object_id').nullable().references('id').inTable('objects').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(nowDefault(knex));
    t.index(['user_id']);
    t.index(['expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('upload_tokens');
  await knex.schema.dropTableIfExists('objects');
}
