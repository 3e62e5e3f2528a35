import type { PostEdit } from '../../../contracts/edits';
import { toIso } from '../../db/dialect';
import { presentAuthor, type AuthorRow } from '../users/presenter';
import type { PostEditRow } from './repo';

export function presentEdit(row: PostEditRow, editors: Map<string, AuthorRow>): PostEdit {
  return {
    id: row.id,
    editor: row.editor_id ? presentAuthor(editors.get(row.editor_id)) : null,
    previousContent: row.previous_content,
    previousTitle: row.previous_title,
    createdAt: toIso(row.created_at)!,
  };
}
