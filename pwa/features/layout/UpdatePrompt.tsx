import { useEffect, useRef, useState } from 'react';
import type { Workbox } from 'workbox-window';
import { PlainButton } from '../../components/PlainButton';
import { stopWaiting } from '../../offline/afterWorker';
import './prompts.css';

/**
 * Registers the service worker (production builds only: the dev server has none) once the first page
 * is idle, in lite mode where data is dear (workerUrl), and, when a new
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
    // Only once the first page is idle, so the worker's precache never competes with it; workbox-window
    // is loaded then too, so it is not in the first page's JavaScript.
    const cancelIdle = afterFirstPageIsIdle(() => {
      void Promise.all([import('workbox-window'), workerUrl()]).then(([{ Workbox }, url]) => {
        if (cancelled) return;
        const wb = new Workbox(url);
        wb.addEventListener('waiting', () => setWaiting(true));
        wb.addEventListener('redundant', stopWaiting);
        workbox.current = wb;
        // The device store waits for the worker to take the page over (pwa/offline/afterWorker.ts), or for this.
        wb.register().then((registration) => registration ?? stopWaiting(), stopWaiting);
        if (!navigator.serviceWorker.controller) void handOverLoadedAssets();
      });
    });
    return () => {
      cancelled = true;
      cancelIdle();
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
          <PlainButton size="sm" isPending={reloading} onPress={reload}>
            {reloading ? 'Reloading...' : 'Reload'}
          </PlainButton>
        </section>
      ) : null}
    </div>
  );
}

/** Runs `run` after the load event and then the browser's next idle moment; returns a canceller. */
function afterFirstPageIsIdle(run: () => void): () => void {
  // Safari has no requestIdleCallback: a timeout after load is the nearest it offers.
  const hasIdle = typeof window.requestIdleCallback === 'function';
  let idle: number | undefined;
  const schedule = () => {
    idle = hasIdle ? window.requestIdleCallback(run, { timeout: 5000 }) : window.setTimeout(run, 1000);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idle === undefined) return;
    if (hasIdle) window.cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  };
}

/** What the Network Information API says (Chromium only; other browsers say nothing). */
interface Connection {
  saveData?: boolean;
  effectiveType?: string;
}

/**
 * `/sw.js`, or `/sw.js?lite=1` (the worker precaches only the shell, pwa/sw/sw.ts) when the browser
 * says data is dear: Save-Data, or a 2G connection. A browser that has a worker keeps its URL: a
 * different one would install as an update and ask the member to reload.
 */
async function workerUrl(): Promise<string> {
  const registered = (await navigator.serviceWorker.getRegistration())?.active?.scriptURL;
  if (registered) {
    const url = new URL(registered);
    if (url.pathname === '/sw.js') return url.pathname + url.search;
  }
  const connection = (navigator as Navigator & { connection?: Connection }).connection;
  const dear = connection?.saveData === true || connection?.effectiveType === 'slow-2g' || connection?.effectiveType === '2g';
  return dear ? '/sw.js?lite=1' : '/sw.js';
}

/**
 * This page ran before any worker controlled it, so its chunks did not pass through one: once a worker
 * takes the page over, it is told which they were (pwa/sw/sw.ts KEEP_ASSETS), so the screen the visit
 * began on opens offline even when its code is not precached.
 */
async function handOverLoadedAssets(): Promise<void> {
  await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  const urls = performance.getEntriesByType('resource').map((entry) => entry.name);
  navigator.serviceWorker.controller?.postMessage({ type: 'KEEP_ASSETS', urls });
}
