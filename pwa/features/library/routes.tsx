import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../routing/root';

/** Articles saved for offline reading (docs/offline.md); its data lives on the device. */
export const savedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/saved',
  component: lazyRouteComponent(() => import('./SavedScreen'), 'SavedScreen'),
});
