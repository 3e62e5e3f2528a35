import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { formatDateTime } from '../lib/format';
import { oldestShownFromStore, refreshStoredResults } from './status';
import { useOnline } from './useOnline';
import './offline.css';

/**
 * 'Offline — showing saved content from {time}' while anything on screen came from the local store;
 * {time} is when the oldest of those answers was fetched. When the connection returns, those answers
 * are fetched again, and the banner goes once they are replaced.
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

  return (
    <div role="status" className="offline-banner-region">
      {oldest === null ? null : (
        <p className="offline-banner">Offline — showing saved content from {formatDateTime(oldest)}</p>
      )}
    </div>
  );
}
