import { queryOptions } from '@tanstack/react-query';
import type { InvitationAcceptInput, User } from '../../contracts/auth';
import type { InvitationPreview } from '../../contracts/users';
import { apiFetch } from './client';

const invitationPath = (token: string) => `/api/invitations/${encodeURIComponent(token)}`;

/** An invite link, as its invitee sees it (public: the token is the credential). */
export const invitationQueries = {
  /** GET /api/invitations/{token}: 404 unknown, 410 used, revoked or expired (the message says which). */
  preview: (token: string) =>
    queryOptions({
      queryKey: ['invitations', token],
      queryFn: ({ signal }) => apiFetch<InvitationPreview>(invitationPath(token), { signal }),
      // A refused link stays refused; a retry would only delay the message.
      retry: false,
      staleTime: Infinity,
    }),
};

/** POST /api/invitations/{token}/accept: creates the account with the invited email and role, signed in. */
export function acceptInvitation(token: string, input: InvitationAcceptInput): Promise<User> {
  return apiFetch<User>(`${invitationPath(token)}/accept`, { method: 'POST', body: input });
}
