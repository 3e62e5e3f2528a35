import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../routing/lazyScreen';
import { rootRoute } from '../../routing/root';

/** Articles saved for offline reading (docs/offline.md); its data lives on the device. */
export const savedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/saved',
  component: lazyScreen(() => import('./SavedScreen'), 'SavedScreen'),
});
