import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import type { Article } from '../../../contracts/news';
import { Button } from '../../components/Button';
import { DeleteDialog } from '../../components/Dialog';
import { useArticleArchive, useArticleDelete } from './mutations';

// The form and its validation schemas load when an admin first opens it.
const ArticleEditDialog = lazy(() => import('./ArticleEditDialog').then((m) => ({ default: m.ArticleEditDialog })));

/** Spec 2 and 6: on the article page only admins edit, archive and delete. */
export function ArticleAdminTools({ article }: { article: Article }) {
  const navigate = useNavigate();
  const archive = useArticleArchive(article);
  const remove = useArticleDelete(article.id, () => navigate({ to: '/news' }));
  const [isEditing, setEditing] = useState(false);
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  return (
    <div className="article__admin" role="group" aria-label="Article administration">
      <Button variant="secondary" size="sm" onPress={() => setEditing(true)}>
        Edit Article
      </Button>
      <Button variant="secondary" size="sm" isPending={archive.isPending} onPress={() => archive.mutate(!article.isArchived)}>
        {article.isArchived ? 'Unarchive' : 'Archive'}
      </Button>
      <Button variant="destructive" size="sm" onPress={() => setConfirmingDelete(true)}>
        Delete
      </Button>
      <Suspense fallback={null}>
        <ArticleEditDialog article={article} isOpen={isEditing} onOpenChange={setEditing} />
      </Suspense>
      <DeleteDialog
        title="Delete article?"
        isPending={remove.isPending}
        onAction={() => remove.mutate()}
        isOpen={isConfirmingDelete}
        onOpenChange={setConfirmingDelete}
      >
        Are you sure you want to delete "{article.title}"? This action cannot be undone.
      </DeleteDialog>
    </div>
  );
}
