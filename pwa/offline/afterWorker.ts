/**
 * When the device store's code (Dexie) may load without costing the first visit twice
 * (docs/performance.md, "First visit on a phone"). On a first visit the service worker, registered
 * once the page is idle, precaches every chunk, Dexie's too, and then takes the page over
 * (clientsClaim): from then on the chunk comes from the precache, not the network. So the store's
 * background work (keeping the answers the page showed, the queue's live view, listening positions)
 * waits for that moment, or for word that no worker will come (none in this browser, the dev server,
 * registration refused), or the member's first tap or key (what they do next may need the store at
 * once: Save, a queued write, play from where they stopped), or at most LIMIT_MS. A page the worker
 * already controls (every visit after the first) waits for nothing, nor does a device that already
 * holds the app's databases (a reload before the worker took over, with writes waiting in the queue:
 * their count must show at once, and Dexie was downloaded before anyway).
 */
const DATABASES = ['ledger-cache', 'ledger-outbox'];
const LIMIT_MS = 20_000;

let settle: (() => void) | undefined;
let ready: Promise<void> | undefined;

export function storeMayLoad(): Promise<void> {
  ready ??= new Promise<void>((resolve) => {
    settle = resolve;
    const workers = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    if (!import.meta.env.PROD || !workers || workers.controller) return resolve();
    // Listing the databases needs no Dexie (Chromium, Safari 14+, Firefox 126+; elsewhere: wait as above).
    void indexedDB
      ?.databases?.()
      .then((existing) => existing.some((database) => DATABASES.includes(database.name ?? '')) && resolve())
      .catch(() => undefined);
    workers.addEventListener('controllerchange', () => resolve(), { once: true });
    for (const type of ['pointerdown', 'keydown'] as const) addEventListener(type, () => resolve(), { once: true, capture: true, passive: true });
    setTimeout(resolve, LIMIT_MS);
  });
  return ready;
}

/**
 * Nothing more to wait for: said by the worker's registration (UpdatePrompt) when it fails or ends
 * redundant, and by a screen that is the store's own content (Saved), which would otherwise show its
 * skeleton until the worker took over (seconds on a first visit to /saved).
 */
export function stopWaiting(): void {
  if (ready) settle?.();
  else ready = Promise.resolve();
}
