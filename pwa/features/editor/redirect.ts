import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec 4: how long the 'deleted' toast shows before the editor returns to the list. */
export const REDIRECT_MS = {
  afterArticleDelete: 1000,
  afterPodcastDelete: 1500,
} as const;

/**
 * Goes to `to` after `delayMs`; `isRedirecting` stays true meanwhile so the form keeps its buttons
 * disabled (no second submit while the toast shows). Leaving the page first cancels the redirect.
 * `afterLeave` runs once the new page is showing.
 */
export function useRedirectAfter() {
  const navigate = useNavigate();
  const timer = useRef<number | undefined>(undefined);
  const [isRedirecting, setRedirecting] = useState(false);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const redirect = useCallback(
    (to: '/news' | '/podcasts', delayMs: number, afterLeave?: () => void) => {
      setRedirecting(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void navigate({ to }).then(afterLeave), delayMs);
    },
    [navigate],
  );
  return { redirect, isRedirecting };
}
