import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../routing/lazyScreen';
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
    component: lazyScreen(() => import('./PageScreen'), `${name[0].toUpperCase()}${name.slice(1)}Page` as 'AboutPage'),
    staticData: { module: 'features/pages/PageScreen.tsx' },
  }),
);
