import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CpdEntryInput, CpdEntryPatch, CpdSettingsInput } from '../../../contracts/cpd';
import { addCpdEntry, deleteCpdEntry, deleteCpdLedger, invalidateCpd, saveCpdSettings, updateCpdEntry } from '../../api/cpd';
import { errorToast, toast } from '../../components/Toast';

/*
 * The ledger's own writes. They need a connection and are never queued: each changes a record an
 * auditor may be shown, and the member sees it change in front of them. Measured time is the only
 * part that waits in the outbox (kind 'cpdTime', written where the time is measured).
 */

export function useSaveCpdSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof CpdSettingsInput>) => saveCpdSettings(input),
    onSuccess: () => invalidateCpd(queryClient),
    onError: (error) => errorToast(error, 'Your ledger settings could not be saved. Please try again.'),
  });
}

export function useAddCpdEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof CpdEntryInput>) => addCpdEntry(input),
    onSuccess: async () => {
      toast({ title: 'Activity added', description: 'It is in your ledger for the year it took place.' });
      await invalidateCpd(queryClient);
    },
    onError: (error) => errorToast(error, 'The activity could not be added. Please try again.'),
  });
}

export function useUpdateCpdEntry(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: z.input<typeof CpdEntryPatch>) => updateCpdEntry(id, patch),
    onSuccess: async () => {
      toast({ title: 'Entry saved', description: 'The change is kept in its history.' });
      await invalidateCpd(queryClient);
    },
    onError: (error) => errorToast(error, 'The entry could not be saved. Please try again.'),
  });
}

export function useDeleteCpdEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteCpdEntry(id),
    onSuccess: async () => {
      toast({ title: 'Entry deleted' });
      await invalidateCpd(queryClient);
    },
    onError: (error) => errorToast(error, 'The entry could not be deleted. Please try again.'),
  });
}

export function useDeleteCpdLedger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteCpdLedger(),
    onSuccess: async () => {
      toast({ title: 'Ledger deleted', description: 'Every entry, reflection and setting is gone.' });
      await invalidateCpd(queryClient);
    },
    onError: (error) => errorToast(error, 'Your ledger could not be deleted. Please try again.'),
  });
}
