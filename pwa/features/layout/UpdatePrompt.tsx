import { useEffect, useRef, useState } from 'react';
import type { Workbox } from 'workbox-window';
import { Button } from '../../components/Button';
import './prompts.css';

/**
 * Registers the service worker (production builds only: the dev server has none) and, when a new
 * version has installed and is waiting, shows 'A new version is available' with Reload. The new
 * version takes over only then, and the page reloads under it: never a half-updated app.
 */
export function UpdatePrompt() {
  const workbox = useRef<Workbox | null>(null);
  const [waiting, setWaiting] = useState(false);
  const [reloading, setReloading] = useState(false);

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    // Loaded after the first render, so workbox-window is not in the first page's JavaScript.
    void import('workbox-window').then(({ Workbox }) => {
      if (cancelled) return;
      const wb = new Workbox('/sw.js');
      wb.addEventListener('waiting', () => setWaiting(true));
      workbox.current = wb;
      void wb.register();
    });
    return () => {
      cancelled = true;
    };
  }, []);

  const reload = () => {
    const wb = workbox.current;
    if (!wb) return;
    setReloading(true);
    wb.addEventListener('controlling', () => window.location.reload());
    wb.messageSkipWaiting();
  };
  // The live region is always there, so the message is announced when it appears.
  return (
    <div role="status" className="update-prompt-region">
      {waiting ? (
        <section className="update-prompt" aria-label="Update">
          <p>A new version is available</p>
          <Button size="sm" isPending={reloading} onPress={reload}>
            {reloading ? 'Reloading...' : 'Reload'}
          </Button>
        </section>
      ) : null}
    </div>
  );
}
