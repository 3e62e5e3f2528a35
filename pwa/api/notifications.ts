import { infiniteQueryOptions, queryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
// Types only: the outbox (in the first load) imports this module, and contracts/notifications.ts brings zod.
import type { NotificationGroup, NotificationSettings, NotificationSettingsInput, UnreadCount } from '../../contracts/notifications';
import { apiFetch, apiFetchPage, type ListPage } from './client';

/*
 * A member's notifications (docs/notifications.md). Keys mirror the paths under
 * /api/notifications: the grouped list ['notifications', 'groups'], the unread count (of groups)
 * ['notifications', 'unread-count'] and the settings ['notifications', 'settings']. Every GET goes
 * through the offline store, so the list and the count read offline as last loaded.
 */

/** How often the header's count asks the server while the page is shown (and on focus). */
const UNREAD_COUNT_INTERVAL_MS = 60_000;

// The server's page (NOTIFICATION_LIMITS.pageSize, 20) without naming it: see the import above.
const listPath = (cursor: string | null) => `/api/notifications/groups${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;

export const notificationQueries = {
  /**
   * The groups (one per discussion's replies, article's comments, place's mentions, else one
   * notification), newest first, a page at a time by `X-Next-Cursor`; the bell's popover shows the first page's
   * newest few, so both share one request and one cache. Stale at once: notifications arrive from
   * other members, so each open of the popover or the screen asks again (the app's default is never stale).
   */
  list: () =>
    infiniteQueryOptions({
      queryKey: ['notifications', 'groups'],
      queryFn: ({ pageParam, signal }) => apiFetchPage<NotificationGroup>(listPath(pageParam), { signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (last: ListPage<NotificationGroup>) => last.nextCursor,
      staleTime: 0,
      gcTime: 30 * 60_000,
    }),
  /** The bell's badge, unread groups: asked again every minute while the page is visible and when the window gets focus. */
  unreadCount: () =>
    queryOptions({
      queryKey: ['notifications', 'unread-count'],
      queryFn: ({ signal }) => apiFetch<UnreadCount>('/api/notifications/unread-count', { signal }),
      staleTime: 0,
      refetchInterval: UNREAD_COUNT_INTERVAL_MS,
      refetchOnWindowFocus: true,
    }),
  settings: () =>
    queryOptions({
      queryKey: ['notifications', 'settings'],
      queryFn: ({ signal }) => apiFetch<NotificationSettings>('/api/notifications/settings', { signal }),
    }),
};

/** One group (its id, the group's key) or all of them marked read. */
export type NotificationsRead = { id: string } | 'all';

/** The request of a mark-read write: the outbox item's method and path (both endpoints are idempotent). */
export function markReadPath(read: NotificationsRead): string {
  return read === 'all' ? '/api/notifications/read-all' : `/api/notifications/groups/${encodeURIComponent(read.id)}/read`;
}

/**
 * Shows a mark-read at once, before the server has it: the items read in the list, and after
 * 'Mark all as read' a count of 0. One item leaves the count to the server's answer (a moment
 * later), because a read waiting in the outbox is taken off the count by the screen
 * (features/notifications), which would otherwise take it off twice.
 */
export function showReadInCache(queryClient: QueryClient, read: NotificationsRead): void {
  const matches = (n: NotificationGroup) => read === 'all' || n.id === read.id;
  queryClient.setQueryData<InfiniteData<ListPage<NotificationGroup>>>(notificationQueries.list().queryKey, (data) =>
    data && {
      ...data,
      pages: data.pages.map((page) => ({ ...page, items: page.items.map((n) => (!n.read && matches(n) ? { ...n, read: true, unreadCount: 0 } : n)) })),
    },
  );
  if (read === 'all') queryClient.setQueryData<UnreadCount>(notificationQueries.unreadCount().queryKey, (data) => data && { count: 0 });
}

/**
 * A mark-read changed the list and the unread count (not the settings). The online write and the
 * outbox's replay of a queued one both call this (pwa/outbox/kinds.ts).
 */
export async function invalidateNotifications(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: notificationQueries.list().queryKey }),
    queryClient.invalidateQueries({ queryKey: notificationQueries.unreadCount().queryKey }),
  ]);
}

/** PUT /api/notifications/settings: the types to change; answers every type's channel. */
export function saveNotificationSettings(input: NotificationSettingsInput): Promise<NotificationSettings> {
  return apiFetch<NotificationSettings>('/api/notifications/settings', { method: 'PUT', body: input });
}
