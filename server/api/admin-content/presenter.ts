import type { AdminContentRow } from '../../../contracts/admin-content';
import { toBool, toIso } from '../../db/dialect';
import type { Relations } from '../content/repo';
import { isPublished } from '../content/visibility';
import type { AuthorRow } from '../users/presenter';
import type { AdminContentListRow } from './repo';

/** An author as the admin's table names them: first and last name, else the email (spec 7's rule). */
function authorName(row: AuthorRow): string {
  return [row.first_name, row.last_name].filter(Boolean).join(' ').trim() || row.email;
}

export function presentAdminContentRow(row: AdminContentListRow, rel: Relations, authors: Map<string, AuthorRow>): AdminContentRow {
  const author = row.author_id ? authors.get(row.author_id) : undefined;
  const show = row.show_id ? rel.shows?.get(row.show_id) : undefined;
  return {
    id: row.id,
    title: row.title,
    status: isPublished(row) ? 'published' : 'draft',
    scheduledAt: toIso(row.scheduled_at) ?? null,
    isArchived: toBool(row.is_archived),
    isFeatured: toBool(row.is_featured),
    categories: rel.categories.get(row.id) ?? [],
    show: show ?? null,
    author: author ? { id: author.id, name: authorName(author) } : null,
    updatedAt: toIso(row.updated_at)!,
    publishedAt: toIso(row.published_at) ?? null,
    commentCount: Number(row.comment_count ?? 0),
    likes: Number(row.likes ?? 0),
    plays: row.play_count === undefined ? null : Number(row.play_count ?? 0),
  };
}
