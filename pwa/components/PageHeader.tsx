import type { ReactNode } from 'react';

/**
 * A screen's h1 with its one-line description, and the screen's own controls beside them
 * (`actions`; `actionsAtEnd` lines them up with the description's last line rather than the title).
 */
export function PageHeader({ title, description, actions, actionsAtEnd = false }: { title: ReactNode; description?: ReactNode; actions?: ReactNode; actionsAtEnd?: boolean }) {
  return (
    <header className={actionsAtEnd ? 'page-header heading-row heading-row--end' : 'page-header heading-row'}>
      <div>
        <h1>{title}</h1>
        {description ? <p>{description}</p> : null}
      </div>
      {actions}
    </header>
  );
}
