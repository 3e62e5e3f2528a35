import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DeleteDialog } from '../../../components/Dialog';
import { EmptyState } from '../../../components/EmptyState';
import { LoadFailure } from '../../content';
import { TableSkeleton } from '../TableSkeleton';

/**
 * The states of a control-panel list (categories, shows): loading, failed (offline: managing needs a
 * connection), empty with the screen's own text, then the rows. One place for all of them.
 */
export function AdminListStates<T>({
  query,
  loading,
  failure,
  empty,
  children,
}: {
  query: UseQueryResult<T[]>;
  /** The skeleton's accessible name, e.g. 'Loading categories'. */
  loading: string;
  failure: string;
  empty: string;
  children: (rows: T[]) => ReactNode;
}) {
  if (query.isPending) return <TableSkeleton label={loading} />;
  if (query.isError) return <LoadFailure what="admin" error={query.error} title={failure} retry={() => void query.refetch()} />;
  if (query.data.length === 0) return <EmptyState title={empty} />;
  return children(query.data);
}

/** 'Delete {name}?' for the item chosen from a row's actions menu; closed while `item` is null. */
export function ConfirmDeleteDialog<T extends { name: string }>({
  item,
  what,
  isPending,
  onConfirm,
  onClose,
  children,
}: {
  item: T | null;
  /** Named in the title while the dialog closes ('Delete category?'). */
  what: string;
  isPending: boolean;
  onConfirm: (item: T) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <DeleteDialog
      title={item ? `Delete ${item.name}?` : `Delete ${what}?`}
      isOpen={item !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      isPending={isPending}
      onAction={() => {
        if (item) onConfirm(item);
      }}
    >
      {children}
    </DeleteDialog>
  );
}
