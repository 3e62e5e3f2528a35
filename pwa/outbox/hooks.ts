import { useSyncExternalStore } from 'react';
import { useSessionUserId } from '../session/useSession';
import type { OutboxItem } from './db';
import { outboxSnapshot, subscribeOutbox } from './outbox';

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

/** Queued creations of one kind for one target (an article's comments, a discussion's replies). */
export function useQueued(kind: OutboxItem['kind'], targetId: string): OutboxItem[] {
  return useOutboxItems().filter((item) => item.kind === kind && item.targetId === targetId);
}
