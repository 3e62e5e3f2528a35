import { lazyRouteComponent } from '@tanstack/react-router';
import { OfflineError } from '../lib/errors';

/**
 * A route's screen, its code fetched when the route is first opened (lazyRouteComponent). Offline, the code of
 * a screen never opened on this device cannot come: that fails as an OfflineError, which the route's error
 * screen words as "You're offline" inside the layout, rather than as a missing module, which TanStack answers
 * by reloading the page (stopping the player) only to fail again (docs/offline.md, "Screens not yet on the device").
 */
export const lazyScreen: typeof lazyRouteComponent = (importer, exportName) =>
  lazyRouteComponent(
    () =>
      importer().catch((error: unknown) => {
        throw typeof navigator !== 'undefined' && !navigator.onLine ? new OfflineError() : error;
      }),
    exportName,
  );
