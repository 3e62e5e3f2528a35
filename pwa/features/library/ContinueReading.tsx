import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import type { RefObject } from 'react';
import { readingListQueries } from '../../api/reading-list';
import { PlainButton } from '../../components/PlainButton';
import { useQueuedItems } from '../../outbox/hooks';
import { useSessionUserId } from '../../session/useSession';
import { FINISHED_AT, firstBlockInView, scrollToProgress, STEP } from './readingPosition';
import './library.css';

/** A link to a comment or a reply (a notification's): the reader came for that, not for the text. */
const ANCHORED = /^(comment|reply)-/;

/**
 * 'You read 45% of this article.' with Continue reading: a member opening an article on
 * their reading list that they read part of, on this device or another, is offered to go back to
 * that place. An offer rather than a jump (docs/offline.md, "Reading list across devices"): the page
 * opens at its top as any link does, and the reader chooses. The position is the list's (fresh from
 * the server online, its stored copy offline), or further when this device's own progress still
 * waits in the outbox.
 */
export function ContinueReading({ articleId, article }: { articleId: string; article: RefObject<HTMLElement | null> }) {
  const userId = useSessionUserId();
  const hash = useLocation({ select: (location) => location.hash });
  const list = useQuery({ ...readingListQueries.current(), enabled: userId !== null });
  const queued = useQueuedItems('listProgress', { targetId: articleId });
  const entry = list.data?.find((item) => item.articleId === articleId);
  if (!userId || !entry || entry.gone || ANCHORED.test(hash)) return null;

  let { position, finished } = entry;
  for (const item of queued) {
    const body = item.body as { position?: number; finished?: boolean } | undefined;
    position = Math.max(position, body?.position ?? 0);
    finished = body?.finished ?? finished;
  }
  if (finished || position < STEP || position >= FINISHED_AT) return null;

  const continueReading = () => {
    const element = article.current;
    if (!element) return;
    scrollToProgress(element, position);
    // Focus goes where reading goes on, so the keyboard and a screen reader carry on from there too.
    const content = element.querySelector<HTMLElement>('.article__content');
    const header = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
    const block = content && firstBlockInView(content, header);
    if (!block) return;
    if (!block.hasAttribute('tabindex')) block.tabIndex = -1;
    block.focus({ preventScroll: true });
  };

  return (
    <div className="continue-reading">
      <p className="continue-reading__text">You read {Math.round(position * 100)}% of this article.</p>
      <PlainButton size="sm" variant="secondary" onPress={continueReading}>
        Continue reading
      </PlainButton>
    </div>
  );
}
