import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import { now } from '../../db/dialect';
import type { EditedPost } from '../../events/index';

/*
 * The history of members' edits to their own words (migration 20261202060000_post_edits): one row per
 * saved change with what it replaced. Written in the edit's transaction, by its `post.edited` event
 * (./subscribers.ts); read by moderators.
 */

/** The post_edits column naming each kind of post (exactly one is set per row). */
export type { EditedPost };

export interface PostEditRow {
  id: string;
  editor_id: string | null;
  previous_content: string;
  previous_title: string | null;
  created_at: unknown;
}

/** Keeps what a change replaced, in the change's transaction. */
export async function recordEdit(
  trx: Knex.Transaction,
  post: EditedPost,
  postId: string,
  editorId: string,
  previous: { content: string; title?: string | null },
  at: string = now(),
): Promise<void> {
  await trx('post_edits').insert({
    id: uuidv7(),
    [post]: postId,
    editor_id: editorId,
    previous_content: previous.content,
    previous_title: previous.title ?? null,
    created_at: at,
  });
}

/** A post's history, oldest first (one query; the editors' names come with the authors' batch). */
export function listEdits(db: Knex, post: EditedPost, postId: string): Promise<PostEditRow[]> {
  return db('post_edits')
    .where(post, postId)
    .orderBy([{ column: 'created_at' }, { column: 'id' }])
    .select('id', 'editor_id', 'previous_content', 'previous_title', 'created_at');
}
