import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { authQueries } from '../api/auth.queries';
import type { OutboxItem } from './db';
import { lastOutboxUserId, outboxSnapshot, subscribeOutbox } from './outbox';

/**
 * The signed-in user's queued items, oldest first, live (other tabs' changes included). While the
 * current user cannot be fetched (offline start), the last user who signed in here is assumed; a
 * known sign-out (null) shows nothing.
 */
export function useOutboxItems(): OutboxItem[] {
  const { data: user, isError } = useQuery(authQueries.user());
  const { items } = useSyncExternalStore(subscribeOutbox, outboxSnapshot, outboxSnapshot);
  const userId = user ? user.id : isError ? lastOutboxUserId() : null;
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
