import { Link } from '@tanstack/react-router';
import type { User } from '../../../contracts/auth';
import type { Discussion } from '../../../contracts/forums';
import { Avatar } from '../../components/Avatar';
import { PlainButton } from '../../components/PlainButton';
import { EditDeleteButtons } from '../../components/EditDeleteButtons';
import { Card } from '../../components/Card';
import { MemberLink } from '../content';
import { DiscussionBadges, DiscussionStats } from './DiscussionParts';
import { useToggleDiscussionStatus } from './mutations';
import { canEditDiscussion, canModerateForums } from './permissions';
import { Time } from '../../components/Time';

export interface DiscussionCardProps {
  discussion: Discussion;
  /** The category's colour, when known. */
  categoryColor?: string | null;
  user: User | null | undefined;
  onEdit: (discussion: Discussion) => void;
  onDelete: (discussion: Discussion) => void;
}

/** One discussion in the list; the title link covers the card and opens /forums/{id}. */
export function DiscussionCard({ discussion, categoryColor, user, onEdit, onDelete }: DiscussionCardProps) {
  const canEdit = canEditDiscussion(user, discussion);
  const canModerate = canModerateForums(user);

  return (
    <Card as="article" isInteractive className="discussion-card">
      <div className="card__body">
        <DiscussionBadges discussion={discussion} categoryColor={categoryColor} />
        <h3 className="card__title">
          <Link to="/forums/$id" params={{ id: discussion.id }} className="card__link">
            {discussion.title}
          </Link>
        </h3>
        <p className="card__text discussion-card__excerpt">{discussion.content}</p>
        <div className="card__footer">
          <span className="discussion-author">
            <Avatar person={discussion.author} size="sm" />
            <MemberLink person={discussion.author} className="discussion-author__name" />
          </span>
          <Time value={discussion.createdAt} show="relative" />
          <DiscussionStats replies={discussion.replyCount} likes={discussion.likes} />
          {canEdit || canModerate ? (
            <span className="discussion-card__actions">
              {canModerate ? <StatusToggle discussion={discussion} /> : null}
              {canEdit ? (
                <EditDeleteButtons title={discussion.title} onEdit={() => onEdit(discussion)} onDelete={() => onDelete(discussion)} />
              ) : null}
            </span>
          ) : null}
        </div>
      </div>
    </Card>
  );
}

/** Editors and admins: publish a draft or set a published discussion back to draft. */
function StatusToggle({ discussion }: { discussion: Discussion }) {
  const toggle = useToggleDiscussionStatus(discussion);

  return (
    <PlainButton variant="secondary" size="sm" onPress={() => toggle.mutate()} isDisabled={toggle.isPending}>
      {discussion.status === 'published' ? 'Unpublish' : 'Publish'}
      <span className="visually-hidden"> "{discussion.title}"</span>
    </PlainButton>
  );
}
