import { ADMIN_CONTENT_KINDS, ADMIN_CONTENT_SORTS, ADMIN_CONTENT_TABS } from '../../../../contracts/admin-content-values';
import type { AdminContentParams } from '../../../api/adminContent';

/*
 * /admin/content's search params (the table's filters live in the URL: shareable, Back restores them).
 * Checked by a plain function, not zod: the route table is in the first load
 * (docs/decisions/2026-11-22-no-zod-in-the-first-load.md). The server validates the same values with
 * the contract's schema (contracts/admin-content.ts), so an odd value here only falls back to the default.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;
const id = (value: unknown): string | undefined => (typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : undefined);

export function validateAdminContentSearch(search: Record<string, unknown>): AdminContentParams {
  const kind = oneOf(ADMIN_CONTENT_KINDS, search.kind, 'article');
  const page = Number(search.page);
  const q = typeof search.q === 'string' ? search.q.slice(0, 200) : '';
  const out: AdminContentParams = {
    kind,
    status: oneOf(ADMIN_CONTENT_TABS, search.status, 'draft'),
    sort: oneOf(ADMIN_CONTENT_SORTS, search.sort, 'updated'),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
  if (q.trim()) out.q = q;
  const category = id(search.category);
  if (category) out.category = category;
  const author = id(search.author);
  if (author) out.author = author;
  // A show narrows episodes only.
  const show = kind === 'episode' ? id(search.show) : undefined;
  if (show) out.show = show;
  return out;
}
