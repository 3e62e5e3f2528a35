import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import type { User } from '../../../contracts/auth';
import { Form } from 'react-aria-components';
import type { DiscussionDetail, Reply } from '../../../contracts/forums';
import { authQueries } from '../../session/queries';
import { ApiError } from '../../lib/errors';
import { forumQueries } from '../../api/forums';
import { useMarkDiscussionRead } from '../../api/home';
import { OfflineError, serverMessage } from '../../lib/errors';
import { Avatar } from '../../components/Avatar';
import { BackLink } from '../../components/BackLink';
import { Button, LinkButton } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { MentionText } from '../../components/MentionText';
import { MentionTextArea, useMentionDraft } from '../content';
import { fullName } from '../../lib/format';
import { MemberLink } from '../content';
import { OfflineNotice } from '../../components/OfflineNotice';
import { useOutboxItems, useQueuedItems } from '../../outbox/hooks';
import { RefusedHere } from '../../outbox/OutboxNotice';
import { PostByline, QueuedPostItems } from '../content';
import { useEditReply, useMarkAnswer, usePostReply } from './mutations';
import { DiscussionBadges, DiscussionStats } from './DiscussionParts';
import { EditedMark } from '../content';
import { EditPostForm } from '../content';
import { discussionPath, replyPath } from '../../api/paths';
import { canModerateForums } from './permissions';
import { Badge } from '../../components/Badge';
import { EditIcon, HeartIcon } from '../../components/icons';
import './forums.css';
import { Time } from '../../components/Time';
import { useScrollToFragment } from '../../lib/fragment';
import { WatchControl } from '../watching';
import { useViewer } from '../../session/viewer';
import { useReadingTime } from '../study-time';
import { HiddenNotice } from '../moderation';
import { ReportButton } from '../moderation';

const route = getRouteApi('/forums/$id');

/** /forums/{id} (spec 2): the discussion, its replies and the reply box. */
export function DiscussionScreen() {
  const { id } = route.useParams();
  const discussion = useQuery(forumQueries.discussion(id));
  useReadingTime(discussion.data ? { type: 'discussion', id: discussion.data.id, title: discussion.data.title } : null);
  const viewer = useViewer();
  // Opening it clears its unread replies on the member's home.
  useMarkDiscussionRead(viewer.isSignedIn && discussion.data ? discussion.data.id : undefined);
  const categories = useQuery(forumQueries.categories());
  const queuedReplies = useQueuedItems('reply', { targetId: id });
  const { data: user } = useQuery(authQueries.user());
  // The author's edits still in the outbox show their words at once (the newest wins), marked 'Pending sync'.
  const pendingEdits = useOutboxItems().filter((item) => item.targetId === id && item.state === 'pending');
  const replyEdits = new Map(pendingEdits.filter((item) => item.kind === 'editReply').map((item) => [item.refId, item.text ?? '']));
  const discussionEdit = pendingEdits.filter((item) => item.kind === 'editDiscussion').at(-1);
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
  const answer = data.answerReplyId ? data.replies.find((reply) => reply.id === data.answerReplyId) : undefined;
  // The asker or a moderator marks the answer (the server decides; this only hides the buttons).
  const canMark = Boolean(user && (user.id === data.authorId || canModerateForums(user)));

  return (
    <div className="discussion-page">
      <BackLink to="/forums">Back to Forums</BackLink>
      <article className="discussion" aria-labelledby="discussion-title">
        <header className="discussion__header">
          <DiscussionBadges discussion={data} categoryColor={categoryColor} />
          <h1 id="discussion-title">{discussionEdit?.title ?? data.title}</h1>
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
        {data.hidden ? <HiddenNotice hidden={data.hidden} hasWords /> : null}
        <div className="discussion__content">{discussionEdit?.text ?? data.content}</div>
        <EditedMark editedAt={data.editedAt} isQueued={discussionEdit !== undefined} historyPath={discussionPath(data.id)} noun="discussion" />
        <div className="discussion__stats">
          <DiscussionStats replies={data.replyCount} likes={data.likes} />
          {viewer.isSignedIn && viewer.user?.id !== data.authorId && !data.hidden ? <ReportButton target={{ type: 'discussion', id: data.id }} noun="discussion" /> : null}
        </div>
        <WatchControl target="discussion" id={data.id} />
      </article>

      {answer ? <AnswerSummary reply={answer} content={replyEdits.get(answer.id) ?? answer.content} /> : null}

      <ReplyBox discussion={data} />

      <section className="replies" aria-labelledby="replies-title">
        <h2 id="replies-title">Replies ({replyCount})</h2>
        {data.replies.length + queued.length === 0 ? (
          <EmptyState title="No replies yet. Be the first to reply!" />
        ) : (
          <ol className="stack-list stack-list--tight">
            {data.replies.map((reply) => (
              <li key={reply.id}>
                <ReplyItem
                  reply={reply}
                  user={user}
                  isAnswer={reply.id === data.answerReplyId}
                  canMark={canMark}
                  queuedEdit={replyEdits.get(reply.id)}
                  canReport={viewer.isSignedIn && viewer.user?.id !== reply.authorId && !reply.hidden}
                />
              </li>
            ))}
            <QueuedPostItems items={queued} />
          </ol>
        )}
      </section>
    </div>
  );
}

/** The marked answer under the question (Solved), with a link to it in the thread. */
function AnswerSummary({ reply, content }: { reply: Reply; content: string }) {
  return (
    <section className="discussion-answer" aria-labelledby="answer-title">
      <div className="discussion-answer__header">
        <Badge tone="green">Solved</Badge>
        <h2 id="answer-title">Answer</h2>
      </div>
      <PostByline post={reply} show="relative" />
      <div className="discussion-answer__content">
        <MentionText text={content} />
      </div>
      <a href={`#reply-${reply.id}`}>Go to the answer in the thread</a>
    </section>
  );
}

function ReplyItem({
  reply,
  user,
  isAnswer,
  canMark,
  queuedEdit,
  canReport,
}: {
  reply: Reply;
  user: User | null | undefined;
  isAnswer: boolean;
  canMark: boolean;
  /** The author's new words still in the outbox (offline). */
  queuedEdit?: string;
  canReport: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const mark = useMarkAnswer(reply.discussionId);
  // Only the author rewrites their reply (moderators hide or delete: the server says the same).
  const isOwn = Boolean(user && reply.authorId === user.id);
  const content = queuedEdit ?? reply.content;
  return (
    <article className={isAnswer ? 'reply reply--answer' : 'reply'} id={`reply-${reply.id}`} aria-label={`Reply by ${fullName(reply.author)}`}>
      <Avatar person={reply.author} />
      <div className="reply__body">
        <PostByline post={reply} show="relative" className="post-meta reply__meta" />
        {isAnswer ? <Badge tone="green">Answer</Badge> : null}
        {reply.hidden ? <HiddenNotice hidden={reply.hidden} hasWords={reply.content !== ''} /> : null}
        {editing ? (
          <EditReplyForm reply={reply} content={content} onDone={() => setEditing(false)} />
        ) : content !== '' || !reply.hidden ? (
          <>
            <div className="reply__content">
              <MentionText text={content} />
            </div>
            <EditedMark editedAt={reply.editedAt} isQueued={queuedEdit !== undefined} historyPath={replyPath(reply.id)} noun="reply" />
          </>
        ) : null}
        <p className="reply__likes">
          <HeartIcon />
          {reply.likes} {reply.likes === 1 ? 'like' : 'likes'}
        </p>
        {(isOwn || canMark) && !editing ? (
          <div className="reply__actions">
            {isOwn ? (
              <Button variant="ghost" size="sm" onPress={() => setEditing(true)}>
                <EditIcon />
                Edit reply
              </Button>
            ) : null}
            {canMark ? (
              <Button variant="secondary" size="sm" isPending={mark.isPending} onPress={() => mark.mutate(isAnswer ? null : reply.id)}>
                {isAnswer ? 'Unmark answer' : 'Mark as answer'}
              </Button>
            ) : null}
          </div>
        ) : null}
        {canReport ? <ReportButton target={{ type: 'reply', id: reply.id }} noun="reply" /> : null}
      </div>
    </article>
  );
}

/** The author's own reply, its words in a box to change: Save sends them (or queues them offline). */
function EditReplyForm({ reply, content, onDone }: { reply: Reply; content: string; onDone: () => void }) {
  const edit = useEditReply(reply.discussionId);
  return (
    <EditPostForm
      label="Edit your reply"
      content={content}
      authorId={reply.authorId}
      isPending={edit.isPending}
      onSave={(words) => edit.mutate({ replyId: reply.id, content: words }, { onSuccess: onDone })}
      onDone={onDone}
    />
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
