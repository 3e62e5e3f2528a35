import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettingsInput } from '../../../contracts/notifications';
import {
  markReadPath,
  notificationQueries,
  saveNotificationSettings,
  showReadInCache,
  type NotificationsRead,
} from '../../api/notifications';
import { errorToast, toast } from '../../components/Toast';
import { useOutboxItems } from '../../outbox/hooks';
import { newItemBase, OUTBOX_MUTATION, QUEUED_TOAST, sendOrQueue } from '../../outbox/outbox';
import { queuedReads, unreadAfterQueued, type QueuedReads } from './queuedReads';

/*
 * Notification writes. Marking read works offline: sent now or queued in the outbox (both
 * endpoints are idempotent), refreshed by the engine through invalidateNotifications the same way
 * for both (pwa/outbox/kinds.ts). Settings need a connection, like the profile: a channel is a
 * choice made in a form in front of the member.
 */

/** Marks one notification or all of them read; the list shows it at once. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    ...OUTBOX_MUTATION,
    mutationFn: (read: NotificationsRead) =>
      sendOrQueue({
        ...newItemBase(),
        kind: read === 'all' ? 'readAllNotifications' : 'readNotification',
        method: 'POST',
        path: markReadPath(read),
        targetId: read === 'all' ? '' : read.id,
      }),
    onMutate: (read) => showReadInCache(queryClient, read),
    // Only 'Mark all as read' is a deliberate act worth a toast; opening one item marks it in passing.
    onSuccess: (result, read) => void (result.queued && read === 'all' ? toast(QUEUED_TOAST) : undefined),
    // A refused write was refetched by the engine, which undoes what onMutate showed.
    onError: (error) => errorToast(error, 'Failed to mark as read'),
  });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationSettingsInput) => saveNotificationSettings(input),
    onSuccess: (settings) => {
      queryClient.setQueryData(notificationQueries.settings().queryKey, settings);
      toast({ title: 'Notification settings saved' });
    },
    onError: (error) => errorToast(error, 'Failed to save notification settings'),
  });
}

export function useQueuedReads(): QueuedReads {
  return queuedReads(useOutboxItems());
}

/** The bell's number (undefined until known). */
export function useUnreadCount(): number | undefined {
  const { data } = useQuery(notificationQueries.unreadCount());
  const queued = useQueuedReads();
  return data ? unreadAfterQueued(data.count, queued) : undefined;
}
