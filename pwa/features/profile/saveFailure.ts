import { serverMessage } from '../../api/errors';
import type { ToastOptions } from '../../components/Toast';

/**
 * The toast for a profile save that failed. No answer at all (offline, or the network dropped)
 * says so plainly: profile edits are never queued (docs/offline.md, "Profile edits").
 */
export function saveFailure(error: unknown, fallback: string): ToastOptions {
  if (error instanceof TypeError || (typeof navigator !== 'undefined' && !navigator.onLine)) {
    return {
      title: "You're offline",
      description: 'Saving your profile needs a connection. Nothing was changed; try again once you are back online.',
      variant: 'destructive',
    };
  }
  return { title: 'Error', description: serverMessage(error, fallback), variant: 'destructive' };
}
