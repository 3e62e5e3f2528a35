import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createQueryClient } from './api/queryClient';
import { createAppRouter } from './router';
import { startFromServerState } from './ssr-state';
import './styles.css';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>
);

// As a transition, React renders (or hydrates) the first screen in slices of a few milliseconds
// instead of one long task, so a slow phone can answer input meanwhile (Lighthouse's total blocking time).
if (startFromServerState(queryClient)) {
  // A page rendered on the server (docs/performance.md, "Server rendering") is taken over where it
  // stands: the route's code is loaded first so the first render matches the markup.
  await router.load();
  // The router then renders the tree it rendered on the server (no Suspense boundary at the root).
  router.ssr = { manifest: undefined };
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
