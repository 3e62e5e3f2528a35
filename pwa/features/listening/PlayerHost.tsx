import { lazy, Suspense } from 'react';
import { usePlayerSelect } from './player';

// The player's screens load when something first plays, never with the first page.
const PlayerUI = lazy(() => import('./PlayerUI'));

/** Mounted once by the root layout: shows the docked player while an episode is loaded. */
export function PlayerHost() {
  const active = usePlayerSelect((s) => s.current != null);
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <PlayerUI />
    </Suspense>
  );
}
