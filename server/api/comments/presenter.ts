import type { Comment } from '../../../contracts/comments';
import { toIso } from '../../db/dialect';
import { presentAuthor, type AuthorRow } from '../users/presenter';
import type { CommentRow } from './repo';
import type { CommentTarget } from './targets';
import { hiddenField } from '../moderation/visibility';

/** A comment as the API sends it: the parent named `articleId` or `podcastId` as the target says. */
export type PresentedComment = Omit<Comment, 'articleId'> & Partial<Record<CommentTarget['parentField'], string>>;

export function presentComment(target: CommentTarget, row: CommentRow, authors: Map<string, AuthorRow>): PresentedComment {
  return {
    id: row.id,
    [target.parentField]: row.parent_id,
    authorId: row.author_id,
    content: row.content,
    writtenAt: toIso(row.written_at),
    createdAt: toIso(row.created_at)!,
    editedAt: toIso(row.edited_at ?? null),
    author: row.author_id ? presentAuthor(authors.get(row.author_id)) : null,
    ...hiddenField(row),
  };
}
