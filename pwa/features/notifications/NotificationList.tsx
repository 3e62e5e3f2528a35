import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { forumQueries } from '../../api/forums';
import { actorsPhrase } from '../../../contracts/notification-groups';
import type { NotificationGroup, NotificationTarget } from '../../../contracts/notifications';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { AvatarRowsSkeleton } from '../../components/Skeleton';
import { Time } from '../../components/Time';
import { fullName } from '../../lib/format';
import { useMarkRead } from './mutations';
import './notifications.css';

/**
 * Whether the member can no longer open the target. Compared with false: a list stored offline by an
 * older version has no `available`, and its targets were all open.
 */
const isGone = (target: NotificationTarget): target is Extract<NotificationTarget, { available: false }> => target.available === false;

/** Where a mention was made, by what the notification is about. */
const MENTIONED_IN = {
  article: { where: 'a comment on', what: 'an article' },
  episode: { where: 'a comment on', what: 'an episode' },
  discussion: { where: 'a reply in', what: 'a discussion' },
} as const;

/** The route of each kind of target (the notification's path adds the comment or reply fragment). */
/** What a moderator did, as a verb (server/api/notifications/presenter.ts says the same in mail). */
const OUTCOME_WORDS = { hidden: 'hid', restored: 'restored', deleted: 'deleted', dismissed: 'kept' } as const;

const TARGET_ROUTES = { article: '/news/$id', episode: '/podcasts/$id', discussion: '/forums/$id' } as const;

/**
 * What happened, by type; who acted goes first where there is one ('Your article was …' has none):
 * a group of replies, comments or mentions by first names ("Maya and 2 others"), the other types by
 * the actor's full name. `gone`: the member can no longer open the target, so the words say so
 * instead of a title. A list stored offline by an older version has no `actors`: its actor alone.
 */
function sentence(n: NotificationGroup): { actor: string | null; words: string } {
  const actor = fullName(n.actor, 'Someone');
  const people = actorsPhrase(n.actors ?? [n.actor], n.actorCount ?? 1);
  const gone = isGone(n.target);
  switch (n.type) {
    case 'discussion_reply':
    case 'watched_reply':
      return { actor: people, words: gone ? 'replied in a discussion that is no longer available' : 'replied to' };
    case 'mention': {
      const { where, what } = MENTIONED_IN[n.target.kind];
      return { actor: people, words: gone ? `mentioned you in ${where} ${what} that is no longer available` : `mentioned you in ${where}` };
    }
    case 'article_comment':
      return { actor: people, words: gone ? 'commented on your article, which is no longer available' : 'commented on your article' };
    case 'article_published':
      return { actor: null, words: gone ? 'Your article was published; it is no longer available' : 'Your article was published' };
    case 'article_featured':
      return { actor: null, words: gone ? 'Your article was featured; it is no longer available' : 'Your article was featured' };
    case 'answer_marked':
      return { actor, words: gone ? 'marked your reply as the answer in a discussion that is no longer available' : 'marked your reply as the answer' };
    case 'watched_discussion':
      return { actor, words: gone ? 'started a discussion that is no longer available' : 'started a discussion in a category you watch' };
    // A moderator's decision: no actor named, the moderator acts for the site.
    case 'moderation':
      return { actor: null, words: `A moderator ${OUTCOME_WORDS[n.outcome ?? 'dismissed']} your post${gone ? '; the page is no longer available' : ' in'}` };
    case 'report_outcome':
      return { actor: null, words: `A moderator reviewed your report and ${OUTCOME_WORDS[n.outcome ?? 'dismissed']} the post${gone ? '; the page is no longer available' : ' in'}` };
  }
}

/**
 * The grouped notifications as a list (the bell's popover and /notifications): the newest actor's
 * avatar, the sentence and the target's title as one link to the item (its newest comment or reply
 * by the path's fragment), the first words of the newest reply or comment, the time of the newest;
 * unread groups are marked, for the eye and in the link's name. Opening one marks the whole group
 * read. A target the member can no longer open is plain text with no link (it would be a 404) and,
 * while unread, a Mark as read button.
 */
export function NotificationList({ notifications, onOpen }: { notifications: readonly NotificationGroup[]; onOpen?: () => void }) {
  const markRead = useMarkRead();
  const queryClient = useQueryClient();
  return (
    <ul className="notification-list" aria-label="Notifications">
      {notifications.map((n) => {
        const { actor, words } = sentence(n);
        const { target } = n;
        const gone = isGone(target);
        const text = (
          <>
            {n.read ? null : <span className="visually-hidden">Unread: </span>}
            <span className="notification__sentence">
              {actor ? <strong>{actor}</strong> : null}
              {actor ? ' ' : null}
              {words}
            </span>
            {isGone(target) ? null : (
              <>
                {' '}
                <span className="notification__title">“{target.title}”</span>
              </>
            )}
          </>
        );
        return (
          <li key={n.id} className="notification" data-unread={n.read ? undefined : true}>
            <Avatar person={n.actor} size="md" />
            <div className="notification__body">
              {isGone(target) ? (
                <p className="notification__text">{text}</p>
              ) : (
                <Link
                  to={TARGET_ROUTES[target.kind]}
                  params={{ id: target.id }}
                  hash={target.path.split('#')[1]}
                  className="notification__link"
                  onClick={() => {
                    if (!n.read) markRead.mutate({ id: n.id });
                    // A reply notice opens a discussion that may be cached from before the reply: ask again.
                    if (target.kind === 'discussion') void queryClient.invalidateQueries({ queryKey: forumQueries.discussion(target.id).queryKey });
                    onOpen?.();
                  }}
                >
                  {text}
                </Link>
              )}
              {n.excerpt ? <q className="notification__excerpt">{n.excerpt}</q> : null}
              <span className="notification__time">
                <Time value={n.createdAt} show="relative" />
              </span>
              {gone && !n.read ? (
                <Button variant="ghost" size="sm" className="notification__mark" onPress={() => markRead.mutate({ id: n.id })}>
                  Mark as read
                </Button>
              ) : null}
            </div>
            {n.read ? null : <span className="notification__dot" aria-hidden="true" />}
          </li>
        );
      })}
    </ul>
  );
}

/** The list's loading state, in the popover and on the screen: `rows` placeholders shaped like items. */
export function NotificationSkeleton({ rows, className }: { rows: number; className: string }) {
  return (
    <AvatarRowsSkeleton rows={rows} label="Loading notifications" className={className} rowClassName="notification" lineWidths={['85%', '30%']} />
  );
}
