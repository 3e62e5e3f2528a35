import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  disableTwoFactor,
  enableTwoFactor,
  invalidateTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
} from '../../api/two-factor';
import { ApiError } from '../../lib/errors';
import { errorToast, toast } from '../../components/Toast';

/*
 * The member's own two-step sign-in writes (docs/security.md §14). Each needs a connection and is
 * never queued. Turning it on or off changes the signed-in user (twoFactorEnabled), so the header's
 * user, the profile and the status are read again (invalidateTwoFactor).
 */

/** Errors the form shows under a field (a wrong code or password, 422); anything else is a toast. */
const saidUnderField = (error: unknown) => error instanceof ApiError && (error.status === 422 || error.status === 400);

export function useStartTwoFactorSetup() {
  return useMutation({
    mutationFn: startTwoFactorSetup,
    onError: (error) => errorToast(error, 'Two-step sign-in could not be set up. Please try again.'),
  });
}

/** The first code turns it on; every other device is signed out and this one goes on under a new session. */
export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: async () => {
      toast({ title: 'Two-step sign-in is on', description: 'You were signed out on your other devices. Save your recovery codes now.' });
      await invalidateTwoFactor(queryClient, 'switched');
    },
    onError: (error) => {
      if (!saidUnderField(error)) errorToast(error, 'Two-step sign-in could not be turned on. Please try again.');
    },
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: async () => {
      toast({ title: 'Two-step sign-in is off', description: 'Signing in asks for your password only.' });
      await invalidateTwoFactor(queryClient, 'switched');
    },
    onError: (error) => {
      if (!saidUnderField(error)) errorToast(error, 'Two-step sign-in could not be turned off. Please try again.');
    },
  });
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: async () => {
      toast({ title: 'New recovery codes', description: 'Your old recovery codes no longer work.' });
      await invalidateTwoFactor(queryClient, 'codes');
    },
    onError: (error) => {
      if (!saidUnderField(error)) errorToast(error, 'New recovery codes could not be made. Please try again.');
    },
  });
}
