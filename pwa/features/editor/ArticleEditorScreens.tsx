import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import type { Article } from '../../../contracts/news';
import { newsQueries } from '../../api/news';
import { LinkButton } from '../../components/Button';
import { ArticleForm } from './ArticleForm';
import { EditItemScreen } from './EditItemScreen';
import { EditorPage } from './EditorPage';
import { HistorySection } from './HistorySection';
import { useDeleteArticle } from './mutations';
import { REDIRECT_MS } from './redirect';

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
  return (
    <EditItemScreen
      item={useQuery(newsQueries.detail(id))}
      kind="news"
      back={BACK}
      text={{
        title: 'Edit Article',
        description: "Update the article's details.",
        loading: 'Loading article',
        what: 'article',
        missingTitle: 'Article Not Found',
        deleteButton: 'Delete Article',
        deleteTitle: 'Delete article?',
      }}
      missing={
        <div className="editor-page__missing">
          <p>The article you're looking for doesn't exist or has been removed.</p>
          <LinkButton to="/news">Browse All Articles</LinkButton>
        </div>
      }
      form={(article, isHeld) => <ArticleEditor article={article} isHeld={isHeld} />}
      useDelete={useDeleteArticle}
      redirectMs={REDIRECT_MS.afterArticleDelete}
    />
  );
}

/** The edit form and its History; a restored version starts the form again from its fields. */
function ArticleEditor({ article, isHeld }: { article: Article; isHeld: boolean }) {
  const [restores, setRestores] = useState(0);
  const { categoryIds, ...fields } = article;
  return (
    <>
      <ArticleForm key={restores} article={article} isHeld={isHeld} />
      <HistorySection kind="news" id={article.id} current={{ ...fields, categoryIds: [...categoryIds].sort() }} onRestored={() => setRestores((n) => n + 1)} />
    </>
  );
}
