import { QueryClient } from '@tanstack/react-query';

/**
 * Spec section 7: queries never go stale, are not refetched on a timer or on window focus, and
 * neither queries nor mutations are retried. Mutations refresh what they change by invalidating it.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
