import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REPORT_THANKS } from '../../../contracts/moderation-constants';
import { reportedLocally, type ReportBody } from '../../api/moderation';
import { errorToast, toast } from '../../components/Toast';
import { ApiError } from '../../lib/errors';
import { newItemBase, OUTBOX_MUTATION, QUEUED_TOAST, sendOrQueue } from '../../outbox/outbox';

/** POST /api/reports, sent at once or queued offline (outbox kind `report`). */
export function useReport() {
  const queryClient = useQueryClient();
  return useMutation({
    ...OUTBOX_MUTATION,
    mutationFn: (body: ReportBody) =>
      sendOrQueue<{ id: string; hidden: boolean }>({ ...newItemBase(), kind: 'report', method: 'POST', path: '/api/reports', body: { ...body }, targetId: body.target.id, text: body.note ?? undefined }),
    onSuccess: (result, body) => {
      reportedLocally(queryClient, body.target);
      toast(result.queued ? QUEUED_TOAST : { title: REPORT_THANKS });
    },
    onError: (error, body) => {
      // Reported before (on another device): the button says so from now on.
      if (error instanceof ApiError && error.status === 409) reportedLocally(queryClient, body.target);
      errorToast(error, 'Failed to send the report');
    },
  });
}
