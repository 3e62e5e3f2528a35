import type { QueueItem, ReportReason } from '../../../contracts/moderation';
import { toIso } from '../../db/dialect';
import type { AuthorRow } from '../users/presenter';
import type { ItemRow, OpenReportRow, QueueGroupRow } from './repo';
import { targetOfReport, type ModerationTarget } from './targets';
import { hiddenStateOf } from './visibility';

/** How the queue names a person: their full name, else the part of their address before the @. */
export function personName(row: Pick<AuthorRow, 'first_name' | 'last_name' | 'email'>): string {
  return [row.first_name, row.last_name].filter(Boolean).join(' ').trim() || row.email.split('@')[0];
}

const person = (id: string | null, people: Map<string, AuthorRow>) => {
  const row = id ? people.get(id) : undefined;
  return row ? { id: row.id, name: personName(row) } : null;
};

/** Where the item is read: its article, episode or discussion; a member's public page. */
export function itemPath(target: ModerationTarget, item: Pick<ItemRow, 'id' | 'parent_id'>): string {
  switch (target.type) {
    case 'article_comment':
      return `/news/${item.parent_id}`;
    case 'episode_comment':
      return `/podcasts/${item.parent_id}`;
    case 'reply':
      return `/forums/${item.parent_id}`;
    case 'discussion':
      return `/forums/${item.id}`;
    case 'member':
      return `/members/${item.id}`;
  }
}

const EXCERPT = 280;

export function presentQueueItem(
  group: QueueGroupRow,
  reports: OpenReportRow[],
  items: Map<string, ItemRow>,
  people: Map<string, AuthorRow>,
): QueueItem {
  const { target, id } = targetOfReport(group as unknown as Record<string, unknown>);
  const item = items.get(id);
  const author = item ? person(item.author_id, people) : null;
  return {
    target: { type: target.type, id },
    label: !item ? null : target.type === 'member' ? (author?.name ?? null) : (item.title ?? null),
    excerpt: item?.content ? (item.content.length > EXCERPT ? `${item.content.slice(0, EXCERPT - 1)}…` : item.content) : null,
    path: item ? itemPath(target, item) : null,
    author,
    hidden: item ? hiddenStateOf(item) : null,
    latestReportAt: toIso(group.latest)!,
    reports: reports.map((r) => ({ id: r.id, reason: r.reason as ReportReason, note: r.note, createdAt: toIso(r.created_at)!, reporter: person(r.reporter_id, people) })),
  };
}
