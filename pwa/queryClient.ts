import { QueryClient } from '@tanstack/react-query';
import { shareUnlessStored } from './offline/status';
// Loaded with the app's query client, before anyone can sign in or out: the offline store then
// follows the session (it registers the removal of a departing member's data, onMemberLeaving).
import './offline/store';
import { connectSession } from './session/session';

/**
 * Spec section 7: queries never go stale, are not refetched on a timer or on window focus, and
 * neither queries nor mutations are retried. Mutations refresh what they change by invalidating it.
 * Who is signed in is owned by the session module, which the offline store and the outbox follow.
 */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
        // Offline, reads still run: the offline store answers them (the default would pause them).
        networkMode: 'always',
        structuralSharing: shareUnlessStored,
      },
      mutations: {
        retry: false,
      },
    },
  });
  // The session module sets the user query at sign-in and sign-out; a render on the server has no device.
  if (typeof window !== 'undefined') connectSession(client);
  return client;
}
