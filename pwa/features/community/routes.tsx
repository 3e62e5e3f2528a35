import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../routing/lazyScreen';
import { rootRoute } from '../../routing/root';
import { communityQueries } from '../../api/community';

export const communityRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/community',
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(communityQueries.stats());
    void queryClient.prefetchQuery(communityQueries.contributors());
  },
  component: lazyScreen(() => import('./CommunityScreen'), 'CommunityScreen'),
  staticData: { module: 'features/community/CommunityScreen.tsx' },
});
