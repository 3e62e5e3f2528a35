import type { ReadingListEntry, ReadingListItem } from '../../../contracts/reading-list';
import { readingMinutes } from '../../../contracts/text';
import { toBool, toIso } from '../../db/dialect';
import type { EntryRow, ReadingListRow } from './repo';

/**
 * One list entry. `visible`: whether the member may still open the article (the route's policy);
 * when not, or when the article was deleted, the entry is a note with the title it was saved under.
 */
export function presentItem(row: ReadingListRow, visible: boolean): ReadingListItem {
  const gone = !row.id || !visible;
  const common = { articleId: row.article_id, savedAt: toIso(row.saved_at)!, position: Number(row.position), finished: toBool(row.finished) };
  if (gone) return { ...common, title: row.saved_title, gone, excerpt: null, imageUrl: null, publishedAt: null, readingMinutes: null };
  return {
    ...common,
    title: row.title ?? row.saved_title,
    gone,
    excerpt: row.excerpt,
    imageUrl: row.image_url,
    publishedAt: toIso(row.published_at),
    readingMinutes: readingMinutes(row.content ?? ''),
  };
}

export function presentEntry(row: EntryRow): ReadingListEntry {
  const savedAt = toIso(row.saved_at);
  const removedAt = toIso(row.removed_at);
  return {
    articleId: row.article_id,
    onList: savedAt !== null && (removedAt === null || savedAt > removedAt),
    savedAt,
    position: Number(row.position),
    finished: toBool(row.finished),
  };
}
