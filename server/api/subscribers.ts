import type { EventRegistry } from '../events/index';
import { subscribeDashboardCounters } from './admin-dashboard/subscribers';
import { subscribeAudit } from './audit/subscribers';
import { subscribeEdits } from './edits/subscribers';
import { subscribeLikes } from './likes/subscribers';
import { subscribePasswordResets } from './password-resets/subscribers';
import { subscribeRevisions } from './revisions/subscribers';

/**
 * Every resource's event subscribers, assembled here as server/api/routes.ts assembles the routers:
 * a resource that records an event never imports who listens (docs/events.md).
 */
export function subscribeAll(registry: EventRegistry): EventRegistry {
  registry.clear();
  subscribeAudit(registry);
  subscribeDashboardCounters(registry);
  subscribeRevisions(registry);
  subscribeLikes(registry);
  subscribeEdits(registry);
  subscribePasswordResets(registry);
  registry.assembled = true;
  return registry;
}
