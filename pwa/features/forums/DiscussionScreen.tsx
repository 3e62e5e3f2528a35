import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { Form } from 'react-aria-components';
import type { DiscussionDetail, Reply } from '../../../contracts/forums';
import { authQueries } from '../../session/queries';
import { ApiError } from '../../lib/errors';
import { forumQueries } from '../../api/forums';
import { OfflineError, serverMessage } from '../../lib/errors';
import { Avatar } from '../../components/Avatar';
import { BackLink } from '../../components/BackLink';
import { Button, LinkButton } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { MentionText } from '../../components/MentionText';
import { MentionTextArea, useMentionDraft } from '../content/MentionTextArea';
import { fullName } from '../../lib/format';
import { MemberLink } from '../members/MemberLink';
import { OfflineNotice } from '../content/OfflineNotice';
import { useQueued } from '../../outbox/hooks';
import { RefusedHere } from '../../outbox/OutboxNotice';
import { PostByline, QueuedPostItems } from '../content/PostParts';
import { usePostReply } from './mutations';
import { DiscussionBadges, DiscussionStats } from './DiscussionParts';
import { HeartIcon } from '../../components/icons';
import './forums.css';
import { Time } from '../../components/Time';
import { useScrollToFragment } from '../../lib/fragment';

const route = getRouteApi('/forums/$id');

/** /forums/{id} (spec 2): the discussion, its replies and the reply box. */
export function DiscussionScreen() {
  const { id } = route.useParams();
  const discussion = useQuery(forumQueries.discussion(id));
  const categories = useQuery(forumQueries.categories());
  const queuedReplies = useQueued('reply', id);
  // A notification's link names one reply (`#reply-<id>`).
  useScrollToFragment(discussion.isSuccess);

  if (discussion.isPending) {
    return (
      <div className="discussion-page">
        <BackLink to="/forums">Back to Forums</BackLink>
        <p role="status" className="discussion-page__loading">
          Loading discussion...
        </p>
      </div>
    );
  }

  if (discussion.isError) {
    const isMissing = discussion.error instanceof ApiError && discussion.error.status === 404;
    return (
      <div className="discussion-page discussion-page--missing">
        {isMissing ? (
          <>
            <h1>Discussion Not Found</h1>
            <p>The discussion you're looking for doesn't exist.</p>
            <RefusedHere targetId={id} kind="reply" />
          </>
        ) : discussion.error instanceof OfflineError ? (
          <OfflineNotice what="discussion" />
        ) : (
          <>
            <h1>The discussion could not be loaded.</h1>
            <p>{serverMessage(discussion.error, 'Please try again in a moment.')}</p>
            <Button variant="secondary" onPress={() => void discussion.refetch()}>
              Try again
            </Button>
          </>
        )}
        <BackLink to="/forums">Back to Forums</BackLink>
      </div>
    );
  }

  const data = discussion.data;
  const posted = new Set(data.replies.map((reply) => reply.id));
  const queued = queuedReplies.filter((item) => !posted.has(item.id));
  // Waiting replies count; refused ones ('Not sent') do not, as for comments (docs/outbox.md, "Counting").
  const replyCount = data.replies.length + queued.filter((item) => item.state === 'pending').length;
  const categoryColor = categories.data?.find((category) => category.id === data.categoryId)?.color;

  return (
    <div className="discussion-page">
      <BackLink to="/forums">Back to Forums</BackLink>
      <article className="discussion" aria-labelledby="discussion-title">
        <header className="discussion__header">
          <DiscussionBadges discussion={data} categoryColor={categoryColor} />
          <h1 id="discussion-title">{data.title}</h1>
          <div className="discussion__byline">
            <Avatar person={data.author} size="lg" />
            <div>
              <p className="discussion__author">
                <MemberLink person={data.author} />
              </p>
              <p className="post-meta">
                {data.author?.title ? <span>{data.author.title}</span> : null}
                <Time value={data.createdAt} show="relative" />
              </p>
            </div>
          </div>
        </header>
        <div className="discussion__content">{data.content}</div>
        <div className="discussion__stats">
          <DiscussionStats replies={data.replyCount} likes={data.likes} />
        </div>
      </article>

      <ReplyBox discussion={data} />

      <section className="replies" aria-labelledby="replies-title">
        <h2 id="replies-title">Replies ({replyCount})</h2>
        {data.replies.length + queued.length === 0 ? (
          <EmptyState title="No replies yet. Be the first to reply!" />
        ) : (
          <ol className="stack-list stack-list--tight">
            {data.replies.map((reply) => (
              <li key={reply.id}>
                <ReplyItem reply={reply} />
              </li>
            ))}
            <QueuedPostItems items={queued} />
          </ol>
        )}
      </section>
    </div>
  );
}

function ReplyItem({ reply }: { reply: Reply }) {
  return (
    <article className="reply" id={`reply-${reply.id}`} aria-label={`Reply by ${fullName(reply.author)}`}>
      <Avatar person={reply.author} />
      <div className="reply__body">
        <PostByline post={reply} show="relative" className="post-meta reply__meta" />
        <div className="reply__content">
          <MentionText text={reply.content} />
        </div>
        <p className="reply__likes">
          <HeartIcon />
          {reply.likes} {reply.likes === 1 ? 'like' : 'likes'}
        </p>
      </div>
    </article>
  );
}

/** Signed in: a reply box. Visitors: a prompt to log in (spec 2 and 6). */
function ReplyBox({ discussion }: { discussion: DiscussionDetail }) {
  const { data: user } = useQuery(authQueries.user());
  const draft = useMentionDraft();
  const reply = usePostReply(discussion.id);

  if (!user) {
    return (
      <section className="reply-box reply-box--signed-out" aria-label="Reply">
        <p>Please log in to reply to this discussion</p>
        <LinkButton to="/login">Log In</LinkButton>
      </section>
    );
  }

  const isBlank = draft.text.trim() === '';
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBlank || reply.isPending) return;
    reply.mutate(draft.stored().trim(), { onSuccess: draft.clear });
  };

  return (
    <section className="reply-box" aria-labelledby="reply-box-title">
      <h2 id="reply-box-title" className="reply-box__title">
        Add a Reply
      </h2>
      {/* One textarea on a public reading page: plain state, so the form library stays out of this chunk. */}
      <Form className="form" onSubmit={onSubmit}>
        <MentionTextArea label="Your reply" draft={draft} authorId={user.id} rows={4} placeholder="Share your thoughts..." />
        <div className="reply-box__actions">
          <Button type="submit" isDisabled={isBlank} isPending={reply.isPending}>
            {reply.isPending ? 'Posting...' : 'Post Reply'}
          </Button>
        </div>
      </Form>
    </section>
  );
}
