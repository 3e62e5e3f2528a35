/**
 * The route's own check of /admin/audit's search parameters: only the four filters, as strings.
 * Plain code, not zod, because the router is in the first load
 * (docs/decisions/2026-11-22-no-zod-in-the-first-load.md); the screen (a lazy chunk) validates
 * each value with the API's own schema (auditSearch in ./filters.ts) and drops what fails.
 */
export interface AuditSearch {
  action?: string;
  actor?: string;
  from?: string;
  to?: string;
}

const KEYS = ['action', 'actor', 'from', 'to'] as const;

export function pickAuditSearch(search: Record<string, unknown>): AuditSearch {
  const out: AuditSearch = {};
  for (const key of KEYS) {
    const value = search[key];
    if (typeof value === 'string' && value) out[key] = value;
  }
  return out;
}
