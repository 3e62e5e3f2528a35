import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, type RefObject } from 'react';
import { readingListQueries } from '../../api/reading-list';
import { currentUserId } from '../../session/session';
import { useSessionUserId } from '../../session/useSession';
import { sendReadingProgress } from './mutations';
import { positionRecorder, progressOf } from './readingPosition';
import { savedQueries } from './savedQueries';

/** The furthest position recorded per article in this page load (the server keeps the furthest anyway). */
const recorded = new Map<string, number>();

/**
 * Records a member's reading position in an article on their reading list: after they
 * scroll, throttled, whenever it passed the furthest known by a step, once they moved a step from
 * where they were when recording started; reaching the end marks it finished (positionRecorder).
 * Sent through the outbox (queued offline) with the time it was read; the server keeps the furthest
 * position of all devices. On the list means saved on this device or on the member's
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
    const cached = queryClient.getQueryData(readingListQueries.list().queryKey)?.find((i) => i.articleId === articleId)?.position ?? 0;
    const known = Math.max(recorded.get(articleId) ?? 0, cached);
    recorded.set(articleId, known);
    const place = (element: HTMLElement) => Math.round(progressOf(element) * 100) / 100;
    // Where the reader is now is where recording starts: not a reading (positionTracker).
    const recorder = positionRecorder(known, content.current ? place(content.current) : 0, (change) => {
      if (!currentUserId()) return;
      recorded.set(articleId, Math.max(recorded.get(articleId) ?? 0, change.position));
      sendReadingProgress(articleId, change);
    });
    // The article leaving the page (its ref emptied) is not a place: the reader's last place stands.
    const onScroll = () => {
      if (content.current) recorder.scrolled(place(content.current));
    };
    const onHide = () => {
      if (document.visibilityState === 'hidden') recorder.flush();
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
      recorder.flush();
    };
  }, [articleId, onList, content, queryClient]);
}
