import { useState } from 'react';
import { Button } from '../../components/Button';
import { AlertDialog } from '../../components/Dialog';
import { useRebuildDatabase } from './siteMutations';

/**
 * 'Rebuild DB' (spec 2, admins): after a confirmation, replaces the content with fresh sample data.
 * Outlined in the danger colour, in the control panel's Danger zone.
 */
export function RebuildDatabaseButton() {
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const rebuild = useRebuildDatabase(() => setConfirmOpen(false));

  return (
    <>
      <Button variant="secondary" className="btn--danger-outline" onPress={() => setConfirmOpen(true)} isPending={rebuild.isPending}>
        {rebuild.isPending ? 'Rebuilding...' : 'Rebuild DB'}
      </Button>
      <AlertDialog
        title="Rebuild the database?"
        isOpen={isConfirmOpen}
        onOpenChange={setConfirmOpen}
        actionLabel="Rebuild Database"
        pendingLabel="Rebuilding..."
        isPending={rebuild.isPending}
        onAction={() => rebuild.mutate()}
      >
        <p>
          All existing articles, podcasts, resources, forums and community members will be deleted and fresh sample data
          added. Admin accounts are preserved.
        </p>
        <p>This cannot be undone.</p>
      </AlertDialog>
    </>
  );
}
