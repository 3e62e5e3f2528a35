import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '../../../../contracts/common';
import {
  invalidateInvitations,
  invalidateUsers,
  inviteUser,
  issueInvitationLink,
  resendInvitation,
  revokeInvitation,
  setUserActive,
  setUserRole,
  signOutUserEverywhere,
  type UserApi,
  type UserCreateFields,
  type UserUpdateFields,
  userApi,
} from '../../../api/users';
import { resetMemberTwoFactor } from '../../../api/two-factor';
import { errorToast, toast } from '../../../components/Toast';

/* User and invitation writes of the control panel's Users tab and the User Management screen. */

/**
 * 'panel': the control panel's Users tab (/api/users/*): job title, company, bio, 'User can access
 * the platform' and a profile image. 'management': the User Management screen (/api/admin/users*):
 * a status choice and optional title and company (spec 2).
 */
export type UserFormVariant = keyof typeof userApi;

const SAVE_FAILURES: Record<UserFormVariant, { create: string; update: string }> = {
  panel: { create: 'Failed to create user. Please try again.', update: 'Failed to update user.' },
  management: { create: 'Failed to create user.', update: 'Failed to update user.' },
};

/** Create (no id) or edit (id) a user through the variant's URL family. */
export function useSaveUser(variant: UserFormVariant, id: string | null) {
  const queryClient = useQueryClient();
  const api = userApi[variant];
  return useMutation({
    mutationFn: (input: UserCreateFields | UserUpdateFields) =>
      id ? api.update(id, input) : api.create(input as UserCreateFields),
    onSuccess: () => {
      toast({ title: id ? 'User updated successfully!' : 'User created successfully!' });
      // Not awaited: the dialog closes at once and the lists refresh behind it.
      void invalidateUsers(queryClient);
    },
    onError: (error) => errorToast(error, id ? SAVE_FAILURES[variant].update : SAVE_FAILURES[variant].create),
  });
}

export function useUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) => setUserRole(id, role),
    onSuccess: async () => {
      toast({ title: 'User role updated successfully!' });
      await invalidateUsers(queryClient);
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
      await invalidateUsers(queryClient);
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

/** The admin's reset of a member's two-step sign-in (they lost their phone and codes); it also signs them out everywhere. */
export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => resetMemberTwoFactor(id),
    onSuccess: async () => {
      toast({ title: 'Two-step sign-in reset.', description: 'The member was signed out everywhere and signs in with their password alone.' });
      await invalidateUsers(queryClient);
    },
    onError: (error) => errorToast(error, 'Failed to reset two-step sign-in.'),
  });
}

export function useDeleteUser(api: UserApi) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.remove(id),
    onSuccess: async () => {
      toast({ title: 'User deleted successfully!' });
      await invalidateUsers(queryClient);
    },
    onError: (error) => errorToast(error, 'Failed to delete user.'),
  });
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUser,
    onSuccess: async (invitation) => {
      toast({
        title: 'User invitation sent successfully!',
        description: invitation.mailed ? `Invitation sent to ${invitation.email}.` : `Pass the invite link on to ${invitation.email}.`,
      });
      await invalidateInvitations(queryClient);
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
      await invalidateInvitations(queryClient);
    },
    onError: (error) => errorToast(error, 'Failed to create a new invitation link.'),
  });
}

/** Mails a pending invitation again (a new link and a new 7 days); the previous link stops working. */
export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: async (invitation) => {
      toast({ title: `Invitation resent to ${invitation.email}.` });
      await invalidateInvitations(queryClient);
    },
    onError: (error) => errorToast(error, 'Failed to resend the invitation.'),
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: async () => {
      toast({ title: 'Invitation revoked successfully!' });
      await invalidateInvitations(queryClient);
    },
    onError: (error) => errorToast(error, 'Failed to revoke invitation.'),
  });
}
