import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../routing/root';
import { resourceQueries } from '../../api/resources';

export const resourcesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/resources',
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(resourceQueries.list());
  },
  component: lazyRouteComponent(() => import('./ResourcesScreen'), 'ResourcesScreen'),
  staticData: { module: 'features/resources/ResourcesScreen.tsx' },
});
