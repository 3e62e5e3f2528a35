import { useLike, type LikeableItem, type LikeKind } from '../lib/likes';
import { PENDING_SYNC } from '../outbox/OutboxNotice';
import { Button } from './Button';

export interface LikeButtonProps {
  kind: LikeKind;
  item: LikeableItem;
  /** The item's title, for the accessible name ('Like "…"'). */
  title: string;
}

/** Heart and count. A toggle (aria-pressed) for signed-in viewers; anonymous presses add a like. */
export function LikeButton({ kind, item, title }: LikeButtonProps) {
  const like = useLike(kind, item);
  return (
    <Button
      variant="ghost"
      size="sm"
      className="like-button"
      aria-label={`Like "${title}" (${like.count} ${like.count === 1 ? 'like' : 'likes'}${like.isQueued ? `, ${PENDING_SYNC.toLowerCase()}` : ''})`}
      aria-pressed={like.isSignedIn ? like.liked : undefined}
      isDisabled={like.isPending}
      onPress={like.toggle}
      data-liked={like.liked || undefined}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="icon">
        <path
          d="M12 21s-7.5-4.6-9.5-9.2C1.2 8.6 3.3 5 6.8 5c2 0 3.4 1.1 4.2 2.4h2C13.8 6.1 15.2 5 17.2 5c3.5 0 5.6 3.6 4.3 6.8C19.5 16.4 12 21 12 21z"
          fill={like.liked ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
        />
      </svg>
      <span className="like-button__count" data-testid="like-count">
        {like.count}
      </span>
      {like.isQueued ? <span className="outbox-badge like-button__queued">{PENDING_SYNC}</span> : null}
    </Button>
  );
}
