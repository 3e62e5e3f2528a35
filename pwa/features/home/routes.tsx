import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../routing/lazyScreen';
import { rootRoute } from '../../routing/root';
import { forumQueries } from '../../api/forums';
import { newsQueries } from '../../api/news';
import { podcastQueries } from '../../api/podcasts';

export const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(newsQueries.featured());
    void queryClient.prefetchQuery(newsQueries.latest());
    void queryClient.prefetchQuery(podcastQueries.featured());
    void queryClient.prefetchQuery(podcastQueries.latest());
    void queryClient.prefetchQuery(forumQueries.categories());
  },
  component: lazyScreen(() => import('./HomeScreen'), 'HomeScreen'),
  staticData: { module: 'features/home/HomeScreen.tsx' },
});
