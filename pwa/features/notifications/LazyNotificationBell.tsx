import { lazy } from 'react';

// The bell and its list load on first render, not with the header: a visitor's first load of / does
// without them (the bundle budget).
export const LazyNotificationBell = lazy(() => import('./NotificationBell').then((m) => ({ default: m.NotificationBell })));
