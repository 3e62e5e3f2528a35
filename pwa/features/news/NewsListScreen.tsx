import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import type { ArticleSummary } from '../../../contracts/news';
import { newsCategoryQueries, newsQueries } from '../../api/news';
import { Badge } from '../../components/Badge';
import { PlainButton, PlainLinkButton } from '../../components/PlainButton';
import { CardGrid } from '../../components/CardGrid';
import { EmptyState } from '../../components/EmptyState';
import { CommentIcon, ShareIcon } from '../../components/icons';
import { LikeButton } from '../likes';
import { CardGridSkeleton } from '../../components/Skeleton';
import { ArticleCard } from './ArticleCard';
import { chipCategories, matchesSearch } from '../content';
import { LoadMore } from '../content';
import { useArticleArchive, useArticleStatus } from './mutations';
import { shareArticle } from './share';
import { StatusTools } from '../content';
import { useCommentCount } from '../content';
import { useViewer, type Viewer } from '../../session/viewer';
import { ContentListBody, useContentListControls } from '../content';
import '../../styles/posts.css';
import { LoadFailure } from '../content';
import { TopicControl } from '../topics';

// The visitor's sign-in prompt (a dialog: React Aria's Dialog and Modal) loads when first
// opened, not with the list (docs/performance.md, "First visit on a phone").
const SignInPromptDialog = lazy(() => import('./SignInPromptDialog').then((m) => ({ default: m.SignInPromptDialog })));

const route = getRouteApi('/news');


/** /news (spec 2, News list). */
export function NewsListScreen() {
  const viewer = useViewer();
  const navigate = route.useNavigate();
  const { categories: categoryParam } = route.useSearch();
  // Spec 2: the address follows the filters without adding history entries.
  const { search, selected, archivedOnly, controls } = useContentListControls(viewer.isEditor, categoryParam, (categories) =>
    void navigate({ search: (prev) => ({ ...prev, categories }), replace: true, resetScroll: false }),
  );
  const [isSignInPromptOpen, setSignInPromptOpen] = useState(false);
  // Once opened it stays rendered, so it can close as a dialog does.
  const [signInPromptUsed, setSignInPromptUsed] = useState(false);
  if (isSignInPromptOpen && !signInPromptUsed) setSignInPromptUsed(true);

  // Paged: 12 at a time with 'Load more'; a new filter is a new list, so paging starts again. The
  // chips are the categories of every published article, not only of the pages loaded so far.
  const shown = useInfiniteQuery(newsQueries.pages({ categories: selected, archivedOnly }));
  const used = useQuery(newsCategoryQueries.usedBy('news'));
  const loaded = useMemo(() => shown.data?.pages.flatMap((page) => page.items) ?? [], [shown.data]);
  const categories = chipCategories(used.data, selected, loaded);
  const categoryFeed = selected.length === 1 ? categories.find((c) => c.id === selected[0]) : undefined;

  const visible = loaded.filter((article) => matchesSearch(search, article.title, article.excerpt));
  const openSignInPrompt = () => setSignInPromptOpen(true);

  let results: ReactNode;
  if (shown.isPending || !viewer.isKnown) {
    results = <CardGridSkeleton count={6} label="Loading articles" />;
  } else if (shown.isLoadingError) {
    results = <LoadFailure error={shown.error} title="Articles could not be loaded." level={2} retry={() => void shown.refetch()} />;
  } else if (visible.length === 0) {
    results = (
      <>
        <EmptyState title="No articles found matching your criteria." />
        {/* Searching what is loaded: the next pages may hold a match. */}
        <LoadMore list={shown} label="Load More Articles" what="articles" />
      </>
    );
  } else {
    results = (
      <>
        <CardGrid items={visible} itemKey={(article) => article.id} aria-label="Articles">
          {(article, index) => (
            <NewsListCard article={article} viewer={viewer} onSignInRequired={openSignInPrompt} isFirst={index === 0} />
          )}
        </CardGrid>
        <LoadMore list={shown} label="Load More Articles" what="articles" />
      </>
    );
  }

  return (
    <div className="content-list">
      <header className="page-header heading-row">
        <div>
          <h1>Industry News</h1>
          <p>Stay updated with curated insights from trusted sources, academic journals, and industry leaders</p>
        </div>
        {viewer.isEditor ? (
          <PlainLinkButton to="/news/add" className="content-list__add">
            Add News
          </PlainLinkButton>
        ) : null}
      </header>

      <ContentListBody
        what="articles"
        tabsLabel="Article lists"
        categories={categories}
        {...controls}
      >
        {/* One category chosen: the list is that category's page, and a member may follow or mute it. */}
        {selected.length === 1 ? <TopicControl key={selected[0]} kind="news_category" id={selected[0]} /> : null}
        {results}
      </ContentListBody>

      {/* One selected category: its own feed, advertised in the head while the filter is on (React hoists <link>). */}
      {categoryFeed ? (
        <link rel="alternate" type="application/rss+xml" title={`${categoryFeed.name} (RSS)`} href={`/news/category/${encodeURIComponent(categoryFeed.slug)}/feed.xml`} />
      ) : null}

      {signInPromptUsed ? (
        <Suspense fallback={null}>
          <SignInPromptDialog isOpen={isSignInPromptOpen} onOpenChange={setSignInPromptOpen} />
        </Suspense>
      ) : null}
    </div>
  );
}

interface NewsListCardProps {
  article: ArticleSummary;
  viewer: Viewer;
  onSignInRequired: () => void;
  isFirst: boolean;
}

function NewsListCard({ article, viewer, onSignInRequired, isFirst }: NewsListCardProps) {
  const commentCount = useCommentCount(article.id, article.commentCount);
  const commentLabel = `Comments on "${article.title}" (${commentCount})`;
  const commentContent = (
    <>
      <CommentIcon />
      {commentCount}
    </>
  );

  return (
    <ArticleCard
      article={article}
      headingLevel={2}
      imagePriority={isFirst}
      title={
        viewer.isSignedIn ? (
          <Link to="/news/$id" params={{ id: article.id }} className="card__link">
            {article.title}
          </Link>
        ) : (
          // Spec 2: anonymous visitors must sign in to open an article; the title asks them to.
          <PlainButton variant="ghost" className="card__link news-card__title-button" onPress={onSignInRequired}>
            {article.title}
          </PlainButton>
        )
      }
      statusBadge={
        viewer.isEditor ? (
          <Badge tone={article.status === 'published' ? 'green' : 'amber'}>
            {article.status === 'published' ? 'Published' : 'Draft'}
          </Badge>
        ) : null
      }
      footer={
        <>
          <LikeButton kind="news" item={article} title={article.title} />
          {viewer.isSignedIn ? (
            <PlainLinkButton to="/news/$id" params={{ id: article.id }} variant="ghost" size="sm" aria-label={commentLabel}>
              {commentContent}
            </PlainLinkButton>
          ) : (
            <PlainButton variant="ghost" size="sm" aria-label={commentLabel} onPress={onSignInRequired}>
              {commentContent}
            </PlainButton>
          )}
          <PlainButton variant="ghost" size="sm" onPress={() => void shareArticle(article.id)}>
            <ShareIcon />
            Share<span className="visually-hidden"> "{article.title}"</span>
          </PlainButton>
          <span className="card__spacer" />
          {article.sourceUrl ? (
            <a href={article.sourceUrl} target="_blank" rel="noopener noreferrer" className="card__more">
              Read More <span aria-hidden="true">→</span>
              <span className="visually-hidden">: {article.title} (opens in a new tab)</span>
            </a>
          ) : null}
        </>
      }
      tools={viewer.isEditor ? <EditorTools article={article} /> : null}
    />
  );
}

function EditorTools({ article }: { article: ArticleSummary }) {
  const status = useArticleStatus(article);
  const archive = useArticleArchive(article);
  return <StatusTools item={article} editTo="/news/$id/edit" status={status} archive={archive} />;
}
