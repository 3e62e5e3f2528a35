import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { ClockProvider, type Clock } from './lib/clock';
import type { AppRouter } from './router';

/** The app's tree, the same in the browser (main.tsx) and on the server (entry-server.tsx). */
export function App({ queryClient, router, clock }: { queryClient: QueryClient; router: AppRouter; clock: Clock }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ClockProvider initial={clock}>
          <RouterProvider router={router} />
        </ClockProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
