import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createQueryClient } from './queryClient';
import { App } from './App';
import { LOCAL_CLOCK } from './lib/clock';
import { createAppRouter } from './router';
import { deviceStorage, persistQueries } from './session/persistedQueries';
import { startFromServerState } from './ssr-state';
import './styles.css';

/**
 * Ends the current task. Starting up is then several short tasks instead of one long one, in which a
 * slow phone could not answer input (Lighthouse's total blocking time); the same goes for rendering
 * as a transition below, which React does in slices of a few milliseconds.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

await nextTask();
const queryClient = createQueryClient();
const renderedClock = startFromServerState(queryClient);
// After the server's state: the copy kept on the device only fills what the page did not come with.
persistQueries(queryClient, { storage: deviceStorage(), online: () => navigator.onLine });
await nextTask();
const router = createAppRouter(queryClient);
if (renderedClock) {
  await nextTask();
  // A page rendered on the server (docs/performance.md, "Server rendering") is taken over where it
  // stands: the route's code is loaded first so the first render matches the markup.
  await router.load();
  // The router then renders the tree it rendered on the server (no Suspense boundary at the root).
  router.ssr = { manifest: undefined };
  startTransition(() => {
    hydrateRoot(container, <App queryClient={queryClient} router={router} clock={renderedClock} />);
  });
} else {
  const root = createRoot(container);
  startTransition(() => root.render(<App queryClient={queryClient} router={router} clock={LOCAL_CLOCK} />));
}
