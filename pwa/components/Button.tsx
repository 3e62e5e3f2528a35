import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { Ref } from 'react';
import {
  Button as RACButton,
  Link as RACLink,
  composeRenderProps,
  type ButtonProps as RACButtonProps,
  type LinkProps as RACLinkProps,
} from 'react-aria-components';
import { buttonClassName, type ButtonSize, type ButtonVariant } from './buttonClassName';

export { buttonClassName, type ButtonSize, type ButtonVariant };

interface ButtonStyleProps {
  /** Default 'primary'. */
  variant?: ButtonVariant;
  /** Default 'md'; 'icon' is a square button for an icon with an aria-label. */
  size?: ButtonSize;
}

export interface ButtonProps extends Omit<RACButtonProps, 'className'>, ButtonStyleProps {
  className?: string;
}

/**
 * The app's button. Screens pass the pending label as children, e.g.
 * `{isPending ? 'Saving...' : 'Save'}`. While `isPending` the button stays focusable (so focus is
 * not lost) but is aria-disabled, ignores presses and does not submit its form. RAC's own `isPending` is not used:
 * its progress announcement leaves a live-region node pointing at the button's id, which breaks
 * (axe: role-img-alt) as soon as the button unmounts, e.g. when a dialog closes after saving.
 */
export function Button({ variant, size, className, isPending, onPress, type, ...props }: ButtonProps) {
  return (
    <RACButton
      {...props}
      type={isPending ? 'button' : type}
      onPress={isPending ? undefined : onPress}
      aria-disabled={isPending || undefined}
      className={buttonClassName({ variant, size }, [isPending ? 'btn--pending' : '', className].filter(Boolean).join(' '))}
    />
  );
}

interface StyledLinkProps extends Omit<RACLinkProps, 'className'>, ButtonStyleProps {
  className?: string;
  ref?: Ref<HTMLAnchorElement>;
}

function StyledRACLink({ variant, size, className, ...props }: StyledLinkProps) {
  return (
    <RACLink
      {...props}
      className={composeRenderProps('', () => buttonClassName({ variant, size }, className))}
    />
  );
}

const RouterLinkButton = createLink(StyledRACLink);

/**
 * A router link that looks like a button: `<LinkButton to="/news" variant="secondary">…`. Takes
 * every TanStack `Link` prop (`to`, `params`, `search`, `preload`) plus `variant` and `size`.
 */
export const LinkButton: LinkComponent<typeof StyledRACLink> = (props) => <RouterLinkButton preload="intent" {...props} />;
