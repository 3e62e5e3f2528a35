import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../routing/lazyScreen';
import { rootRoute, signInFirst } from '../../routing/root';

/** The member's notifications (docs/notifications.md). */
export const notificationsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/notifications',
  beforeLoad: signInFirst,
  component: lazyScreen(() => import('./NotificationsScreen'), 'NotificationsScreen'),
});

/** Per-type channels; notification mail links here from its footer. */
export const notificationSettingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/notifications/settings',
  beforeLoad: signInFirst,
  component: lazyScreen(() => import('./NotificationSettingsScreen'), 'NotificationSettingsScreen'),
});
