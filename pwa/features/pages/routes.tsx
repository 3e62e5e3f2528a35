import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../routing/root';
import { siteQueries } from '../../api/site';

/** The footer's pages: Markdown shipped with the app, rendered on the server too. */
export const staticPageRoutes = (['about', 'contact', 'privacy', 'terms'] as const).map((name) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path: `/${name}`,
    loader: ({ context: { queryClient } }) => {
      void queryClient.prefetchQuery(siteQueries.info());
    },
    component: lazyRouteComponent(() => import('./PageScreen'), `${name[0].toUpperCase()}${name.slice(1)}Page` as 'AboutPage'),
    staticData: { module: 'features/pages/PageScreen.tsx' },
  }),
);
