import type { HTMLAttributes, ReactNode } from 'react';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** The element to render; 'article' for a piece of content in a list. Default 'div'. */
  as?: 'article' | 'div' | 'section' | 'li';
  /** Raised on hover and focus-within, for cards that link somewhere. */
  isInteractive?: boolean;
  children: ReactNode;
}

/**
 * A surface with a border. Inside, use the classes `card__media` (full-bleed image box, 16:9),
 * `card__body`, `card__meta`, `card__title`, `card__text` and `card__footer`. For a whole-card
 * link, give the title link the class `card__link`: its hit area covers the card while other
 * controls (like buttons) stay clickable above it.
 */
export function Card({ as: Element = 'div', isInteractive, className, children, ...rest }: CardProps) {
  return (
    <Element {...rest} className={['card', isInteractive ? 'card--interactive' : '', className].filter(Boolean).join(' ')}>
      {children}
    </Element>
  );
}
