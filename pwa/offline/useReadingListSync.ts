import { useEffect } from 'react';
import { currentUserId, onSessionChange, sessionQueryClient } from '../session/session';

/**
 * Brings a member's reading list down to this device (issue 22): when the app opens, after every
 * sign-in or fresh answer about the member, when the page becomes visible and when the connection
 * returns. The work (pwa/offline/readingList.ts) loads only then, so a visitor's first page does
 * without it.
 */
export function useReadingListSync(): void {
  useEffect(() => {
    const run = () => {
      const queryClient = sessionQueryClient();
      if (!currentUserId() || !navigator.onLine || document.visibilityState !== 'visible' || !queryClient) return;
      void import('./readingList').then((m) => m.syncReadingList(queryClient));
    };
    const visible = () => document.visibilityState === 'visible' && run();
    run();
    const stop = onSessionChange((userId) => userId && run());
    document.addEventListener('visibilitychange', visible);
    window.addEventListener('online', run);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', visible);
      window.removeEventListener('online', run);
    };
  }, []);
}
