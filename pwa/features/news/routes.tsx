import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../routing/lazyScreen';
import { rootRoute } from '../../routing/root';
import { currentUserId } from '../../session/session';
import { newsCategoryQueries, newsQueries } from '../../api/news';
import { readingListQueries } from '../../api/reading-list';
import { validateCategorySearch, parseCategoryParam } from '../content';

/** Spec 2: `?categories=` (comma-separated ids) is read on load and kept in sync by the screen. */
export const newsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/news',
  validateSearch: validateCategorySearch,
  loaderDeps: ({ search }) => ({ categories: search.categories }),
  loader: ({ context: { queryClient }, deps }) => {
    // The first page (of 12); 'Load more' fetches the next. The chips: categories in use.
    void queryClient.prefetchInfiniteQuery(newsQueries.pages({ categories: parseCategoryParam(deps.categories) }));
    void queryClient.prefetchQuery(newsCategoryQueries.usedBy('news'));
  },
  component: lazyScreen(() => import('./NewsListScreen'), 'NewsListScreen'),
  staticData: { module: 'features/news/NewsListScreen.tsx' },
});

export const articleRoute = createRoute({
  getParentRoute: () => rootRoute,
  // A malformed id needs no client check: the API answers 404 and the screen says 'Article Not Found'.
  path: '/news/$id',
  loader: ({ context: { queryClient }, params: { id } }) => {
    void queryClient.prefetchQuery(newsQueries.detail(id));
    void queryClient.prefetchQuery(newsQueries.comments(id));
    // A member's reading position (Continue reading), asked beside the article rather than after it.
    if (currentUserId()) void queryClient.prefetchQuery(readingListQueries.current());
  },
  component: lazyScreen(() => import('./ArticleScreen'), 'ArticleScreen'),
  staticData: { module: 'features/news/ArticleScreen.tsx' },
});
