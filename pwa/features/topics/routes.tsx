import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../routing/lazyScreen';
import { topicQueries } from '../../api/topics';
import { rootRoute, signInFirst } from '../../routing/root';

/** "Your topics": follow or mute every news category, show and forum category in one place. */
export const topicsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/topics',
  beforeLoad: signInFirst,
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(topicQueries.list());
  },
  component: lazyScreen(() => import('./TopicsScreen'), 'TopicsScreen'),
});
