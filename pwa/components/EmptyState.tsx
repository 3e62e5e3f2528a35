import type { ReactNode } from 'react';

export interface EmptyStateProps {
  /** The spec's empty text, e.g. 'No articles found matching your criteria.' */
  title: ReactNode;
  description?: ReactNode;
  /** A button or link, e.g. 'Clear Filters'. */
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ title, description, action, className }: EmptyStateProps) {
  return (
    <div className={['empty-state', className].filter(Boolean).join(' ')}>
      <p className="empty-state__title">{title}</p>
      {description ? <p className="empty-state__description">{description}</p> : null}
      {action ? <div className="empty-state__action">{action}</div> : null}
    </div>
  );
}
