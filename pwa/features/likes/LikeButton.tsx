import { PlainButton } from '../../components/PlainButton';
import { HeartIcon } from '../../components/icons';
import { PENDING_SYNC } from '../../outbox/OutboxNotice';
import { useLike, type LikeableItem, type LikeKind } from './useLike';

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
    <PlainButton
      variant="ghost"
      size="sm"
      className="like-button"
      aria-label={`Like "${title}" (${like.count} ${like.count === 1 ? 'like' : 'likes'}${like.isQueued ? `, ${PENDING_SYNC.toLowerCase()}` : ''})`}
      aria-pressed={like.isSignedIn ? like.liked : undefined}
      isDisabled={like.isPending}
      onPress={like.toggle}
      data-liked={like.liked || undefined}
    >
      <HeartIcon filled={like.liked} />
      <span className="like-button__count" data-testid="like-count">
        {like.count}
      </span>
      {like.isQueued ? <span className="outbox-badge like-button__queued">{PENDING_SYNC}</span> : null}
    </PlainButton>
  );
}
