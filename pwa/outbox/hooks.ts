import { useSyncExternalStore } from 'react';
import { useSessionUserId } from '../session/useSession';
import type { OutboxItem, OutboxKind } from './db';
import { outboxSnapshot, subscribeOutbox } from './outbox';
import { selectQueued, throughQueue, type ListKinds, type QueuedFilter, type ThroughQueue } from './queued';

/**
 * The signed-in user's queued items, oldest first, live (other tabs' changes included). Who that is
 * comes from the session module, online and offline alike; nobody signed in shows nothing.
 */
export function useOutboxItems(): OutboxItem[] {
  const userId = useSessionUserId();
  const { items } = useSyncExternalStore(subscribeOutbox, outboxSnapshot, outboxSnapshot);
  return userId ? items.filter((item) => item.userId === userId) : [];
}

/** Whether sending is held until the user signs in again (the server answered 401). */
export function useNeedsSignIn(): boolean {
  return useSyncExternalStore(subscribeOutbox, outboxSnapshot, outboxSnapshot).needsSignIn;
}

/** The signed-in user's queued items of these kinds that match the filter (an article's comments, a discussion's replies). */
export function useQueuedItems(kinds: OutboxKind | readonly OutboxKind[], filter?: QueuedFilter): OutboxItem[] {
  const userId = useSessionUserId();
  const { items } = useSyncExternalStore(subscribeOutbox, outboxSnapshot, outboxSnapshot);
  return selectQueued(items, userId, kinds, filter);
}

/** A server list seen through the signed-in user's queue (queued.ts, `throughQueue`). */
export function useThroughQueue<T extends { id: string }>(listed: readonly T[] | undefined, kinds: ListKinds, filter?: QueuedFilter): ThroughQueue<T> {
  const wanted = [kinds.create, kinds.remove, kinds.edit].filter((kind): kind is OutboxKind => kind !== undefined);
  return throughQueue(listed, useQueuedItems(wanted, filter), kinds);
}
