import type { ReactNode } from 'react';
import { PlainLinkButton } from './PlainButton';
import { ArrowLeftIcon } from './icons';

export interface BackLinkProps {
  /** Where it leads: the list or panel the screen belongs to. */
  to: '/news' | '/podcasts' | '/forums' | '/admin' | '/community' | '/notifications';
  /** The spec's text, e.g. 'Back to News'. */
  children: ReactNode;
}

/** The 'Back to …' link above a detail, editor or admin screen's heading. */
export function BackLink({ to, children }: BackLinkProps) {
  return (
    <PlainLinkButton to={to} variant="ghost" size="sm" className="back-link">
      <ArrowLeftIcon />
      {children}
    </PlainLinkButton>
  );
}
