import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { CpdTimeInput, CpdToday, CpdYear } from '../../contracts/cpd';
import { apiFetch } from './client';
import { CPD_PATH, CPD_TIME_PATH } from './paths';

/**
 * The signed-in member's CPD ledger (docs/cpd.md). Time is measured on the device and sent through
 * the outbox (kind 'cpdTime', one record per measured stretch, its id the record's identity), so a
 * stretch read offline lands once when the device is back online.
 */
export const cpdQueries = {
  all: () => ['cpd'] as const,
  /** The year view; `year` absent: the CPD year today falls in. */
  year: (year?: number) =>
    queryOptions({ queryKey: ['cpd', 'year', year ?? 'current'], queryFn: () => apiFetch<CpdYear>(year ? `${CPD_PATH}?year=${year}` : CPD_PATH) }),
  /** Minutes logged today and hours missing near the year end: the nudge on Continue and in the player. */
  today: () => queryOptions({ queryKey: ['cpd', 'today'], queryFn: () => apiFetch<CpdToday>(`${CPD_PATH}/today`), staleTime: 30_000 }),
};

/** A time record's request, as an outbox item carries it (the record's id is the item's id too). */
export const cpdTimeWrite = (body: CpdTimeInput) => ({ method: 'POST' as const, path: CPD_TIME_PATH, body });

/** After a ledger write was sent or replayed (pwa/outbox/kinds.ts). */
export function invalidateCpd(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: cpdQueries.all() });
}
