import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { User } from '../../contracts/auth';
import type { Role } from '../../contracts/common';
import type { AdminUserRow, Invitation, InvitationCreated, InvitationCreateInput, InvitationWithLink, UserCreateInput, UserSort, UserUpdateInput } from '../../contracts/users';
import { apiFetch } from './client';

/*
 * User management (spec 7 "Users and invitations"); admins only. Two URL families exist: /api/users/*
 * (the control panel's Users tab) and /api/admin/users* (the User Management screen, with filters).
 * Both answer the same users, so every write refreshes both lists: the ['users'] prefix covers
 * ['users'] and ['users', 'invitations'], ['admin', 'users'] every filtered list.
 */

export interface AdminUserFilters {
  role?: Role | null;
  /** true: active only; false: inactive only; null or absent: both. */
  active?: boolean | null;
  /** The table's sort column and order (the server's default: joined, newest first). */
  sort?: UserSort;
  order?: 'asc' | 'desc';
}

export const userQueries = {
  /** GET /api/users. */
  list: () =>
    queryOptions({
      queryKey: ['users'],
      queryFn: ({ signal }) => apiFetch<User[]>('/api/users', { signal }),
    }),
  /** GET /api/users/invitations: pending ones only. */
  invitations: () =>
    queryOptions({
      queryKey: ['users', 'invitations'],
      queryFn: ({ signal }) => apiFetch<Invitation[]>('/api/users/invitations', { signal }),
    }),
  /** GET /api/admin/users[?role=][&active=][&sort=&order=]; the name/email search runs in the browser (spec 5). */
  adminList: ({ role = null, active = null, sort = 'joined', order = 'desc' }: AdminUserFilters = {}) =>
    queryOptions({
      queryKey: ['admin', 'users', { role, active, sort, order }],
      queryFn: ({ signal }) => {
        const search = new URLSearchParams();
        if (role) search.set('role', role);
        if (active !== null) search.set('active', String(active));
        search.set('sort', sort);
        search.set('order', order);
        return apiFetch<AdminUserRow[]>(`/api/admin/users?${search}`, { signal });
      },
      // A filter change keeps the old rows on screen until the new ones arrive.
      placeholderData: keepPreviousData,
    }),
};

/** Query filters that match every cached user list of both families. */
const userListKeys = [['users'], ['admin', 'users']] as const;

/** A user written: both URL families list the same users, so every cached list refetches. */
export function invalidateUsers(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(userListKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** An invitation sent, renewed or revoked: the pending invitations refetch. */
export function invalidateInvitations(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: userQueries.invitations().queryKey });
}

const userPath = (id: string) => `/api/users/${encodeURIComponent(id)}`;
const adminUserPath = (id: string) => `/api/admin/users/${encodeURIComponent(id)}`;

/** The forms hold the input shape (before the schema's defaults and trimming). */
export type UserCreateFields = z.input<typeof UserCreateInput>;
export type UserUpdateFields = z.input<typeof UserUpdateInput>;

export const userApi = {
  /** Users tab: POST /api/users/create, PUT /api/users/{id}, DELETE /api/users/{id}. */
  panel: {
    create: (input: UserCreateFields) => apiFetch<User>('/api/users/create', { method: 'POST', body: input }),
    update: (id: string, input: UserUpdateFields) => apiFetch<User>(userPath(id), { method: 'PUT', body: input }),
    remove: (id: string) => apiFetch<unknown>(userPath(id), { method: 'DELETE' }),
  },
  /** User Management: POST /api/admin/users, PATCH and DELETE /api/admin/users/{id}. */
  management: {
    create: (input: UserCreateFields) => apiFetch<User>('/api/admin/users', { method: 'POST', body: input }),
    update: (id: string, input: UserUpdateFields) => apiFetch<User>(adminUserPath(id), { method: 'PATCH', body: input }),
    remove: (id: string) => apiFetch<unknown>(adminUserPath(id), { method: 'DELETE' }),
  },
};

export type UserApi = (typeof userApi)[keyof typeof userApi];

export function setUserRole(id: string, role: Role): Promise<User> {
  return apiFetch<User>(`${userPath(id)}/role`, { method: 'PATCH', body: { role } });
}

export function setUserActive(id: string, isActive: boolean): Promise<User> {
  return apiFetch<User>(`${userPath(id)}/status`, { method: 'PATCH', body: { isActive } });
}

/** Ends every session of the user (admin "Sign out everywhere"). */
export function signOutUserEverywhere(id: string): Promise<{ ok: true; ended: number }> {
  return apiFetch(`${adminUserPath(id)}/logout-all`, { method: 'POST' });
}

/**
 * The answer says whether the invitation was mailed to the invitee (`mailed`); where the site cannot
 * send mail, its one-time link (`inviteUrl`) is shown to the admin to pass on.
 */
export function inviteUser(input: z.input<typeof InvitationCreateInput>): Promise<InvitationCreated> {
  return apiFetch<InvitationCreated>('/api/users/invite', { method: 'POST', body: input });
}

/** Mails a pending invitation again, with a new link and a new 7-day expiry; the previous link stops working. */
export function resendInvitation(id: string): Promise<Invitation> {
  return apiFetch<Invitation>(`/api/users/invitations/${encodeURIComponent(id)}/resend`, { method: 'POST' });
}

/** A new link for a pending invitation (new token, new 7-day expiry); the previous link stops working. */
export function issueInvitationLink(id: string): Promise<InvitationWithLink> {
  return apiFetch<InvitationWithLink>(`/api/users/invitations/${encodeURIComponent(id)}/link`, { method: 'POST' });
}

export function revokeInvitation(id: string): Promise<Invitation> {
  return apiFetch<Invitation>(`/api/users/invitations/${encodeURIComponent(id)}/revoke`, { method: 'POST' });
}
