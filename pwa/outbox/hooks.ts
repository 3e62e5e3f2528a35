import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { authQueries } from '../api/auth.queries';
import type { OutboxItem } from './db';
import { outboxSnapshot, subscribeOutbox } from './outbox';

/** The signed-in user's queued items, oldest first, live (other tabs' changes included). */
export function useOutboxItems(): OutboxItem[] {
  const { data: user } = useQuery(authQueries.user());
  const { items } = useSyncExternalStore(subscribeOutbox, outboxSnapshot);
  return user ? items.filter((item) => item.userId === user.id) : [];
}

/** Whether sending is held until the user signs in again (the server answered 401). */
export function useNeedsSignIn(): boolean {
  return useSyncExternalStore(subscribeOutbox, outboxSnapshot).needsSignIn;
}

/** Queued creations of one kind for one target (an article's comments, a discussion's replies). */
export function useQueued(kind: OutboxItem['kind'], targetId: string): OutboxItem[] {
  return useOutboxItems().filter((item) => item.kind === kind && item.targetId === targetId);
}
