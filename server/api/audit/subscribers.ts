import type { EventRegistry } from '../../events/index';
import { recordAudit } from './record';

/** The audit entries of events recorded by repos, written in the event's transaction (an entry exists exactly when its change does). */
export function subscribeAudit(registry: EventRegistry): void {
  registry
    .onInTransaction('content.scheduled', (trx, e) =>
      recordAudit(trx, e.actor, { action: 'content.schedule', target: e.target, before: { scheduledAt: e.before }, after: { scheduledAt: e.after } }),
    )
    .onInTransaction('site.seeded', async (trx, e) => {
      if (e.deleted) await recordAudit(trx, e.actor, { action: 'site.rebuild', target: { type: 'site', id: null, label: 'Sample data' }, before: e.deleted });
    });
}
