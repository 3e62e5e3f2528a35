import type { Knex } from 'knex';
import type { AdminContentQuery, AdminContentTab } from '../../../contracts/admin-content';
import { ilike, toBool } from '../../db/dialect';
import { escapeLike } from '../../db/escape-like';
import type { ContentKind } from '../content/kinds';
import type { ContentRow } from '../content/repo';
import { isPublished, wherePublished } from '../content/visibility';

/** What the admin's table reads of an item: no bodies (a page of 25 articles' texts is most of the bytes). */
export interface AdminContentListRow extends ContentRow {
  comment_count: number;
  play_count?: number;
  show_id?: string | null;
}

const LIST_COLUMNS = ['id', 'title', 'status', 'is_archived', 'is_featured', 'likes', 'comment_count', 'author_id', 'published_at', 'scheduled_at', 'created_at', 'updated_at'];
const EPISODE_COLUMNS = ['play_count', 'show_id'];

export type AdminContentFilter = Omit<AdminContentQuery, 'kind'>;

/**
 * The tab an item belongs to: archived wins; then published (content/visibility.ts says what that
 * is); a draft with a publish time is scheduled; the rest are drafts. countAdminContent says the same of grouped rows.
 */
function whereTab(q: Knex.QueryBuilder, t: string, tab: AdminContentTab): void {
  if (tab === 'archived') {
    q.where(`${t}.is_archived`, true);
    return;
  }
  q.where(`${t}.is_archived`, false);
  switch (tab) {
    case 'published':
      wherePublished(q, t);
      return;
    case 'scheduled':
      q.whereNot((w) => wherePublished(w, t)).whereNotNull(`${t}.scheduled_at`);
      return;
    case 'draft':
      q.whereNot((w) => wherePublished(w, t)).whereNull(`${t}.scheduled_at`);
  }
}

/** The filters every tab shares (search, category, show, author): the counts follow them too. */
function filtered(db: Knex, kind: ContentKind, f: AdminContentFilter): Knex.QueryBuilder {
  const t = kind.table;
  const q = db(t);
  if (f.q) q.whereRaw(`??.title ${ilike(db)} ? escape '\\'`, [t, `%${escapeLike(f.q)}%`]);
  if (f.author) q.where(`${t}.author_id`, f.author);
  if (f.show && kind.showColumn) q.where(`${t}.${kind.showColumn}`, f.show);
  if (f.category) {
    q.whereExists((sub) =>
      sub
        .select(db.raw('1'))
        .from(kind.linkTable)
        .where(`${kind.linkTable}.${kind.linkColumn}`, db.ref(`${t}.id`))
        .where(`${kind.linkTable}.category_id`, f.category!),
    );
  }
  return q;
}

/** One page of the tab, newest first by the chosen time (never-published items last when sorting by publication). */
export async function listAdminContent(db: Knex, kind: ContentKind, f: AdminContentFilter): Promise<AdminContentListRow[]> {
  const t = kind.table;
  const columns = [...LIST_COLUMNS, ...(kind.showColumn ? EPISODE_COLUMNS : [])].map((c) => `${t}.${c}`);
  const q = filtered(db, kind, f).select(columns);
  whereTab(q, t, f.status);
  if (f.sort === 'updated') q.orderBy(`${t}.updated_at`, 'desc');
  else q.orderByRaw('(??.published_at is null) asc', [t]).orderBy(`${t}.published_at`, 'desc');
  return q
    .orderBy(`${t}.id`, 'desc')
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
}

/** Items per tab under the same filters, from one grouped query (at most eight groups). */
export async function countAdminContent(db: Knex, kind: ContentKind, f: AdminContentFilter): Promise<Record<AdminContentTab, number>> {
  const t = kind.table;
  const rows: Array<{ is_archived: unknown; status: string; scheduled: unknown; n: number | string }> = await filtered(db, kind, f)
    .select(`${t}.is_archived`, `${t}.status`, db.raw('(??.scheduled_at is not null) as scheduled', [t]))
    .count({ n: '*' })
    .groupBy(`${t}.is_archived`, `${t}.status`, 'scheduled');
  const counts: Record<AdminContentTab, number> = { draft: 0, scheduled: 0, published: 0, archived: 0 };
  for (const r of rows) counts[tabOf(r)] += Number(r.n);
  return counts;
}

function tabOf(r: { is_archived: unknown; status: string; scheduled: unknown }): AdminContentTab {
  if (toBool(r.is_archived)) return 'archived';
  if (isPublished(r)) return 'published';
  return toBool(r.scheduled) ? 'scheduled' : 'draft';
}
