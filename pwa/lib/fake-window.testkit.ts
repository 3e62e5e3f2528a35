/**
 * The page's globals for the PWA's unit tests, which run in Node (with fake-indexeddb for IndexedDB):
 * `window`, its event methods, a `localStorage` kept in the returned map, what react-aria reads when
 * the outbox's toast is loaded, and, when given, a `navigator` (onLine, storage…). Call it before
 * importing the modules under test: some read these when they load.
 */
export function fakeWindow({ navigator }: { navigator?: object } = {}): Map<string, string> {
  const storage = new Map<string, string>();
  Object.assign(globalThis, {
    window: globalThis,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    screen: { orientation: { angle: 0 } },
    visualViewport: { width: 412, height: 823 },
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    },
  });
  if (navigator) Object.defineProperty(globalThis, 'navigator', { value: navigator, configurable: true });
  return storage;
}
