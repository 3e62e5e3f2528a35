import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, type RefObject } from 'react';
import { readingListEntryPath } from '../api/paths';
import { readingListQueries } from '../api/reading-list.queries';
import { newItemBase, sendOrQueue } from '../outbox/outbox';
import { currentUserId } from '../session/session';
import { useSessionUserId } from '../session/useSession';
import { savedQueries } from './saved';
import { FINISHED_AT, progressOf, STEP } from './readingPosition';

/** At most one measurement per this while scrolling (and one more when the page is hidden). */
const THROTTLE_MS = 1_500;

/** The furthest position recorded per article in this page load (the server keeps the furthest anyway). */
const recorded = new Map<string, number>();

/**
 * Records a member's reading position in an article on their reading list (issue 22): after they
 * scroll, throttled, whenever it passed the furthest known by a step; reaching the end marks it
 * finished. Sent through the outbox (queued offline) with the time it was read; the server keeps
 * the furthest position of all devices. On the list means saved on this device or on the member's
 * account list: a device that has not downloaded it (over its budget, say) still records the place.
 */
export function useReadingProgress(articleId: string, content: RefObject<HTMLElement | null>): void {
  const queryClient = useQueryClient();
  const userId = useSessionUserId();
  const savedHere = useQuery(savedQueries.isSaved(articleId)).data === true;
  const list = useQuery({ ...readingListQueries.current(), enabled: userId !== null });
  const onList = savedHere || Boolean(list.data?.some((item) => item.articleId === articleId && !item.gone));
  useEffect(() => {
    if (!onList || !currentUserId()) return;
    const known = queryClient.getQueryData(readingListQueries.list().queryKey)?.find((i) => i.articleId === articleId)?.position ?? 0;
    recorded.set(articleId, Math.max(recorded.get(articleId) ?? 0, known));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const measure = () => {
      timer = undefined;
      const element = content.current;
      if (!element || !currentUserId()) return;
      const position = Math.round(progressOf(element) * 100) / 100;
      const last = recorded.get(articleId) ?? 0;
      const finished = position >= FINISHED_AT && last < FINISHED_AT;
      if (position < last + STEP && !finished) return;
      recorded.set(articleId, position);
      const base = newItemBase();
      const body = { changedAt: base.writtenAt, position, ...(finished ? { finished: true } : {}) };
      void sendOrQueue({ ...base, kind: 'listProgress', method: 'PATCH', path: readingListEntryPath(articleId), body, targetId: articleId }).catch(
        (error: unknown) => console.warn('Reading progress', error),
      );
    };
    const onScroll = () => {
      timer ??= setTimeout(measure, THROTTLE_MS);
    };
    const onHide = () => {
      if (document.visibilityState === 'hidden' && timer) {
        clearTimeout(timer);
        measure();
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    document.addEventListener('visibilitychange', onHide);
    // Says that scrolling is now recorded (the journeys wait for it before they read on).
    const element = content.current;
    element?.setAttribute('data-reading-progress', 'recorded');
    return () => {
      element?.removeAttribute('data-reading-progress');
      window.removeEventListener('scroll', onScroll);
      document.removeEventListener('visibilitychange', onHide);
      if (timer) {
        clearTimeout(timer);
        measure();
      }
    };
  }, [articleId, onList, content, queryClient]);
}
