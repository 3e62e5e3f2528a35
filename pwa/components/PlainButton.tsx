import { createLink, type LinkComponent } from '@tanstack/react-router';
import {
  useState,
  type AnchorHTMLAttributes,
  type ButtonHTMLAttributes,
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type Ref,
} from 'react';
import { buttonClassName, type ButtonSize, type ButtonVariant } from './buttonClassName';
import { readableTextColor } from '../lib/color';

/**
 * Button, LinkButton and ToggleButton for what the first page draws (the header, the cards, the home
 * and /news lists) without React Aria: plain `<button>`/`<a>` elements with the same classes, roles,
 * names and keyboard use, and the state attributes the styles read from React Aria's components
 * (data-hovered, data-pressed, data-focus-visible, data-disabled, data-selected). React Aria
 * then loads with the first screen or dialog that needs it, not with every first visit
 * (docs/performance.md, "2026-11-28: the first page under 200 KB"). Anywhere else, and always inside a
 * React Aria trigger (DialogTrigger, MenuTrigger…, whose child must be React Aria's Button), use
 * components/Button.tsx and components/ToggleButton.tsx.
 */

interface ButtonStyleProps {
  /** Default 'primary'. */
  variant?: ButtonVariant;
  /** Default 'md'; 'icon' is a square button for an icon with an aria-label. */
  size?: ButtonSize;
}

type Handlers<E extends HTMLElement> = {
  onPointerEnter?: (event: PointerEvent<E>) => void;
  onPointerLeave?: (event: PointerEvent<E>) => void;
  onPointerDown?: (event: PointerEvent<E>) => void;
  onPointerUp?: (event: PointerEvent<E>) => void;
  onPointerCancel?: (event: PointerEvent<E>) => void;
  onKeyDown?: (event: KeyboardEvent<E>) => void;
  onKeyUp?: (event: KeyboardEvent<E>) => void;
  onFocus?: (event: FocusEvent<E>) => void;
  onBlur?: (event: FocusEvent<E>) => void;
};

/**
 * React Aria's hover, press and focus-visible states as data attributes: hover by a mouse or pen only
 * (not the emulated hover after a touch), pressed while a pointer or Space/Enter holds it down,
 * focus-visible when the browser's own `:focus-visible` matches (focus by keyboard). Calls the
 * element's own handlers (`own`, e.g. the router link's) as well.
 */
function useInteractionState<E extends HTMLElement>(isDisabled: boolean, own: Handlers<E>) {
  const [hovered, setHovered] = useState(false);
  const [pressed, setPressed] = useState(false);
  const [focusVisible, setFocusVisible] = useState(false);
  const handlers: Required<Handlers<E>> = {
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event);
      if (event.pointerType !== 'touch') setHovered(true);
    },
    onPointerLeave: (event) => {
      own.onPointerLeave?.(event);
      setHovered(false);
      setPressed(false);
    },
    onPointerDown: (event) => {
      own.onPointerDown?.(event);
      if (event.button === 0) setPressed(true);
    },
    onPointerUp: (event) => {
      own.onPointerUp?.(event);
      setPressed(false);
    },
    onPointerCancel: (event) => {
      own.onPointerCancel?.(event);
      setPressed(false);
    },
    onKeyDown: (event) => {
      own.onKeyDown?.(event);
      if ((event.key === ' ' || event.key === 'Enter') && !event.repeat) setPressed(true);
    },
    onKeyUp: (event) => {
      own.onKeyUp?.(event);
      setPressed(false);
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      setFocusVisible(event.currentTarget.matches(':focus-visible'));
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      setFocusVisible(false);
      setPressed(false);
    },
  };
  const attributes = {
    'data-hovered': (hovered && !isDisabled) || undefined,
    'data-pressed': (pressed && !isDisabled) || undefined,
    'data-focus-visible': focusVisible || undefined,
    'data-disabled': isDisabled || undefined,
  };
  return { handlers, attributes };
}

type NativeButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className' | 'disabled' | 'onClick' | 'type' | 'style'>;

export interface PlainButtonProps extends NativeButtonProps, ButtonStyleProps {
  className?: string;
  style?: CSSProperties;
  /** The button's action, by pointer, Enter or Space (a click). */
  onPress?: () => void;
  isDisabled?: boolean;
  /** As components/Button.tsx: focusable but aria-disabled, ignores presses and does not submit. */
  isPending?: boolean;
  /** Default 'button', as React Aria's. */
  type?: 'button' | 'submit' | 'reset';
  ref?: Ref<HTMLButtonElement>;
}

/** A `<button>` with the interaction state's data attributes, disabled as React Aria's is. */
function StatefulButton({ isDisabled, ...props }: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled'> & { isDisabled: boolean; ref?: Ref<HTMLButtonElement> }) {
  const { handlers, attributes } = useInteractionState(isDisabled, props);
  return <button {...props} {...handlers} {...attributes} disabled={isDisabled || undefined} />;
}

/** components/Button.tsx's look and behaviour as a plain `<button>` (see above). */
export function PlainButton({ variant, size, className, isPending, isDisabled = false, onPress, type = 'button', ...props }: PlainButtonProps) {
  return (
    <StatefulButton
      {...props}
      isDisabled={isDisabled}
      type={isPending ? 'button' : type}
      aria-disabled={isPending || undefined}
      onClick={isPending || !onPress ? undefined : () => onPress()}
      className={buttonClassName({ variant, size }, [isPending ? 'btn--pending' : '', className].filter(Boolean).join(' '))}
    />
  );
}

interface StyledAnchorProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'className'>, ButtonStyleProps {
  className?: string;
  ref?: Ref<HTMLAnchorElement>;
}

function StyledAnchor({ variant, size, className, ...props }: StyledAnchorProps) {
  const { handlers, attributes } = useInteractionState<HTMLAnchorElement>(false, props);
  const { 'data-disabled': _unused, ...linkAttributes } = attributes;
  return <a {...props} {...handlers} {...linkAttributes} className={buttonClassName({ variant, size }, className)} />;
}

const RouterAnchorButton = createLink(StyledAnchor);

/** components/Button.tsx's LinkButton as a plain router `<a>`: every TanStack `Link` prop plus `variant` and `size`. */
export const PlainLinkButton: LinkComponent<typeof StyledAnchor> = (props) => <RouterAnchorButton preload="intent" {...props} />;

export interface PlainToggleButtonProps extends Omit<NativeButtonProps, 'onChange'> {
  /** As components/ToggleButton.tsx: 'chip' (default), 'icon' or 'tile'. */
  appearance?: 'chip' | 'icon' | 'tile';
  /** A category colour: the selected chip fills with it (text colour picked for contrast). */
  color?: string;
  className?: string;
  style?: CSSProperties;
  isSelected: boolean;
  onChange?: (isSelected: boolean) => void;
  isDisabled?: boolean;
}

/** components/ToggleButton.tsx as a plain `<button aria-pressed>` (controlled: `isSelected` and `onChange`). */
export function PlainToggleButton({ appearance = 'chip', color, className, style, isSelected, onChange, isDisabled = false, ...props }: PlainToggleButtonProps) {
  return (
    <StatefulButton
      {...props}
      isDisabled={isDisabled}
      type="button"
      aria-pressed={isSelected}
      data-selected={isSelected || undefined}
      onClick={() => onChange?.(!isSelected)}
      className={['toggle', `toggle--${appearance}`, className].filter(Boolean).join(' ')}
      style={color ? ({ ...style, '--chip-color': color, '--chip-text': readableTextColor(color) } as CSSProperties) : style}
    />
  );
}
