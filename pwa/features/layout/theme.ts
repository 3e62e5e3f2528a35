import { useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';

const DEVICE_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

function storedChoice(): Theme | null {
  try {
    const stored = localStorage.getItem('theme');
    return stored === 'dark' || stored === 'light' ? stored : null;
  } catch {
    return null;
  }
}

function apply(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  listeners.forEach((listener) => listener());
}

/** Until the member chooses, a change of the device's setting applies at once. */
function onDeviceChange(event: MediaQueryListEvent): void {
  if (storedChoice() === null) apply(event.matches ? 'dark' : 'light');
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const media = typeof matchMedia === 'function' ? matchMedia(DEVICE_QUERY) : null;
  if (listeners.size === 1) media?.addEventListener('change', onDeviceChange);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) media?.removeEventListener('change', onDeviceChange);
  };
};

/** /theme.js set data-theme (the stored choice, else the device's) before first paint; this reads that answer. */
const currentTheme = (): Theme => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light');

/** Applies a theme at once and remembers it in localStorage.theme: from then on it wins over the device. */
function setTheme(next: Theme): void {
  try {
    localStorage.setItem('theme', next);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
  apply(next);
}

/**
 * The theme and its setter. The server does not know the visitor's choice or device: a page it rendered
 * says light, and the browser puts the real one right as soon as the page is live (the colours were
 * right from the first paint: /theme.js).
 */
export function useTheme(): [Theme, (theme: Theme) => void] {
  return [useSyncExternalStore(subscribe, currentTheme, () => 'light'), setTheme];
}
