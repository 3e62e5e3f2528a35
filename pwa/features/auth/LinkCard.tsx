import type { ReactNode } from 'react';
import { Card } from '../../components/Card';
import { Skeleton, SkeletonGroup } from '../../components/Skeleton';
import './auth.css';

/**
 * The single card a mailed or shared link opens on (email confirmation, password reset,
 * invitation); `titleId` is the id of the card's h1, which names it.
 */
export function LinkPage({ titleId, children }: { titleId: string; children: ReactNode }) {
  return (
    <div className="auth-page">
      <Card as="section" className="auth-card" aria-labelledby={titleId}>
        {children}
      </Card>
    </div>
  );
}

/**
 * What became of the link: its outcome as the card's title, the message (an alert when the link
 * cannot be used, else a status), anything more to say, and where to go next.
 */
export function LinkOutcome({
  titleId,
  title,
  message,
  refused = false,
  children,
  actions,
}: {
  titleId: string;
  title: string;
  message: string;
  refused?: boolean;
  children?: ReactNode;
  actions: ReactNode;
}) {
  return (
    <>
      <div className="auth-card__header">
        <h1 id={titleId}>{title}</h1>
        <p role={refused ? 'alert' : 'status'}>{message}</p>
        {children}
      </div>
      <div className="auth-card__footer auth-card__actions">{actions}</div>
    </>
  );
}

/** While the link is checked: the title for screen readers, a heading line and `fields` field-sized lines. */
export function LinkSkeleton({ titleId, title, label, fields }: { titleId: string; title: string; label: string; fields: number }) {
  return (
    <>
      <h1 id={titleId} className="visually-hidden">
        {title}
      </h1>
      <SkeletonGroup label={label}>
        <Skeleton width="80%" height="2rem" />
        {Array.from({ length: fields }, (_, i) => (
          <Skeleton key={i} width="100%" height="2.5rem" />
        ))}
      </SkeletonGroup>
    </>
  );
}
