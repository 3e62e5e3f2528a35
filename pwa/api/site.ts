import { queryOptions } from '@tanstack/react-query';
import type { SiteSettings } from '../../contracts/site';
import { apiFetch } from './client';

export const siteQueries = {
  /** GET /api/site: the site's name, contact address and whether it can send mail. */
  info: () =>
    queryOptions({
      queryKey: ['site'],
      queryFn: ({ signal }) => apiFetch<SiteSettings>('/api/site', { signal }),
    }),
};
