import { useCallback, useState } from 'react';

export type Theme = 'light' | 'dark';

/** /theme.js set data-theme from localStorage before first paint; this reads that answer. */
function currentTheme(): Theme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

/** The theme and a setter that applies it at once and remembers it in localStorage.theme. */
export function useTheme(): [Theme, (theme: Theme) => void] {
  const [theme, setThemeState] = useState<Theme>(currentTheme);
  const setTheme = useCallback((next: Theme) => {
    document.documentElement.dataset.theme = next;
    try {
      localStorage.setItem('theme', next);
    } catch {
      // storage unavailable: the choice lasts for this page only
    }
    setThemeState(next);
  }, []);
  return [theme, setTheme];
}
