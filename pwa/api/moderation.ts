import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ModerationAction, ReportReason, ReportTargetType } from '../../contracts/moderation-constants';
import type { QueueItem } from '../../contracts/moderation';
import { apiFetch, apiFetchPage } from './client';

/*
 * Reports and the moderation queue. Keys: ['moderation', 'queue', after] for a page of
 * the queue, ['moderation', 'count'] for the desk's figure, ['reports', 'mine'] for what the member
 * has reported. A report or a decision changes what
 * comment, reply and discussion lists show, so those refresh too.
 */

export interface ReportTarget {
  type: ReportTargetType;
  id: string;
}

export interface ReportBody {
  target: ReportTarget;
  reason: ReportReason;
  note: string | null;
}

export const moderationQueries = {
  queue: (after: string | null) =>
    queryOptions({
      queryKey: ['moderation', 'queue', after],
      queryFn: ({ signal }) => apiFetchPage<QueueItem>(`/api/moderation/queue${after ? `?after=${encodeURIComponent(after)}` : ''}`, { signal }),
    }),
  count: () =>
    queryOptions({
      queryKey: ['moderation', 'count'],
      queryFn: ({ signal }) => apiFetch<{ open: number }>('/api/moderation/count', { signal }),
    }),
};

export const reportQueries = {
  mine: () =>
    queryOptions({
      queryKey: ['reports', 'mine'],
      queryFn: ({ signal }) => apiFetch<ReportTarget[]>('/api/reports/mine', { signal }),
    }),
};

/** The member has (or has queued) a report of `target`: their Report buttons for it say so at once. */
export function reportedLocally(queryClient: QueryClient, target: ReportTarget): void {
  queryClient.setQueryData(reportQueries.mine().queryKey, (mine = []) =>
    mine.some((item) => item.type === target.type && item.id === target.id) ? mine : [{ type: target.type, id: target.id }, ...mine],
  );
}

/** POST /api/moderation/actions. */
export function moderate(target: ReportTarget, action: ModerationAction, note: string | null): Promise<{ ok: true }> {
  return apiFetch('/api/moderation/actions', { method: 'POST', body: { target, action, note } });
}

export async function invalidateModeration(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['moderation'] }),
    // Comment lists are [kind, id, 'comments'] (pwa/api/news.ts).
    queryClient.invalidateQueries({ predicate: (q) => q.queryKey[2] === 'comments' }),
    queryClient.invalidateQueries({ queryKey: ['forum'] }),
  ]);
}
