import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { cpdQueries } from '../../api/cpd';
import { createStudyClock } from '../../lib/study-time';
import { useSessionUserId } from '../../session/useSession';
import { sendReadingTime } from './mutations';

/** What is being read: an article or a discussion (its title names the queued time in the sync list). */
export interface ReadItem {
  type: 'article' | 'discussion';
  id: string;
  title?: string;
}

/**
 * The page's signs of a reader: scrolling (in any scroller), selecting, keys, a press or a touch. Not
 * the pointer's moves: the browser makes them up when the page changes under a resting pointer.
 */
const ACTIVITY = ['scroll', 'wheel', 'keydown', 'pointerdown', 'touchstart'] as const;

/**
 * Measures the signed-in member's reading of the item on screen for the CPD ledger (docs/cpd.md):
 * the activity clock (pwa/lib/study-time.ts) fed by the page's events, each stretch sent through the
 * outbox. Nothing for a visitor, nor while the member's tracking is paused; the pause is known once
 * `GET /api/cpd/today` answered (offline without a stored answer, measuring goes on: the server has
 * the last word).
 */
export function useReadingTime(item: ReadItem | null): void {
  const userId = useSessionUserId();
  const today = useQuery({ ...cpdQueries.today(), enabled: Boolean(userId && item) });
  // Known once answered, and kept: every time record refetches today's minutes, and an answer that
  // was an error is pending again meanwhile, which must not restart the clock (a restart is activity).
  const answeredNow = today.status !== 'pending';
  const [answered, setAnswered] = useState(answeredNow);
  useEffect(() => {
    if (answeredNow) setAnswered(true);
  }, [answeredNow]);
  const paused = today.data?.trackingPaused === true;
  const measuring = Boolean(userId && item && (answered || answeredNow) && !paused);
  // Tracking paused meanwhile: what the clock still held is dropped, not sent.
  const pausedNow = useRef(paused);
  pausedNow.current = paused;
  const type = item?.type;
  const id = item?.id;
  // The title only labels the queued record: a change of it must not restart the clock.
  const title = useRef(item?.title);
  title.current = item?.title;

  useEffect(() => {
    if (!measuring || !type || !id) return;
    const clock = createStudyClock({
      mode: 'reading',
      visible: document.visibilityState === 'visible',
      onStretch: (stretch) => {
        if (!pausedNow.current) void sendReadingTime({ type, id, title: title.current }, stretch);
      },
    });
    // Opening the item is the first sign of reading it.
    clock.event('active');
    const active = () => clock.event('active');
    const visibility = () => clock.event(document.visibilityState === 'visible' ? 'visible' : 'hidden');
    const leave = () => clock.event('leave');
    const listening = { capture: true, passive: true } as const;
    for (const name of ACTIVITY) window.addEventListener(name, active, listening);
    document.addEventListener('selectionchange', active);
    document.addEventListener('visibilitychange', visibility);
    window.addEventListener('pagehide', leave);
    return () => {
      for (const name of ACTIVITY) window.removeEventListener(name, active, listening);
      document.removeEventListener('selectionchange', active);
      document.removeEventListener('visibilitychange', visibility);
      window.removeEventListener('pagehide', leave);
      clock.stop();
    };
  }, [measuring, type, id]);
}
