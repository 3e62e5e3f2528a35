import type { User } from '../../../../contracts/auth';
import type { UserApi } from '../../../api/users';
import { DeleteDialog } from '../../../components/Dialog';
import { fullName } from '../../../lib/format';
import { useDeleteUser } from './userMutations';

export interface DeleteUserDialogProps {
  /** The user to delete; null keeps the dialog closed. */
  user: User | null;
  api: UserApi;
  onClose: () => void;
}

/** Spec 5: deleting a user needs a confirmation (an accessible alert dialog, not window.confirm). */
export function DeleteUserDialog({ user, api, onClose }: DeleteUserDialogProps) {
  const remove = useDeleteUser(api);
  return (
    <DeleteDialog
      title={user ? `Delete ${fullName(user)}?` : 'Delete user?'}
      isOpen={user !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      isPending={remove.isPending}
      onAction={() => {
        if (user) remove.mutate(user.id, { onSettled: onClose });
      }}
    >
      <p>Are you sure you want to delete this user? This action cannot be undone.</p>
    </DeleteDialog>
  );
}
