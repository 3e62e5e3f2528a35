import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute, signInFirst } from '../../routing/root';

/** The member's notifications (docs/notifications.md). */
export const notificationsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/notifications',
  beforeLoad: signInFirst,
  component: lazyRouteComponent(() => import('./NotificationsScreen'), 'NotificationsScreen'),
});

/** Per-type channels; notification mail links here from its footer. */
export const notificationSettingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/notifications/settings',
  beforeLoad: signInFirst,
  component: lazyRouteComponent(() => import('./NotificationSettingsScreen'), 'NotificationSettingsScreen'),
});
