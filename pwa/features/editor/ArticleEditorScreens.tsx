import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import type { Article } from '../../../contracts/news';
import { ApiError } from '../../api/client';
import { newsQueries } from '../../api/news.queries';
import { Button, LinkButton } from '../../components/Button';
import { AlertDialog } from '../../components/Dialog';
import { ArticleForm } from './ArticleForm';
import { EditorLoadError, EditorPage, EditorSkeleton } from './EditorPage';
import { forgetDeleted, useDeleteArticle } from './mutations';
import { REDIRECT_MS, useRedirectAfter } from './redirect';

const BACK = { to: '/news', label: 'Back to News' } as const;

/** /news/add (spec 2, Create article page). */
export function AddArticleScreen() {
  return (
    <EditorPage title="Add News" description="Write a news article for the community." back={BACK}>
      <ArticleForm article={null} />
    </EditorPage>
  );
}

const editRoute = getRouteApi('/authenticated/news/$id/edit');

/** /news/{id}/edit (spec 2, Edit article page): the form plus delete with confirmation. */
export function EditArticleScreen() {
  const { id } = editRoute.useParams();
  const article = useQuery(newsQueries.detail(id));

  if (article.isPending) {
    return (
      <EditorPage title="Edit Article" description="Update the article's details." back={BACK}>
        <EditorSkeleton label="Loading article" />
      </EditorPage>
    );
  }
  if (article.isError) {
    const isMissing = article.error instanceof ApiError && article.error.status === 404;
    return (
      <EditorPage title={isMissing ? 'Article Not Found' : 'Edit Article'} description="" back={isMissing ? undefined : BACK}>
        {isMissing ? (
          <div className="editor-page__missing">
            <p>The article you're looking for doesn't exist or has been removed.</p>
            <LinkButton to="/news">Browse All Articles</LinkButton>
          </div>
        ) : (
          <EditorLoadError what="article" onRetry={() => void article.refetch()} />
        )}
      </EditorPage>
    );
  }
  return <EditArticle key={article.data.id} article={article.data} />;
}

function EditArticle({ article }: { article: Article }) {
  const queryClient = useQueryClient();
  const remove = useDeleteArticle(article.id);
  const { redirect, isRedirecting } = useRedirectAfter();
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const isDeleting = remove.isPending || isRedirecting;

  const confirmDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirmOpen(false);
        redirect('/news', REDIRECT_MS.afterArticleDelete, () => forgetDeleted(queryClient, 'news', article.id));
      },
      onError: () => setConfirmOpen(false),
    });

  return (
    <EditorPage
      title="Edit Article"
      description="Update the article's details."
      back={BACK}
      actions={
        <Button variant="destructive" onPress={() => setConfirmOpen(true)} isPending={isDeleting}>
          {isDeleting ? 'Deleting...' : 'Delete Article'}
        </Button>
      }
    >
      <ArticleForm article={article} isHeld={isDeleting} />
      <AlertDialog
        title="Delete article?"
        isOpen={isConfirmOpen}
        onOpenChange={setConfirmOpen}
        actionLabel="Delete"
        pendingLabel="Deleting..."
        isPending={remove.isPending}
        onAction={confirmDelete}
      >
        <p>Are you sure you want to delete "{article.title}"? This action cannot be undone.</p>
      </AlertDialog>
    </EditorPage>
  );
}
