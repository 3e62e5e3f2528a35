import { useState, type ReactNode } from 'react';
import { BackLink } from '../../components/BackLink';
import { Button, LinkButton } from '../../components/Button';
import { useViewer } from '../../session/viewer';
import './admin.css';

export interface AdminPageProps {
  title: string;
  description: string;
  /**
   * Who may use the page (spec 6): 'admin' for user, menu and category management; 'editor' (editors
   * and admins) for the control panel and the Main Page panel. Others see 'Access Denied'; the server
   * refuses them anyway, so nothing inside is rendered (or fetched) for them.
   */
  allow: 'admin' | 'editor';
  /** A link back to the control panel (the sub-pages have one). */
  showBackLink?: boolean;
  actions?: ReactNode;
  children: ReactNode;
}

/** The frame of every admin screen: heading, optional back link and actions, and the role gate. */
export function AdminPage({ title, description, allow, showBackLink = false, actions, children }: AdminPageProps) {
  const viewer = useViewer();
  const isAllowed = allow === 'admin' ? viewer.isAdmin : viewer.isEditor;
  return (
    <div className="admin-page">
      {showBackLink && isAllowed ? (
        <BackLink to="/admin">Back to Admin</BackLink>
      ) : null}
      <header className="page-header heading-row">
        <div>
          <h1>{title}</h1>
          {isAllowed ? <p>{description}</p> : null}
        </div>
        {isAllowed && actions ? <div className="admin-page__actions">{actions}</div> : null}
      </header>
      {isAllowed ? children : <AccessDenied allow={allow} />}
    </div>
  );
}

/** Which item a screen's form dialog is open on: none, a new one, or one from its rows. */
export function useEditing<T>() {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  return {
    edit: (item: T) => setEditing(item),
    startNew: () => setEditing('new'),
    /** What the form dialog takes: its item (null for a new one), whether it is open, and its closing. */
    dialog: {
      item: editing === 'new' ? null : editing,
      isOpen: editing !== null,
      onOpenChange: (isOpen: boolean) => {
        if (!isOpen) setEditing(null);
      },
    },
  };
}

export type Editing<T> = ReturnType<typeof useEditing<T>>;

/**
 * An admins' management screen (categories, shows, users): the frame with its back link and an Add
 * button that opens the screen's form dialog on a new item; the rows open it on theirs.
 */
export function AdminListPage<T>({
  title,
  description,
  addLabel,
  children,
}: {
  title: string;
  description: string;
  addLabel: string;
  children: (editing: Editing<T>) => ReactNode;
}) {
  const editing = useEditing<T>();
  return (
    <AdminPage title={title} description={description} allow="admin" showBackLink actions={<Button onPress={editing.startNew}>{addLabel}</Button>}>
      {children(editing)}
    </AdminPage>
  );
}

function AccessDenied({ allow }: { allow: 'admin' | 'editor' }) {
  return (
    <section className="access-denied" aria-labelledby="access-denied-title">
      <h2 id="access-denied-title">Access Denied</h2>
      <p>
        {allow === 'admin'
          ? 'Only administrators can use this page.'
          : 'Only editors and administrators can use this page.'}
      </p>
      <LinkButton to="/">Go to Home Page</LinkButton>
    </section>
  );
}
