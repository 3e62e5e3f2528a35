import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../routing/lazyScreen';
import { rootRoute } from '../../routing/root';
import { commentQueries } from '../../api/comments';
import { newsCategoryQueries } from '../../api/news';
import { podcastQueries } from '../../api/podcasts';
import { podcastShowQueries } from '../../api/podcast-shows';
import { parseCategoryParam } from '../content';
import { parseShowParam, validatePodcastSearch } from './showFilter';

/** `?categories=` as on /news, and `?show=<slug>` (one show's episodes). */
export const podcastsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/podcasts',
  validateSearch: validatePodcastSearch,
  loaderDeps: ({ search }) => ({ categories: search.categories, show: parseShowParam(search.show) }),
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchInfiniteQuery(podcastQueries.pages({ categories: parseCategoryParam(deps.categories), show: deps.show }));
    void queryClient.prefetchQuery(newsCategoryQueries.usedBy('podcasts'));
    void queryClient.prefetchQuery(podcastShowQueries.list());
    void queryClient.prefetchQuery(podcastQueries.featured());
  },
  component: lazyScreen(() => import('./PodcastsScreen'), 'PodcastsScreen'),
  staticData: { module: 'features/podcasts/PodcastsScreen.tsx' },
});

export const episodeRoute = createRoute({
  getParentRoute: () => rootRoute,
  // As for articles: a malformed id needs no client check, the API answers 404 ('Episode Not Found').
  path: '/podcasts/$id',
  loader: ({ context: { queryClient }, params: { id } }) => {
    void queryClient.prefetchQuery(podcastQueries.detail(id));
    void queryClient.prefetchQuery(commentQueries.list('podcasts', id));
  },
  component: lazyScreen(() => import('./EpisodeScreen'), 'EpisodeScreen'),
  staticData: { module: 'features/podcasts/EpisodeScreen.tsx' },
});
