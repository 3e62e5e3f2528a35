import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import {
  Button as RACButton,
  Text,
  UNSTABLE_Toast as RACToast,
  UNSTABLE_ToastContent as RACToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as RACToastRegion,
  type QueuedToast,
} from 'react-aria-components';

// The toast region and its queue (React Aria's), loaded with the first toast by components/Toast.tsx,
// which owns toast() and placement.

export type ToastVariant = 'default' | 'destructive';

export interface ToastContent {
  title: string;
  description?: string;
  variant: ToastVariant;
  /** Which edge of the screen it comes up at: away from the control the user just used. */
  placement: 'top' | 'bottom';
}

// Spec 9: at most one toast is shown at a time.
const queue = new ToastQueue<ToastContent>({ maxVisibleToasts: 1 });

/**
 * Shows a toast. A new toast replaces the one showing (only one is shown, and a stale message
 * should not come back after the new one closes).
 */
export function showToast(content: ToastContent, timeout: number): void {
  queue.clear();
  queue.add(content, { timeout });
}

/**
 * Rendered once, in the root layout. F8 moves focus to the toast (spec 9 hotkey); F6 also reaches
 * it because RAC registers the region as a landmark.
 */
export function ToastRegionView() {
  const regionRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'F8' || !regionRef.current) return;
      event.preventDefault();
      const firstToast = regionRef.current.querySelector<HTMLElement>('[role="alertdialog"]');
      (firstToast ?? regionRef.current).focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  // The region exists only while a toast shows. Its height (plus the gap) is published as
  // --toast-clearance on <html>, and an open dialog ends above it (components.css): a tall dialog's
  // buttons are never hidden behind the toast its own failure raised.
  const attachRegion = useCallback((region: HTMLDivElement | null) => {
    regionRef.current = region;
    if (!region) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.setProperty('--toast-clearance', `calc(${region.offsetHeight}px + var(--space-4))`);
    });
    observer.observe(region);
    return () => {
      regionRef.current = null;
      observer.disconnect();
      root.style.removeProperty('--toast-clearance');
    };
  }, []);

  return (
    <RACToastRegion
      queue={queue}
      ref={attachRegion}
      className={({ visibleToasts }) => `toast-region toast-region--${visibleToasts[0]?.content.placement ?? 'bottom'}`}
    >
      {({ toast: queued }) => <ToastItem queued={queued} />}
    </RACToastRegion>
  );
}

/** Spec 9: a swipe to the right of more than 50 px dismisses a toast. */
const SWIPE_THRESHOLD_PX = 50;

function ToastItem({ queued }: { queued: QueuedToast<ToastContent> }) {
  const [swipe, setSwipe] = useState<{ startX: number; dx: number } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    setSwipe({ startX: event.clientX, dx: 0 });
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (swipe) setSwipe({ ...swipe, dx: Math.max(0, event.clientX - swipe.startX) });
  };
  const onPointerEnd = () => {
    if (swipe && swipe.dx > SWIPE_THRESHOLD_PX) queue.close(queued.key);
    setSwipe(null);
  };

  return (
    <RACToast
      toast={queued}
      className={`toast toast--${queued.content.variant}`}
      style={swipe ? { transform: `translateX(${swipe.dx}px)`, transition: 'none' } : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      <RACToastContent className="toast__content">
        <Text slot="title" className="toast__title">
          {queued.content.title}
        </Text>
        {queued.content.description ? (
          <Text slot="description" className="toast__description">
            {queued.content.description}
          </Text>
        ) : null}
      </RACToastContent>
      <RACButton slot="close" className="toast__close" aria-label="Close">
        <span aria-hidden="true">×</span>
      </RACButton>
    </RACToast>
  );
}
