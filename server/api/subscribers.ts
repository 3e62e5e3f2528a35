import type { EventRegistry } from '../events/index';
import type { Notifier } from './notifications/notify';
import { subscribeDashboardCounters } from './admin-dashboard/subscribers';
import { subscribeAudit } from './audit/subscribers';
import { subscribeEdits } from './edits/subscribers';
import { subscribeInvitations } from './invitations/subscribers';
import { subscribeLikes } from './likes/subscribers';
import { subscribeNotifications } from './notifications/subscribers';
import { subscribePasswordResets } from './password-resets/subscribers';
import { subscribeRevisions } from './revisions/subscribers';
import { subscribeTopics } from './topics/subscribers';

/**
 * Every resource's event subscribers, assembled here as server/api/routes.ts assembles the routers:
 * a resource that records an event never imports who listens (docs/events.md). `notifier` is the
 * process's, configured with its mail (server/app.ts).
 */
export function subscribeAll(registry: EventRegistry, { notifier }: { notifier: Notifier }): EventRegistry {
  registry.clear();
  subscribeAudit(registry);
  subscribeDashboardCounters(registry);
  subscribeRevisions(registry);
  subscribeLikes(registry);
  subscribeEdits(registry);
  subscribePasswordResets(registry);
  subscribeInvitations(registry);
  subscribeTopics(registry);
  subscribeNotifications(registry, notifier);
  registry.assembled = true;
  return registry;
}
