import type { Discussion } from '../../../contracts/forums';
import { Badge } from '../../components/Badge';
import { CommentIcon, HeartIcon, LockIcon, PinIcon } from '../../components/icons';

/** Solved (a marked answer), Pinned, Locked and Draft flags, then the category (in its colour when known). */
export function DiscussionBadges({
  discussion,
  categoryColor,
}: {
  discussion: Pick<Discussion, 'isPinned' | 'isLocked' | 'status' | 'category'> & Partial<Pick<Discussion, 'answerReplyId'>>;
  categoryColor?: string | null;
}) {
  return (
    <ul className="badge-list" aria-label="Labels">
      {discussion.answerReplyId ? (
        <li>
          <Badge tone="green">Solved</Badge>
        </li>
      ) : null}
      {discussion.isPinned ? (
        <li>
          <Badge tone="amber">
            <PinIcon />
            Pinned
          </Badge>
        </li>
      ) : null}
      {discussion.isLocked ? (
        <li>
          <Badge tone="red">
            <LockIcon />
            Locked
          </Badge>
        </li>
      ) : null}
      {discussion.status === 'draft' ? (
        <li>
          <Badge tone="purple">Draft</Badge>
        </li>
      ) : null}
      {discussion.category ? (
        <li>
          {categoryColor ? (
            <Badge color={categoryColor}>{discussion.category.name}</Badge>
          ) : (
            <Badge tone="blue">{discussion.category.name}</Badge>
          )}
        </li>
      ) : null}
    </ul>
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Reply and like counts as text with icons. */
export function DiscussionStats({ replies, likes }: { replies: number; likes: number }) {
  return (
    <>
      <span className="card__stat" data-testid="reply-count">
        <CommentIcon />
        {plural(replies, 'reply', 'replies')}
      </span>
      <span className="card__stat" data-testid="like-count">
        <HeartIcon />
        {plural(likes, 'like', 'likes')}
      </span>
    </>
  );
}
