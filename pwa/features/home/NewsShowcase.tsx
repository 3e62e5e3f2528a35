import { Link } from '@tanstack/react-router';
import type { ArticleSummary } from '../../../contracts/news';
import { newsQueries } from '../../api/news';
import { PlainLinkButton } from '../../components/PlainButton';
import { CardGrid } from '../../components/CardGrid';
import { EmptyState } from '../../components/EmptyState';
import { LikeButton } from '../likes';
import { CardGridSkeleton } from '../../components/Skeleton';
import { ArticleCard } from '../news';
import { CommentIcon, ShareIcon } from '../../components/icons';
import { useShowcase } from './showcase';
import { LoadFailure } from '../content';
import { useCommentCount } from '../content';

export function NewsShowcase() {
  const news = useShowcase(newsQueries.featured(), newsQueries.latest());

  return (
    <section className="section" aria-labelledby="home-news-title">
      <div className="section__header">
        <h2 id="home-news-title">Latest Corporate Finance and Accounting News</h2>
      </div>
      {news.isPending ? (
        <CardGridSkeleton count={3} label="Loading latest news" />
      ) : news.isError ? (
        <LoadFailure error={news.error} title="The latest news could not be loaded." retry={() => void news.refetch()} />
      ) : news.data.length === 0 ? (
        <EmptyState title="No news articles available yet." />
      ) : (
        <CardGrid items={news.data} itemKey={(article) => article.id} aria-label="Latest news">
          {(article) => <NewsCard article={article} />}
        </CardGrid>
      )}
      {/* The home page is a showcase: this leads to the paged list. Not under an offline or error notice. */}
      {news.isSuccess && news.data.length > 0 ? (
        <div className="section__footer">
          <PlainLinkButton to="/news" variant="secondary">
            Load More Articles
          </PlainLinkButton>
        </div>
      ) : null}
    </section>
  );
}

function NewsCard({ article }: { article: ArticleSummary }) {
  const commentCount = useCommentCount(article.id, article.commentCount);
  return (
    <ArticleCard
      article={article}
      title={
        <Link to="/news/$id" params={{ id: article.id }} className="card__link">
          {article.title}
        </Link>
      }
      footer={
        <>
          <LikeButton kind="news" item={article} title={article.title} />
          <span className="card__stat">
            <CommentIcon />
            {commentCount}
            <span className="visually-hidden">{commentCount === 1 ? ' comment' : ' comments'}</span>
          </span>
          <span className="card__stat">
            <ShareIcon />
            Share
          </span>
          <span className="card__spacer" />
          <Link to="/news/$id" params={{ id: article.id }} className="card__more">
            Read More<span className="visually-hidden">: {article.title}</span>
          </Link>
        </>
      }
    />
  );
}
