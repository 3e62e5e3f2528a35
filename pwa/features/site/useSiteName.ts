import { useQuery } from '@tanstack/react-query';
import { siteQueries } from '../../api/site';

/** Shown until /api/site answers, and if it cannot be reached. */
export const DEFAULT_SITE_NAME = 'Ledger Commons';

export function useSiteName(): string {
  const { data } = useQuery(siteQueries.info());
  return data?.siteName ?? DEFAULT_SITE_NAME;
}
