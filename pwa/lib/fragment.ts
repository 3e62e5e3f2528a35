import { useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';

/**
 * Scrolls to the element the URL's fragment names once `ready` (what holds it has loaded): a
 * notification's link to `#comment-<id>` or `#reply-<id>` opens the page before its comments or
 * replies arrive, so the browser's own jump to the fragment finds nothing.
 */
export function useScrollToFragment(ready: boolean): void {
  const hash = useLocation({ select: (location) => location.hash });
  useEffect(() => {
    // Centred: the sticky header would cover an element scrolled to the top.
    if (ready && hash) document.getElementById(hash)?.scrollIntoView({ block: 'center' });
  }, [ready, hash]);
}
