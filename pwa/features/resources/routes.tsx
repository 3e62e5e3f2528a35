import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../routing/lazyScreen';
import { rootRoute } from '../../routing/root';
import { resourceQueries } from '../../api/resources';

export const resourcesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/resources',
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(resourceQueries.list());
  },
  component: lazyScreen(() => import('./ResourcesScreen'), 'ResourcesScreen'),
  staticData: { module: 'features/resources/ResourcesScreen.tsx' },
});
