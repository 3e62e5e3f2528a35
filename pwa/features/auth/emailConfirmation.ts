import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/errors';
import { confirmEmail, invalidateEmailConfirmation, requestEmailConfirmation } from '../../api/email-confirmations';
import { errorToast, toast } from '../../components/Toast';

/*
 * The email confirmation writes (docs/security.md §13): "Resend confirmation email" on the notice,
 * and the confirmation link's screen. Both refresh the member's record, so the notice follows.
 */

/** The signed-in member's record and profile again from the server (whether the address is confirmed). */
function useRefreshUser() {
  const queryClient = useQueryClient();
  return () => invalidateEmailConfirmation(queryClient);
}

/**
 * Mails a new link. Success says so in a toast; past the limits (429) or with mail off (503) the
 * server's message says why; "already confirmed" (409, confirmed in another tab) refreshes the
 * record, which removes the notice.
 */
export function useResendConfirmation() {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: requestEmailConfirmation,
    onSuccess: (answer) => toast({ title: 'Confirmation email sent', description: answer.message }),
    onError: async (error) => {
      if (error instanceof ApiError && error.status === 409) await refresh();
      errorToast(error, 'The confirmation email could not be sent. Please try again.');
    },
  });
}

/** Confirms with a link's token; the screen shows the outcome (no toast). */
export function useConfirmEmail() {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: confirmEmail,
    onSuccess: () => refresh(),
  });
}
