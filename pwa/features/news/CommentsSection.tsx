import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { mentionsAsText } from '../../../contracts/mentions';
import { Form } from 'react-aria-components';
import type { Comment } from '../../../contracts/news';
import { newsQueries } from '../../api/news';
import { Avatar } from '../../components/Avatar';
import { Button, LinkButton } from '../../components/Button';
import { AlertDialog } from '../../components/Dialog';
import { EmptyState } from '../../components/EmptyState';
import { Skeleton, SkeletonGroup } from '../../components/Skeleton';
import { MentionText } from '../../components/MentionText';
import { MentionTextArea, useMentionDraft } from '../content/MentionTextArea';
import { toast } from '../../components/Toast';
import { fullName } from '../../lib/format';
import { useScrollToFragment } from '../../lib/fragment';
import { TrashIcon } from '../../components/icons';
import { useOutboxItems } from '../../outbox/hooks';
import { PostByline, QueuedPostItems } from '../content/PostParts';
import { useDeleteComment, usePostComment } from './mutations';
import { useCommentCount } from '../content/commentCount';
import { useViewer } from '../../session/viewer';

/** The article page's comments (spec 2): list oldest first, the box for signed-in users. */
export function CommentsSection({ articleId, commentCount }: { articleId: string; commentCount: number }) {
  const viewer = useViewer();
  const comments = useQuery(newsQueries.comments(articleId));
  // A notification's link names one comment (`#comment-<id>`).
  useScrollToFragment(comments.isSuccess);
  // The outbox's comments for this article show at once; its pending deletions hide theirs.
  const outbox = useOutboxItems().filter((item) => item.targetId === articleId);
  const deleting = new Set(outbox.filter((item) => item.kind === 'deleteComment' && item.state === 'pending').map((item) => item.refId));
  const posted = new Set(comments.data?.map((comment) => comment.id));
  const queued = outbox.filter((item) => item.kind === 'comment' && !posted.has(item.id));
  const shown = comments.data?.filter((comment) => !deleting.has(comment.id));
  // The same count as the article's stat: waiting comments count, refused ones ('Not sent') do not.
  const count = useCommentCount(articleId, commentCount);
  const listed = (shown?.length ?? 0) + queued.length;

  return (
    <section className="comments" aria-labelledby="comments-title">
      <h2 id="comments-title">Comments ({count})</h2>
      {viewer.isSignedIn ? (
        <CommentForm articleId={articleId} authorId={viewer.user?.id} />
      ) : (
        <div className="comments__sign-in">
          <p>You must be signed in to post a comment.</p>
          <LinkButton to="/login" variant="secondary">
            Sign In
          </LinkButton>
        </div>
      )}
      {comments.isPending ? (
        <SkeletonGroup label="Loading comments" className="stack-list stack-list--tight">
          {[0, 1].map((i) => (
            <div key={i} className="comment">
              <Skeleton shape="circle" width="2.25rem" height="2.25rem" />
              <div className="comment__body">
                <Skeleton width="30%" />
                <Skeleton width="90%" />
              </div>
            </div>
          ))}
        </SkeletonGroup>
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
          {shown?.map((comment) => (
            <li key={comment.id}>
              <CommentItem comment={comment} isOwn={viewer.user !== null && comment.authorId === viewer.user.id} />
            </li>
          ))}
          <QueuedPostItems items={queued} />
        </ul>
      )}
    </section>
  );
}

function CommentItem({ comment, isOwn }: { comment: Comment; isOwn: boolean }) {
  const remove = useDeleteComment(comment.articleId);
  const [confirming, setConfirming] = useState(false);
  const name = fullName(comment.author, 'Unknown User');
  return (
    <article className="comment" id={`comment-${comment.id}`} aria-label={`Comment by ${name}`}>
      <Avatar person={comment.author} />
      <div className="comment__body">
        <PostByline post={comment} show="date" />
        <p className="comment__content">
          <MentionText text={comment.content} />
        </p>
      </div>
      {/* Spec 2: only on the viewer's own comments (the API also lets editors moderate). */}
      {isOwn ? (
        <>
          <Button variant="ghost" size="icon" aria-label="Delete comment" isPending={remove.isPending} onPress={() => setConfirming(true)}>
            <TrashIcon />
          </Button>
          {/* A deleted comment cannot be brought back: ask first, quoting it. */}
          <AlertDialog
            title="Delete this comment?"
            isOpen={confirming}
            onOpenChange={setConfirming}
            actionLabel="Delete"
            pendingLabel="Deleting..."
            isPending={remove.isPending}
            onAction={() => remove.mutate(comment.id, { onSettled: () => setConfirming(false) })}
          >
            <p>It will be removed for everyone. This cannot be undone.</p>
            <blockquote className="comment__quote">{mentionsAsText(comment.content)}</blockquote>
          </AlertDialog>
        </>
      ) : null}
    </article>
  );
}

function CommentForm({ articleId, authorId }: { articleId: string; authorId?: string }) {
  const post = usePostComment(articleId);
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
      <MentionTextArea label="Add a comment" draft={draft} authorId={authorId} rows={3} placeholder="Share your thoughts on this article..." />
      <div>
        <Button type="submit" isDisabled={isBlank} isPending={post.isPending}>
          {post.isPending ? 'Posting...' : 'Post Comment'}
        </Button>
      </div>
    </Form>
  );
}
