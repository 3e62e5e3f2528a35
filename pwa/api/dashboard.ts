import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Dashboard, DashboardPeriod } from '../../contracts/dashboard';
import { apiFetch } from './client';

/** Keys mirror the API path: ['admin', 'dashboard', { days }]. */
export const dashboardQueries = {
  overview: (days: DashboardPeriod) =>
    queryOptions({
      queryKey: ['admin', 'dashboard', { days }],
      queryFn: ({ signal }) => apiFetch<Dashboard>(`/api/admin/dashboard?days=${days}`, { signal }),
      // Figures move with every write anywhere on the site: asked again whenever the overview is opened.
      staleTime: 0,
    }),
};

/** After a write the figures may have changed (the server's own cache is emptied by the write). */
export function invalidateDashboard(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] });
}
