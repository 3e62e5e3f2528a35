import { MoonIcon, SunIcon } from '../../components/icons';
import { PlainToggleButton } from '../../components/PlainButton';
import { useTheme } from './theme';

/** A pressed/not-pressed 'Dark theme' button; until pressed the theme follows the device (theme.ts). */
export function ThemeToggle() {
  const [theme, setTheme] = useTheme();
  const isDark = theme === 'dark';
  return (
    <PlainToggleButton
      appearance="icon"
      aria-label="Dark theme"
      isSelected={isDark}
      onChange={(selected) => setTheme(selected ? 'dark' : 'light')}
    >
      {isDark ? <MoonIcon /> : <SunIcon />}
    </PlainToggleButton>
  );
}
