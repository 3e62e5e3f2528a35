import { currentUserId } from '../../session/session';
import { READING_LIST_SYNC_MIN_INTERVAL_MS, READING_LIST_SYNC_TAG } from '../../sw/periodicSync';
import { setBackgroundMember } from './readingListDownload';

/*
 * Periodic Background Sync for the reading list (docs/offline.md, "Reading list across
 * devices"): while a member is signed in, and where the browser offers it (Chromium, for an installed
 * app whose permission it granted), the service worker downloads their list now and then even when
 * the app is closed (pwa/sw/backgroundDownload.ts). Loaded by useReadingListSync only for a member,
 * and at sign-out.
 */

/** Not in TypeScript's DOM library yet (Chromium only). */
interface PeriodicSyncManager {
  register(tag: string, options?: { minInterval?: number }): Promise<void>;
  unregister(tag: string): Promise<void>;
}

const periodicSyncOf = (registration: ServiceWorkerRegistration | undefined) =>
  (registration as { periodicSync?: PeriodicSyncManager } | undefined)?.periodicSync;

/**
 * A member signed in: records them for the worker and registers the sync, when the browser has it and
 * has granted the permission (asked first, since registering without it only fails). Nobody (signed
 * out): unregisters; the record went with the member's data (clearUserData). A browser without it, a
 * refusal or a failed registration changes nothing: the app still downloads whenever it is open.
 */
export async function followMemberInBackground(userId: string | null): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  if (!userId) {
    await periodicSyncOf(await navigator.serviceWorker.getRegistration())?.unregister(READING_LIST_SYNC_TAG);
    return;
  }
  // Active, and so able to take the event (on a first visit, once it has installed).
  const periodicSync = periodicSyncOf(await navigator.serviceWorker.ready);
  if (!periodicSync) return;
  const permission = await navigator.permissions?.query({ name: 'periodic-background-sync' as PermissionName }).catch(() => undefined);
  if (permission?.state !== 'granted') return;
  const signedIn = () => currentUserId() === userId;
  await setBackgroundMember(userId, signedIn);
  if (signedIn()) await periodicSync.register(READING_LIST_SYNC_TAG, { minInterval: READING_LIST_SYNC_MIN_INTERVAL_MS });
}
