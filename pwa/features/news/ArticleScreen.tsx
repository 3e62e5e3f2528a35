import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { lazy, Suspense, useRef } from 'react';
import type { Article } from '../../../contracts/news';
import { ApiError } from '../../lib/errors';
import { newsQueries } from '../../api/news';
import { BackLink } from '../../components/BackLink';
import { PlainButton, PlainLinkButton } from '../../components/PlainButton';
import { ArticleCover } from '../../components/Cover';
import { LikeButton } from '../likes';
import { Skeleton, SkeletonGroup } from '../../components/Skeleton';
import { MarkdownContent } from '../../components/LazyMarkdown';
import { readingMinutes } from '../../../contracts/text';
import { LoadFailure } from '../content';
import { ContinueReading, SaveForOfflineButton, SaveToggle, useReadingProgress } from '../library';
import { CategoryBadges } from '../content';
import { LearningObjectives } from '../content';
import { AuthorByline } from '../members';
import { RefusedHere } from '../../outbox/OutboxNotice';
import { Comments } from '../content';
import { useCommentCount } from '../content';
import { CommentIcon, ShareIcon } from '../../components/icons';
import { shareArticle } from './share';
import { useViewer } from '../../session/viewer';
import { useReadingTime } from '../study-time';
import '../../styles/posts.css';
import { Time } from '../../components/Time';

const route = getRouteApi('/news/$id');
// Admins' only: the buttons, the delete dialog, the form and its validation schemas stay out of every reader's article page.
const ArticleAdminTools = lazy(() => import('./ArticleAdminTools').then((m) => ({ default: m.ArticleAdminTools })));

/** /news/{id} (spec 2, Article detail). */
export function ArticleScreen() {
  const { id } = route.useParams();
  const article = useQuery(newsQueries.detail(id));
  useReadingTime(article.data ? { type: 'article', id: article.data.id, title: article.data.title } : null);

  let body;
  if (article.isPending) {
    body = <ArticleSkeleton />;
  } else if (article.isError) {
    body =
      article.error instanceof ApiError && article.error.status === 404 ? (
        <>
          <ArticleNotFound />
          <RefusedHere targetId={id} kind="comment" />
        </>
      ) : (
        <LoadFailure error={article.error} title="The article could not be loaded." what="article" level={1} retry={() => void article.refetch()} />
      );
  } else {
    body = (
      <>
        <ArticleView article={article.data} />
        <Comments kind="news" targetId={article.data.id} commentCount={article.data.commentCount} />
      </>
    );
  }

  return (
    <div className="article-page">
      <BackLink to="/news">Back to News</BackLink>
      {body}
    </div>
  );
}

export function ArticleView({ article }: { article: Article }) {
  const viewer = useViewer();
  const date = article.publishedAt ?? article.createdAt;
  const ref = useRef<HTMLElement>(null);
  // A member's position in an article on their reading list follows them to their other devices.
  useReadingProgress(article.id, ref);
  return (
    <>
      {/* Outside the article, so a position measures the same text whether or not the offer shows. */}
      <ContinueReading articleId={article.id} article={ref} />
      <article className="article" aria-labelledby="article-title" ref={ref}>
        {viewer.isAdmin ? (
          <Suspense fallback={null}>
            <ArticleAdminTools article={article} />
          </Suspense>
        ) : null}
        <header className="article__header">
          <CategoryBadges categories={article.categories} legacyCategory={article.category} />
          <div className="save-toggle-row">
            <p className="article__date">
              <Time value={date} show="date" />
              <span aria-hidden="true"> · </span>
              <span>{readingMinutes(article.content)} min read</span>
            </p>
            <SaveToggle article={article} />
          </div>
          <h1 id="article-title">{article.title}</h1>
          {article.excerpt ? <p className="article__excerpt">{article.excerpt}</p> : null}
          <AuthorByline author={article.author} />
        </header>
        <LearningObjectives text={article.learningObjectives} />
        <ArticleCover article={article} at="page" priority />
        {/* Markdown rendered to elements, never injected as HTML; single line breaks stay breaks. */}
        <MarkdownContent className="article__content" author="staff">
          {article.content}
        </MarkdownContent>
        {article.sourceName && article.sourceUrl ? (
          <p className="article__source">
            Original source:{' '}
            <a href={article.sourceUrl} target="_blank" rel="noopener noreferrer">
              {article.sourceName}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        ) : null}
        <div className="article__actions">
          <LikeButton kind="news" item={article} title={article.title} />
          <CommentStat article={article} />
          <PlainButton variant="secondary" size="sm" onPress={() => void shareArticle(article.id)}>
            <ShareIcon />
            Share
          </PlainButton>
          <SaveForOfflineButton article={article} />
        </div>
      </article>
    </>
  );
}

/** 'N comments', counted as the Comments heading counts (useCommentCount: waiting comments included). */
function CommentStat({ article }: { article: Article }) {
  const count = useCommentCount(article.id, article.commentCount);
  return (
    <span className="card__stat">
      <CommentIcon />
      {count} {count === 1 ? 'comment' : 'comments'}
    </span>
  );
}

function ArticleNotFound() {
  return (
    <section className="not-found" aria-labelledby="article-missing-title">
      <h1 id="article-missing-title">Article Not Found</h1>
      <p>The article you're looking for doesn't exist or has been removed.</p>
      <PlainLinkButton to="/news">Browse All Articles</PlainLinkButton>
    </section>
  );
}

function ArticleSkeleton() {
  return (
    <SkeletonGroup label="Loading article" className="article article--skeleton">
      <Skeleton width="8rem" />
      <Skeleton width="6rem" />
      <Skeleton width="80%" height="2.5rem" />
      <Skeleton width="100%" />
      <Skeleton shape="rect" className="article__image" />
      <Skeleton width="100%" />
      <Skeleton width="95%" />
      <Skeleton width="60%" />
    </SkeletonGroup>
  );
}
