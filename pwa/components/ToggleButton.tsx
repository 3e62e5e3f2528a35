import {
  ToggleButton as RACToggleButton,
  composeRenderProps,
  type ToggleButtonProps as RACToggleButtonProps,
} from 'react-aria-components';
import { readableTextColor } from '../lib/color';

export interface ToggleButtonProps extends Omit<RACToggleButtonProps, 'className'> {
  /**
   * 'chip' (default) for filter chips; 'icon' for a square icon toggle with an aria-label; 'tile'
   * for a larger toggle whose screen lays out its content (the podcast hub's show tiles).
   */
  appearance?: 'chip' | 'icon' | 'tile';
  /** A category colour: the selected chip fills with it (text colour picked for contrast). */
  color?: string;
  className?: string;
}

/**
 * A pressed/not-pressed button (aria-pressed), e.g. a category filter chip:
 * `<ToggleButton isSelected={on} onChange={setOn} color={category.color}>{category.name}</ToggleButton>`.
 */
export function ToggleButton({ appearance = 'chip', color, className, style, ...props }: ToggleButtonProps) {
  return (
    <RACToggleButton
      {...props}
      className={['toggle', `toggle--${appearance}`, className].filter(Boolean).join(' ')}
      style={composeRenderProps(style, (base) =>
        color ? { ...base, '--chip-color': color, '--chip-text': readableTextColor(color) } : base,
      )}
    />
  );
}
