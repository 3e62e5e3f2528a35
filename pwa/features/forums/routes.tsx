import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../routing/lazyScreen';
import { rootRoute } from '../../routing/root';
import { forumQueries } from '../../api/forums';

export const forumsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forums',
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(forumQueries.categories());
    void queryClient.prefetchInfiniteQuery(forumQueries.pages());
  },
  component: lazyScreen(() => import('./ForumsScreen'), 'ForumsScreen'),
  staticData: { module: 'features/forums/ForumsScreen.tsx' },
});

export const discussionRoute = createRoute({
  getParentRoute: () => rootRoute,
  // A malformed id needs no client check: the API answers 404 and the screen says 'Discussion Not Found'.
  path: '/forums/$id',
  loader: ({ context: { queryClient }, params: { id } }) => {
    void queryClient.prefetchQuery(forumQueries.discussion(id));
    void queryClient.prefetchQuery(forumQueries.categories());
  },
  component: lazyScreen(() => import('./DiscussionScreen'), 'DiscussionScreen'),
  staticData: { module: 'features/forums/DiscussionScreen.tsx' },
});
