import type { ReactNode } from 'react';
import { readableTextColor } from '../lib/color';

/** Named tones; role badges use blue (subscriber), green (contributor), purple (editor), red (admin). */
export type BadgeTone = 'neutral' | 'blue' | 'green' | 'purple' | 'red' | 'amber';

export interface BadgeProps {
  children: ReactNode;
  /** A category colour (#rgb/#rrggbb) used as the background; text is black or white for contrast. */
  color?: string;
  /** Used when no `color` is given. Default 'neutral'. */
  tone?: BadgeTone;
  className?: string;
}

/** A small non-interactive label: category, status, role, 'Featured'… */
export function Badge({ children, color, tone = 'neutral', className }: BadgeProps) {
  const style = color ? { backgroundColor: color, color: readableTextColor(color), borderColor: 'transparent' } : undefined;
  return (
    <span className={['badge', color ? 'badge--custom' : `badge--${tone}`, className].filter(Boolean).join(' ')} style={style}>
      {children}
    </span>
  );
}

export const ROLE_TONES = {
  subscriber: 'blue',
  contributor: 'green',
  editor: 'purple',
  admin: 'red',
} as const satisfies Record<string, BadgeTone>;
