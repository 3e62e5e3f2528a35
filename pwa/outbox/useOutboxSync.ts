import { useEffect } from 'react';
import { listenForConnection } from './outbox';

/**
 * Drives the outbox from the app shell: the `online` event. Sign-ins and fresh answers about the user
 * resume sending through the session module (pwa/outbox/outbox.ts follows it).
 */
export function useOutboxSync(): void {
  useEffect(() => listenForConnection(), []);
}
