import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client';

export interface SiteInfo {
  siteName: string;
  /** Where the Contact, Privacy and Terms pages send mail (CONTACT_EMAIL, README). */
  contactEmail?: string;
}

export const siteQueries = {
  info: () =>
    queryOptions({
      queryKey: ['site'],
      queryFn: ({ signal }) => apiFetch<SiteInfo>('/api/site', { signal }),
    }),
};
