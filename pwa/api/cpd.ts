import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CpdEntry,
  CpdEntryInput,
  CpdEntryPatch,
  CpdRevision,
  CpdSettings,
  CpdSettingsInput,
  CpdTimeInput,
  CpdToday,
  CpdVerification,
  CpdYear,
} from '../../contracts/cpd';
import { apiFetch } from './client';
import { CPD_PATH, CPD_TIME_PATH, cpdEntryPath, verificationPath } from './paths';

/**
 * The signed-in member's CPD ledger (docs/cpd.md). Time is measured on the device and sent through
 * the outbox (kind 'cpdTime', one record per measured stretch, its id the record's identity), so a
 * stretch read offline lands once when the device is back online. The ledger's own edits (settings,
 * reflections, activities, deletes) need a connection: they change a record an auditor may see, and a
 * change applied hours later would surprise more than "needs a connection" does.
 */
export const cpdQueries = {
  all: () => ['cpd'] as const,
  /** The year view; `year` absent: the CPD year today falls in. */
  year: (year?: number) =>
    queryOptions({ queryKey: ['cpd', 'year', year ?? 'current'], queryFn: () => apiFetch<CpdYear>(year ? `${CPD_PATH}?year=${year}` : CPD_PATH) }),
  /** Minutes logged today and hours missing near the year end: the nudge on Continue and in the player. */
  today: () => queryOptions({ queryKey: ['cpd', 'today'], queryFn: () => apiFetch<CpdToday>(`${CPD_PATH}/today`), staleTime: 30_000 }),
  /** One entry with its revisions, newest first (the entry panel's "Changes"). */
  entry: (id: string) =>
    queryOptions({ queryKey: ['cpd', 'entries', id], queryFn: () => apiFetch<CpdEntryWithRevisions>(cpdEntryPath(id)) }),
};

export type CpdEntryWithRevisions = CpdEntry & { revisions: CpdRevision[] };

/**
 * The public check of a verification code. Its key stands outside `['cpd']`: it is no member's own
 * data, so signing out or a ledger write does not touch it.
 */
export const verificationQueries = {
  code: (code: string) => queryOptions({ queryKey: ['verify', code], queryFn: () => apiFetch<CpdVerification>(verificationPath(code)), retry: false }),
};

/** A time record's request, as an outbox item carries it (the record's id is the item's id too). */
export const cpdTimeWrite = (body: CpdTimeInput) => ({ method: 'POST' as const, path: CPD_TIME_PATH, body });

export function saveCpdSettings(input: z.input<typeof CpdSettingsInput>): Promise<CpdSettings> {
  return apiFetch<CpdSettings>(`${CPD_PATH}/settings`, { method: 'PUT', body: input });
}

/** An activity elsewhere (a course, a conference), with its certificate. */
export function addCpdEntry(input: z.input<typeof CpdEntryInput>): Promise<CpdEntry> {
  return apiFetch<CpdEntry>(`${CPD_PATH}/entries`, { method: 'POST', body: input });
}

/** The reflection (and an own activity's facts); the server keeps what it replaced as a revision. */
export function updateCpdEntry(id: string, patch: z.input<typeof CpdEntryPatch>): Promise<CpdEntry> {
  return apiFetch<CpdEntry>(cpdEntryPath(id), { method: 'PATCH', body: patch });
}

export function deleteCpdEntry(id: string): Promise<void> {
  return apiFetch<void>(cpdEntryPath(id), { method: 'DELETE' });
}

/** The whole ledger: entries, revisions and settings. */
export function deleteCpdLedger(): Promise<void> {
  return apiFetch<void>(CPD_PATH, { method: 'DELETE' });
}

/** The exports are plain links (the browser downloads them with the session's cookie). */
export const cpdExportUrl = (format: 'csv' | 'pdf', year: number) => `${CPD_PATH}/export.${format}?year=${year}`;

/** After a ledger write was sent or replayed (pwa/outbox/kinds.ts). */
export function invalidateCpd(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: cpdQueries.all() });
}
