export { LazyNotificationBell } from './LazyNotificationBell';
export { notificationSettingsRoute, notificationsRoute } from './routes';
