import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../routing/lazyScreen';
import { topicQueries } from '../../api/topics';
import { rootRoute, signInFirst } from '../../routing/root';

/** The first visit after sign-up: pick topics to follow, or skip (visitors sign in first). */
export const welcomeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/welcome',
  beforeLoad: signInFirst,
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(topicQueries.list());
  },
  component: lazyScreen(() => import('./WelcomeScreen'), 'WelcomeScreen'),
});
