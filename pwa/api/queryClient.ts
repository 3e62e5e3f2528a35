import { QueryClient } from '@tanstack/react-query';
import { shareUnlessStored } from '../offline/status';
import { followSignedInUser } from '../offline/store';
import { authQueries } from './auth.queries';

/**
 * Spec section 7: queries never go stale, are not refetched on a timer or on window focus, and
 * neither queries nor mutations are retried. Mutations refresh what they change by invalidating it.
 * The offline store learns from the current-user query whose data it is keeping.
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
  // The device's store follows the browser's user; a render on the server has no device.
  if (typeof window !== 'undefined') followSignedInUser(client, authQueries.user().queryKey);
  return client;
}
