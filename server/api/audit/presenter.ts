import type { AuditAction, AuditEntry, AuditTargetType } from '../../../contracts/audit';
import { toIso } from '../../db/dialect';
import type { AuditRow } from './repo';

/** before/after are JSON text on both engines; anything unreadable shows as nothing rather than failing the page. */
function parseFields(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** `existing`: keys `type:id` of the targets that still exist (repo.existingTargets). */
export function presentAuditEntry(row: AuditRow, existing: Set<string>): AuditEntry {
  return {
    id: row.id,
    action: row.action as AuditAction,
    actor: { id: row.actor_id, name: row.actor_name },
    target: {
      type: row.target_type as AuditTargetType,
      id: row.target_id,
      label: row.target_label,
      exists: Boolean(row.target_id) && existing.has(`${row.target_type}:${row.target_id}`),
    },
    before: parseFields(row.before),
    after: parseFields(row.after),
    createdAt: toIso(row.created_at)!,
  };
}
