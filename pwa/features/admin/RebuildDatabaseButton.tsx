import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SEED_MESSAGES } from '../../../contracts/admin';
import { seedDatabase } from '../../api/admin.queries';
import { Button } from '../../components/Button';
import { AlertDialog } from '../../components/Dialog';
import { errorToast, toast } from '../../components/Toast';

/**
 * 'Rebuild DB' (spec 2, admins): after a confirmation, replaces the content with fresh sample data.
 * Outlined in the danger colour, in the control panel's Danger zone.
 * Every cached answer is then out of date, so all of them are refetched (the signed-in user too:
 * admin accounts survive a rebuild, so it stays valid).
 */
export function RebuildDatabaseButton() {
  const queryClient = useQueryClient();
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const rebuild = useMutation({
    mutationFn: () => seedDatabase(true),
    onSuccess: async (result) => {
      setConfirmOpen(false);
      if (result.alreadySeeded) {
        toast({ title: 'Already Seeded', description: result.message || SEED_MESSAGES.alreadySeeded });
      } else {
        toast({ title: result.message || SEED_MESSAGES.seeded });
      }
      await queryClient.invalidateQueries();
    },
    onError: (error) => {
      setConfirmOpen(false);
      errorToast(error, 'Failed to seed database.');
    },
  });

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
