import type { ReactNode } from 'react';
import { BackLink } from '../../components/BackLink';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Skeleton, SkeletonGroup } from '../../components/Skeleton';
import './editor.css';

export interface EditorPageProps {
  title: string;
  description: string;
  /** Left out where the page's own button already leads back (a missing item): one way back, not two. */
  back?: { to: '/news' | '/podcasts'; label: string };
  /** Page-level actions beside the heading, e.g. Delete. */
  actions?: ReactNode;
  children: ReactNode;
}

/** The frame of the create/edit pages: back link, heading, actions, then the form. */
export function EditorPage({ title, description, back, actions, children }: EditorPageProps) {
  return (
    <div className="editor-page">
      {back ? <BackLink to={back.to}>{back.label}</BackLink> : null}
      <header className="page-header heading-row">
        <div>
          <h1>{title}</h1>
          {description ? <p>{description}</p> : null}
        </div>
        {actions ? <div className="editor-page__actions">{actions}</div> : null}
      </header>
      <div className="editor-page__body">{children}</div>
    </div>
  );
}

export function EditorSkeleton({ label }: { label: string }) {
  return (
    <SkeletonGroup label={label} className="editor-page__skeleton">
      <Skeleton width="30%" />
      <Skeleton width="100%" height="2.75rem" />
      <Skeleton width="30%" />
      <Skeleton width="100%" height="6rem" />
      <Skeleton width="30%" />
      <Skeleton width="100%" height="12rem" />
    </SkeletonGroup>
  );
}

/** A load that failed for another reason than "not found". */
export function EditorLoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <EmptyState
      title={`The ${what} could not be loaded.`}
      action={
        <Button variant="secondary" onPress={onRetry}>
          Try again
        </Button>
      }
    />
  );
}
