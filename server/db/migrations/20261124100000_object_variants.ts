import type { Knex } from 'knex';
import { nowDefault } from '../dialect';

/**
 * The resized copies of an uploaded image 
 * (docs/decisions/2026-11-25-uploaded-image-sizes.md). Made when the upload is finalised (or, for images uploaded before, on first
 * request), auto-rotated and without metadata, at the widths the cards and the article page ask
 * for (never wider than the original), each in WebP and JPEG. Served at `/objects/<id>?w=&fmt=`.
 * `path` is the storage key. Rows go with their object (CASCADE).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('object_variants', (t) => {
    t.uuid('object_id').notNullable().references('id').inTable('objects').onDelete('CASCADE');
    t.integer('width').notNullable();
    t.string('format', 10).notNullable();
    t.integer('height').notNullable();
    t.string('content_type', 100).notNullable();
    t.bigInteger('size').notNullable();
    t.string('path', 300).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(nowDefault(knex));
    t.primary(['object_id', 'width', 'format']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('object_variants');
}
