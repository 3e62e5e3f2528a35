import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { LIMITS, type RESOURCE_CATEGORIES, type RESOURCE_TYPES } from '../../contracts/constants';
import type { Resource, ResourceCreateInput, ResourceUpdateInput } from '../../contracts/resources';
import { apiFetch } from './client';

export type ResourceType = (typeof RESOURCE_TYPES)[number];
export type ResourceCategory = (typeof RESOURCE_CATEGORIES)[number];

export interface ResourceListParams {
  type?: ResourceType | null;
  category?: ResourceCategory | null;
}

/** Keys mirror the API path: ['resources', { type, category }]; mutations invalidate ['resources']. */
export const resourceQueries = {
  all: () => ['resources'] as const,
  list: ({ type, category }: ResourceListParams = {}) =>
    queryOptions({
      queryKey: ['resources', { type: type ?? null, category: category ?? null }],
      queryFn: ({ signal }) => {
        const search = new URLSearchParams({ limit: String(LIMITS.pageSize) });
        if (type) search.set('type', type);
        if (category) search.set('category', category);
        return apiFetch<Resource[]>(`/api/resources?${search}`, { signal });
      },
    }),
};

export function createResource(input: ResourceCreateInput): Promise<Resource> {
  return apiFetch<Resource>('/api/resources', { method: 'POST', body: input });
}

export function updateResource(id: string, input: ResourceUpdateInput): Promise<Resource> {
  return apiFetch<Resource>(`/api/resources/${encodeURIComponent(id)}`, { method: 'PATCH', body: input });
}

export function deleteResource(id: string): Promise<unknown> {
  return apiFetch(`/api/resources/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** A resource written: every resource list refetches (the type tiles count the whole library). */
export function invalidateResources(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: resourceQueries.all() });
}
