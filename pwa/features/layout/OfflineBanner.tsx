import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { formatDateTime } from '../../lib/format';
import { oldestShownFromStore, onFreshAnswer, refreshStoredResults } from '../../offline/status';
import { useOnline } from '../../offline/useOnline';
import './prompts.css';

/**
 * 'Offline — showing saved content from {time}' while anything on screen came from the local store;
 * {time} is when the oldest of those answers was fetched. Those answers are fetched again when the
 * browser says the connection is back and as soon as any answer arrives from the network (the
 * `online` event can come before the network works, or not at all), and the banner goes once they
 * are replaced.
 */
export function OfflineBanner() {
  const queryClient = useQueryClient();
  const online = useOnline();
  const subscribe = useCallback((onChange: () => void) => queryClient.getQueryCache().subscribe(onChange), [queryClient]);
  const snapshot = () => oldestShownFromStore(queryClient);
  const oldest = useSyncExternalStore(subscribe, snapshot, snapshot);

  useEffect(() => {
    if (online) void refreshStoredResults(queryClient);
  }, [online, queryClient]);

  useEffect(() => {
    let refreshing = false;
    return onFreshAnswer(() => {
      if (refreshing || oldestShownFromStore(queryClient) === null) return;
      refreshing = true;
      // After this answer is in the cache, so it is not itself counted as stored.
      queueMicrotask(() => void refreshStoredResults(queryClient).finally(() => (refreshing = false)));
    });
  }, [queryClient]);

  return (
    <div role="status" className="offline-banner-region">
      {oldest === null ? null : (
        <p className="offline-banner">Offline — showing saved content from {formatDateTime(oldest)}</p>
      )}
    </div>
  );
}
