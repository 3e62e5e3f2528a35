import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { authQueries } from '../api/auth.queries';
import { listenForConnection, setOutboxSession, syncNow } from './outbox';

/**
 * Drives the outbox from the app shell: app start, every fresh answer about the user (a sign-in
 * after a 401 gives the same user again, so the time of the answer is what changes) and the
 * `online` event.
 */
export function useOutboxSync(): void {
  const queryClient = useQueryClient();
  const { data: user, dataUpdatedAt } = useQuery(authQueries.user());
  useEffect(() => listenForConnection(), []);
  useEffect(() => {
    if (user === undefined) return;
    setOutboxSession(user?.id ?? null, queryClient);
    void syncNow();
  }, [user, dataUpdatedAt, queryClient]);
}
