import { useEffect } from 'react';
import { READING_LIST_SYNCED } from '../../sw/periodicSync';
import { currentUserId, onSessionChange, sessionQueryClient } from '../../session/session';

/**
 * Brings a member's reading list down to this device: when the app opens, after every
 * sign-in or fresh answer about the member, when the page becomes visible and when the connection
 * returns. It also registers the background download for a member (and unregisters it at sign-out),
 * and shows what the service worker downloaded meanwhile. The work (readingListSync.ts,
 * backgroundSync.ts) loads only then, so a visitor's first page does without it.
 */
export function useReadingListSync(): void {
  useEffect(() => {
    const run = () => {
      const queryClient = sessionQueryClient();
      if (!currentUserId() || !navigator.onLine || document.visibilityState !== 'visible' || !queryClient) return;
      void import('./readingListSync').then((m) => m.syncReadingList(queryClient));
    };
    // The member the background download follows: registered once per member, dropped at sign-out.
    let followed: string | null = null;
    const follow = (userId: string | null) => {
      if (userId === followed) return;
      followed = userId;
      // Quietly: a browser without it, or one that said no, is the usual case.
      void import('./backgroundSync').then((m) => m.followMemberInBackground(userId)).catch(() => undefined);
    };
    const visible = () => document.visibilityState === 'visible' && run();
    // The service worker downloaded in the background: Saved and the article pages show it.
    const downloaded = (event: MessageEvent) => {
      const queryClient = sessionQueryClient();
      if ((event.data as { type?: unknown } | null)?.type !== READING_LIST_SYNCED || !queryClient) return;
      void import('./readingListSync').then((m) => m.showDownloaded(queryClient));
    };
    run();
    follow(currentUserId());
    const stop = onSessionChange((userId) => {
      follow(userId);
      if (userId) run();
    });
    document.addEventListener('visibilitychange', visible);
    window.addEventListener('online', run);
    navigator.serviceWorker?.addEventListener('message', downloaded);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', visible);
      window.removeEventListener('online', run);
      navigator.serviceWorker?.removeEventListener('message', downloaded);
    };
  }, []);
}
