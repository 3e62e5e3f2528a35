import { ToggleButton } from '../../components/ToggleButton';
import { useTheme } from './theme';

/** A pressed/not-pressed 'Dark theme' button; light is the default. */
export function ThemeToggle() {
  const [theme, setTheme] = useTheme();
  const isDark = theme === 'dark';
  return (
    <ToggleButton
      appearance="icon"
      aria-label="Dark theme"
      isSelected={isDark}
      onChange={(selected) => setTheme(selected ? 'dark' : 'light')}
    >
      {isDark ? (
        <svg viewBox="0 0 24 24" className="icon" aria-hidden="true" focusable="false">
          <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" fill="currentColor" />
        </svg>
      ) : (
        <svg viewBox="0 0 24 24" className="icon" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="4.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path
            d="M12 2v2.5M12 19.5V22M2 12h2.5M19.5 12H22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      )}
    </ToggleButton>
  );
}
