import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { mentionsAsText } from '../../../contracts/mentions';
import { Form } from 'react-aria-components';
import { commentQueries, type ListedComment } from '../../api/comments';
import { commentPath, type CommentKind } from '../../api/paths';
import { Avatar } from '../../components/Avatar';
import { Button, LinkButton } from '../../components/Button';
import { DeleteDialog, DialogTrigger } from '../../components/Dialog';
import { EmptyState } from '../../components/EmptyState';
import { CommentRowsSkeleton } from '../../components/Skeleton';
import { MentionText } from '../../components/MentionText';
import { MentionTextArea, useMentionDraft } from './MentionTextArea';
import { toast } from '../../components/Toast';
import { fullName } from '../../lib/format';
import { useScrollToFragment } from '../../lib/fragment';
import { EditIcon, TrashIcon } from '../../components/icons';
import { useThroughQueue } from '../../outbox/hooks';
import { PostByline, QueuedPostItems } from './PostParts';
import { useDeleteComment, useEditComment, usePostComment } from './commentMutations';
import { useCommentCount } from './commentCount';
import { useViewer } from '../../session/viewer';
import { HiddenNotice } from '../moderation';
import { ReportButton } from '../moderation';
import { EditedMark } from './EditHistory';
import { EditPostForm } from './EditPostForm';
import './CommentsSection.css';

/** How the outbox writes a comment, its deletion and its new words. */
const COMMENT_KINDS = { create: 'comment', remove: 'deleteComment', edit: 'editComment' } as const;

export interface CommentsProps {
  /** Whose comments: an article's ('news') or an episode's ('podcasts'). */
  kind: CommentKind;
  targetId: string;
  commentCount: number;
  /** The box's placeholder names what is being discussed. */
  placeholder?: string;
}

/** An article's (spec 2) or episode's comments: list oldest first, the box for signed-in users. */
export function CommentsSection({ kind, targetId, commentCount, placeholder = 'Share your thoughts on this article...' }: CommentsProps) {
  const viewer = useViewer();
  const comments = useQuery(commentQueries.list(kind, targetId));
  // A notification's link names one comment (`#comment-<id>`).
  useScrollToFragment(comments.isSuccess);
  // Comments waiting to be sent show at once, pending deletions hide theirs, pending edits show their words.
  const { shown, edits, waiting: queued } = useThroughQueue(comments.data, COMMENT_KINDS, { targetId, commentKind: kind });
  // The same count as the item's stat: waiting comments count, refused ones ('Not sent') do not.
  const count = useCommentCount(targetId, commentCount, kind);
  const listed = shown.length + queued.length;

  return (
    <section className="comments" aria-labelledby="comments-title">
      <h2 id="comments-title">Comments ({count})</h2>
      {viewer.isSignedIn ? (
        <CommentForm kind={kind} targetId={targetId} authorId={viewer.user?.id} placeholder={placeholder} />
      ) : (
        <div className="comments__sign-in">
          <p>You must be signed in to post a comment.</p>
          <LinkButton to="/login" variant="secondary">
            Sign In
          </LinkButton>
        </div>
      )}
      {comments.isPending ? (
        <CommentRowsSkeleton />
      ) : comments.isError ? (
        <EmptyState
          title="Comments could not be loaded."
          action={
            <Button variant="secondary" onPress={() => void comments.refetch()}>
              Try again
            </Button>
          }
        />
      ) : listed === 0 ? (
        <p className="comments__empty">No comments yet.</p>
      ) : (
        <ul className="stack-list stack-list--tight" aria-label="Comments">
          {shown.map((comment) => (
            <li key={comment.id}>
              <CommentItem
                kind={kind}
                targetId={targetId}
                comment={comment}
                queuedEdit={edits.get(comment.id)}
                isOwn={viewer.user !== null && comment.authorId === viewer.user.id}
                canReport={viewer.isSignedIn && !comment.hidden}
              />
            </li>
          ))}
          <QueuedPostItems items={queued} />
        </ul>
      )}
    </section>
  );
}

function CommentItem({
  kind,
  targetId,
  comment,
  isOwn,
  canReport = false,
  queuedEdit,
}: {
  kind: CommentKind;
  targetId: string;
  comment: ListedComment;
  isOwn: boolean;
  /** A signed-in member may report someone else's comment. */
  canReport?: boolean;
  /** The author's new words still in the outbox (offline). */
  queuedEdit?: string;
}) {
  const remove = useDeleteComment(kind, targetId);
  const [editing, setEditing] = useState(false);
  const name = fullName(comment.author, 'Unknown User');
  const content = queuedEdit ?? comment.content;
  return (
    <article className="comment" id={`comment-${comment.id}`} aria-label={`Comment by ${name}`}>
      <Avatar person={comment.author} />
      <div className="comment__body">
        <PostByline post={comment} show="date" />
        {editing ? (
          <EditCommentForm kind={kind} targetId={targetId} commentId={comment.id} content={content} authorId={comment.authorId} onDone={() => setEditing(false)} />
        ) : (
          <>
            {comment.hidden ? <HiddenNotice hidden={comment.hidden} hasWords={content !== ''} /> : null}
            {content !== '' || !comment.hidden ? (
              <p className="comment__content">
                <MentionText text={content} />
              </p>
            ) : null}
            <EditedMark
              editedAt={comment.editedAt}
              isQueued={queuedEdit !== undefined}
              historyPath={commentPath(comment.id, kind)}
              noun="comment"
            />
          </>
        )}
      </div>
      {/* Spec 2: only on the viewer's own comments (the API also lets editors moderate). */}
      {isOwn && !editing ? (
        <>
          <Button variant="ghost" size="icon" aria-label="Edit comment" onPress={() => setEditing(true)}>
            <EditIcon />
          </Button>
          {/* A deleted comment cannot be brought back: ask first, quoting it. */}
          <DialogTrigger>
            <Button variant="ghost" size="icon" aria-label="Delete comment" isPending={remove.isPending}>
              <TrashIcon />
            </Button>
            <DeleteDialog title="Delete this comment?" isPending={remove.isPending} onAction={(close) => remove.mutate(comment.id, { onSettled: close })}>
              <p>It will be removed for everyone. This cannot be undone.</p>
              <blockquote className="comment__quote">{mentionsAsText(comment.content)}</blockquote>
            </DeleteDialog>
          </DialogTrigger>
        </>
      ) : null}
      {canReport && !isOwn ? <ReportButton target={{ type: kind === 'news' ? 'article_comment' : 'episode_comment', id: comment.id }} noun="comment" compact /> : null}
    </article>
  );
}

/** The author's own comment, its words in a box to change: Save sends them (or queues them offline). */
function EditCommentForm({
  kind,
  targetId,
  commentId,
  content,
  authorId,
  onDone,
}: {
  kind: CommentKind;
  targetId: string;
  commentId: string;
  content: string;
  authorId: string | null;
  onDone: () => void;
}) {
  const edit = useEditComment(kind, targetId);
  return (
    <EditPostForm
      label="Edit your comment"
      content={content}
      authorId={authorId}
      isPending={edit.isPending}
      onSave={(words) => edit.mutate({ commentId, content: words }, { onSuccess: onDone })}
      onDone={onDone}
    />
  );
}

function CommentForm({ kind, targetId, authorId, placeholder }: { kind: CommentKind; targetId: string; authorId?: string; placeholder: string }) {
  const post = usePostComment(kind, targetId);
  const draft = useMentionDraft();
  const isBlank = draft.text.trim() === '';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBlank) {
      toast({ title: 'Comment required', description: 'Please enter a comment before submitting.', variant: 'destructive' });
      return;
    }
    post.mutate(draft.stored(), { onSuccess: draft.clear });
  };

  return (
    // One textarea on a public reading page: plain state, so the form library stays out of this chunk.
    <Form className="form comments__form" onSubmit={onSubmit}>
      <MentionTextArea label="Add a comment" draft={draft} authorId={authorId} rows={3} placeholder={placeholder} />
      <div>
        <Button type="submit" isDisabled={isBlank} isPending={post.isPending}>
          {post.isPending ? 'Posting...' : 'Post Comment'}
        </Button>
      </div>
    </Form>
  );
}
