import { useSyncExternalStore } from 'react';
import { currentUserId, onSessionChange } from './session';

/** The signed-in user's id as the session module knows it (null for nobody), re-rendering on change. */
export function useSessionUserId(): string | null {
  return useSyncExternalStore(onSessionChange, currentUserId, () => null);
}
