import type { OutboxItem, OutboxKind } from './db';

/*
 * What screens show of the queue: the items they care about, and a server list seen through it
 * (queued creations after the sent ones, queued deletions hidden, queued edits' words). Pure, so
 * the hooks in hooks.ts and the unit tests share one answer.
 */

/** The fields an item must have; a field left out matches anything. */
export interface QueuedFilter {
  targetId?: string;
  refId?: string;
  /** An item without one is an article's (queued before episodes took comments). */
  commentKind?: NonNullable<OutboxItem['commentKind']>;
  state?: OutboxItem['state'];
}

const kindsOf = (kinds: OutboxKind | readonly OutboxKind[]): readonly OutboxKind[] => (typeof kinds === 'string' ? [kinds] : kinds);

/** The user's items of these kinds that match, oldest first (as queued). */
export function selectQueued(items: readonly OutboxItem[], userId: string | null, kinds: OutboxKind | readonly OutboxKind[], filter: QueuedFilter = {}): OutboxItem[] {
  if (!userId) return [];
  const wanted = kindsOf(kinds);
  return items.filter(
    (item) =>
      item.userId === userId &&
      wanted.includes(item.kind) &&
      (filter.targetId === undefined || item.targetId === filter.targetId) &&
      (filter.refId === undefined || item.refId === filter.refId) &&
      (filter.commentKind === undefined || (item.commentKind ?? 'news') === filter.commentKind) &&
      (filter.state === undefined || item.state === filter.state),
  );
}

/** Which kinds create a list's rows, delete one (refId) and give one new words (refId, text). */
export interface ListKinds {
  create: OutboxKind;
  remove?: OutboxKind;
  edit?: OutboxKind;
}

export interface ThroughQueue<T> {
  /** The server's rows, less those a pending deletion removes. */
  shown: T[];
  /** A listed row's newest pending words, by its id. */
  edits: ReadonlyMap<string, string>;
  /** Creations the list does not hold yet (pending or refused: 'Not sent' stays in place), oldest first. */
  waiting: OutboxItem[];
}

/**
 * A server list as the member should see it while writes wait. A creation the list already holds
 * (the same id: sent, and refetched) shows once, as the server's row.
 */
export function throughQueue<T extends { id: string }>(listed: readonly T[] | undefined, items: readonly OutboxItem[], kinds: ListKinds): ThroughQueue<T> {
  const pending = items.filter((item) => item.state === 'pending');
  const deleting = new Set(pending.filter((item) => item.kind === kinds.remove).map((item) => item.refId));
  const edits = new Map(pending.filter((item) => item.kind === kinds.edit && item.refId !== undefined).map((item) => [item.refId!, item.text ?? '']));
  const posted = new Set(listed?.map((row) => row.id));
  return {
    shown: (listed ?? []).filter((row) => !deleting.has(row.id)),
    edits,
    waiting: items.filter((item) => item.kind === kinds.create && !posted.has(item.id)),
  };
}

/** The CPD time still queued for one item (an article, episode or discussion), as one line. */
export interface QueuedTime {
  targetId: string;
  title?: string;
  seconds: number;
  records: number;
  /** When the newest of its records was measured. */
  writtenAt: string;
}

/**
 * What the sync list shows: the member's own changes one by one, and the CPD time records
 * (measured a minute at a time, not the member's doing) summed per item, in the order each item
 * first appears in the queue.
 */
export function outboxLines(items: readonly OutboxItem[]): { changes: OutboxItem[]; time: QueuedTime[] } {
  const changes: OutboxItem[] = [];
  const time = new Map<string, QueuedTime>();
  for (const item of items) {
    if (item.kind !== 'cpdTime') {
      changes.push(item);
      continue;
    }
    const seconds = Number(item.body?.activeSeconds) || 0;
    const line = time.get(item.targetId);
    if (!line) time.set(item.targetId, { targetId: item.targetId, title: item.title, seconds, records: 1, writtenAt: item.writtenAt });
    else time.set(item.targetId, { ...line, title: line.title ?? item.title, seconds: line.seconds + seconds, records: line.records + 1, writtenAt: item.writtenAt > line.writtenAt ? item.writtenAt : line.writtenAt });
  }
  return { changes, time: [...time.values()] };
}

/** '3 minutes measured', as the sync list words a line of queued CPD time. */
export function measuredWords(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 1) return 'Less than a minute measured';
  return minutes === 1 ? '1 minute measured' : `${minutes} minutes measured`;
}
