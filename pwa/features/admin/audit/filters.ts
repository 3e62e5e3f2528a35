import { AuditListQuery } from '../../../../contracts/audit';
import { z } from '../../../../contracts/zod';
import type { AuditFilters } from '../../../api/audit';
import type { AuditSearch } from './searchParams';

/**
 * The URL's filters checked with the API's own query schema, one by one: a value the API would
 * refuse (a mistyped link, an old bookmark) is dropped rather than turning the screen into an error.
 */
const fields = AuditListQuery.shape;
const AuditSearchSchema = z.object({
  action: fields.action.catch(undefined),
  actor: fields.actor.catch(undefined),
  from: fields.from.catch(undefined),
  to: fields.to.catch(undefined),
});

export function auditFiltersOf(search: AuditSearch): AuditFilters {
  const parsed = AuditSearchSchema.parse(search);
  // A range that ends before it starts keeps its start only.
  if (parsed.from && parsed.to && parsed.to < parsed.from) delete parsed.to;
  return Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== undefined));
}
