import { useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** /theme.js set data-theme from localStorage before first paint; this reads that answer. */
const currentTheme = (): Theme => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light');

/** Applies a theme at once and remembers it in localStorage.theme. */
function setTheme(next: Theme): void {
  document.documentElement.dataset.theme = next;
  try {
    localStorage.setItem('theme', next);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
  listeners.forEach((listener) => listener());
}

/**
 * The theme and its setter. The server does not know the visitor's choice: a page it rendered says
 * light, and the browser puts the real one right as soon as the page is live (the colours were right
 * from the first paint: /theme.js).
 */
export function useTheme(): [Theme, (theme: Theme) => void] {
  return [useSyncExternalStore(subscribe, currentTheme, () => 'light'), setTheme];
}
