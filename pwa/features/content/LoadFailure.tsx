import { PlainButton } from '../../components/PlainButton';
import { EmptyState } from '../../components/EmptyState';
import { OfflineNotice, type OfflineWhat } from '../../components/OfflineNotice';
import { OfflineError } from '../../lib/errors';

export interface LoadFailureProps {
  /** The query's error. */
  error: unknown;
  /** What failed, said when the device is online: 'Users could not be loaded.' */
  title: string;
  retry: () => void;
  /** Offline: the OfflineNotice's words and heading level (a list under a section's heading by default). */
  what?: OfflineWhat;
  level?: 1 | 2 | 3;
}

/**
 * A list or page that could not be loaded: offline, the one offline notice every screen shows
 * (docs/offline.md, "Offline wording"), since "Try again" cannot help there; otherwise what failed
 * and Try again.
 */
export function LoadFailure({ error, title, retry, what = 'list', level = 3 }: LoadFailureProps) {
  if (error instanceof OfflineError) return <OfflineNotice what={what} level={level} />;
  return (
    <EmptyState
      title={title}
      action={
        <PlainButton variant="secondary" onPress={retry}>
          Try again
        </PlainButton>
      }
    />
  );
}
