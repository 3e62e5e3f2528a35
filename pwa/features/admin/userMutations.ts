import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Role } from '../../../contracts/common';
import {
  inviteUser,
  issueInvitationLink,
  revokeInvitation,
  setUserActive,
  setUserRole,
  signOutUserEverywhere,
  userListKeys,
  userQueries,
  type UserApi,
} from '../../api/users.queries';
import { errorToast, toast } from '../../components/Toast';

/* User and invitation writes of the control panel's Users tab and the User Management screen. */


/** Both URL families list the same users: any change refreshes every cached list. */
export function usersChanged(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(userListKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) => setUserRole(id, role),
    onSuccess: async () => {
      toast({ title: 'User role updated successfully!' });
      await usersChanged(queryClient);
    },
    onError: (error) => errorToast(error, 'Failed to update user role.'),
  });
}

export function useUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) => setUserActive(id, isActive),
    onSuccess: async () => {
      toast({ title: 'User status updated successfully!' });
      await usersChanged(queryClient);
    },
    onError: (error) => errorToast(error, 'Failed to update user status.'),
  });
}

export function useSignOutUserEverywhere() {
  return useMutation({
    mutationFn: (id: string) => signOutUserEverywhere(id),
    onSuccess: () => toast({ title: 'User signed out everywhere.' }),
    onError: (error) => errorToast(error, 'Failed to sign the user out.'),
  });
}

export function useDeleteUser(api: UserApi) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.remove(id),
    onSuccess: async () => {
      toast({ title: 'User deleted successfully!' });
      await usersChanged(queryClient);
    },
    onError: (error) => errorToast(error, 'Failed to delete user.'),
  });
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUser,
    onSuccess: async () => {
      toast({ title: 'User invitation sent successfully!' });
      await queryClient.invalidateQueries({ queryKey: userQueries.invitations().queryKey });
    },
    onError: (error) => errorToast(error, 'Failed to send invitation. Please try again.'),
  });
}

/** A new link for a pending invitation (the admin lost it, or it expired); the old one stops working. */
export function useIssueInvitationLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueInvitationLink,
    onSuccess: async () => {
      toast({ title: 'New invitation link created.' });
      await queryClient.invalidateQueries({ queryKey: userQueries.invitations().queryKey });
    },
    onError: (error) => errorToast(error, 'Failed to create a new invitation link.'),
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: async () => {
      toast({ title: 'Invitation revoked successfully!' });
      await queryClient.invalidateQueries({ queryKey: userQueries.invitations().queryKey });
    },
    onError: (error) => errorToast(error, 'Failed to revoke invitation.'),
  });
}
