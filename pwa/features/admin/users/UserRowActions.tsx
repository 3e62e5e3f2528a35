import { useState } from 'react';
import type { User } from '../../../../contracts/auth';
import type { Role } from '../../../../contracts/common';
import type { UserApi } from '../../../api/users';
import { Badge } from '../../../components/Badge';
import { Button } from '../../../components/Button';
import { AlertDialog, Dialog } from '../../../components/Dialog';
import { ActionsMenu, type MenuAction } from '../../../components/Menu';
import { Select } from '../../../components/Select';
import { fullName } from '../../../lib/format';
import { useViewer } from '../../../session/viewer';
import { DeleteUserDialog } from './DeleteUserDialog';
import { isRole, ROLE_OPTIONS } from '../labels';
import { useResetTwoFactor, useSignOutUserEverywhere, useUserActive, useUserRole } from './userMutations';

export interface UserRowActionsProps {
  user: User;
  /** Which URL family deletes (the Users tab's or User Management's). */
  api: UserApi;
  onEdit: (user: User) => void;
}

/** True for the row of the admin who is looking (their own account). */
export function useIsSelf(user: User): boolean {
  return useViewer().user?.id === user.id;
}

/** 'You' beside the signed-in admin's own name in a users table. */
export function SelfBadge({ user }: { user: User }) {
  return useIsSelf(user) ? (
    <>
      {' '}
      <Badge tone="neutral">You</Badge>
    </>
  ) : null;
}

/**
 * A user row's actions, shared by the control panel's Users tab and User Management: one
 * 'Actions' menu with Edit, Change role…, Deactivate/Activate, Sign out everywhere, Reset two-step
 * sign-in… (when it is on) and Delete… (both ask for confirmation). The signed-in admin's own row has no Change role, Deactivate or
 * Delete: they would lock themself out mid-task, and the server refuses them anyway (409).
 */
export function UserRowActions({ user, api, onEdit }: UserRowActionsProps) {
  const isSelf = useIsSelf(user);
  const changeActive = useUserActive();
  const signOut = useSignOutUserEverywhere();
  const resetTwoFactor = useResetTwoFactor();
  const [dialog, setDialog] = useState<'role' | 'delete' | 'two-factor' | null>(null);
  const name = fullName(user);

  const actions: MenuAction[] = [
    { id: 'edit', label: 'Edit' },
    ...(isSelf
      ? []
      : [
          { id: 'role', label: 'Change role…' },
          { id: 'active', label: user.isActive ? 'Deactivate' : 'Activate' },
        ]),
    { id: 'sign-out', label: 'Sign out everywhere' },
    ...(user.twoFactorEnabled ? [{ id: 'two-factor', label: 'Reset two-step sign-in…' }] : []),
    ...(isSelf ? [] : [{ id: 'delete', label: 'Delete…', isDestructive: true }]),
  ];

  const onAction = (id: string) => {
    if (id === 'edit') onEdit(user);
    else if (id === 'role') setDialog('role');
    else if (id === 'active') changeActive.mutate({ id: user.id, isActive: !user.isActive });
    else if (id === 'sign-out') signOut.mutate(user.id);
    else if (id === 'delete') setDialog('delete');
    else if (id === 'two-factor') setDialog('two-factor');
  };

  return (
    <>
      <ActionsMenu
        label={`Actions for ${name}`}
        actions={actions}
        onAction={onAction}
        isPending={changeActive.isPending || signOut.isPending}
      />
      {dialog === 'role' ? <ChangeRoleDialog user={user} onClose={() => setDialog(null)} /> : null}
      <DeleteUserDialog user={dialog === 'delete' ? user : null} api={api} onClose={() => setDialog(null)} />
      <AlertDialog
        title="Reset two-step sign-in?"
        isOpen={dialog === 'two-factor'}
        onOpenChange={(isOpen) => {
          if (!isOpen) setDialog(null);
        }}
        actionLabel="Reset"
        pendingLabel="Resetting..."
        isPending={resetTwoFactor.isPending}
        onAction={() => resetTwoFactor.mutate(user.id, { onSuccess: () => setDialog(null) })}
      >
        {name} will sign in with their password alone and be signed out of every device. Their authenticator app and recovery codes stop
        working. Do this only when you are sure it is them asking (they lost their phone and their codes).
      </AlertDialog>
    </>
  );
}

function ChangeRoleDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const changeRole = useUserRole();
  const [role, setRole] = useState<Role>(user.role);
  const name = fullName(user);
  return (
    <Dialog
      title={`Change role for ${name}`}
      size="sm"
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
    >
      {(close) => (
        <>
          <Select
            label="Role"
            options={ROLE_OPTIONS}
            value={role}
            onChange={(key) => {
              if (isRole(key)) setRole(key);
            }}
            isDisabled={changeRole.isPending}
          />
          <p>Changing the role signs {name} out of every device.</p>
          <div className="dialog__actions">
            <Button variant="secondary" onPress={close} isDisabled={changeRole.isPending}>
              Cancel
            </Button>
            <Button
              isPending={changeRole.isPending}
              isDisabled={role === user.role}
              onPress={() => changeRole.mutate({ id: user.id, role }, { onSuccess: close })}
            >
              {changeRole.isPending ? 'Saving...' : 'Save Role'}
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
}
