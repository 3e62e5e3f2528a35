import type { AuditAction } from '../../../contracts/audit';
import type { ChangeEventType, EventRegistry } from '../../events/index';
import { recordAudit } from './record';

/** The audit action each change fact is kept as (the screen filters by these names). */
const ACTIONS: Record<ChangeEventType, AuditAction> = {
  'user.created': 'user.create',
  'user.updated': 'user.update',
  'user.role_changed': 'user.role',
  'user.activated': 'user.activate',
  'user.deactivated': 'user.deactivate',
  'user.deleted': 'user.delete',
  'user.signed_out_everywhere': 'user.sign-out-everywhere',
  'user.two_factor_reset': 'user.two-factor-reset',
  'invitation.created': 'invitation.create',
  'invitation.revoked': 'invitation.revoke',
  'content.published': 'content.publish',
  'content.unpublished': 'content.unpublish',
  'content.archived': 'content.archive',
  'content.unarchived': 'content.unarchive',
  'content.featured': 'content.feature',
  'content.unfeatured': 'content.unfeature',
  'revision.restored': 'content.restore-revision',
  'discussion.published': 'discussion.publish',
  'discussion.unpublished': 'discussion.unpublish',
  'discussion.deleted': 'discussion.delete',
  'discussion.featured': 'discussion.feature',
  'discussion.unfeatured': 'discussion.unfeature',
  'menu.changed': 'menu.update',
  'category.created': 'category.create',
  'category.updated': 'category.update',
  'category.deleted': 'category.delete',
  'show.created': 'show.create',
  'show.updated': 'show.update',
  'show.deleted': 'show.delete',
};

/** The audit entries of recorded events, written in the event's transaction (an entry exists exactly when its change does). */
export function subscribeAudit(registry: EventRegistry): void {
  for (const [type, action] of Object.entries(ACTIONS) as [ChangeEventType, AuditAction][]) {
    registry.onInTransaction(type, async (trx, e) => {
      // A member signing themself out everywhere is theirs alone, not a change to someone's access.
      if (type === 'user.signed_out_everywhere' && e.actor.id === e.target.id) return;
      await recordAudit(trx, e.actor, { action, target: e.target, before: e.before, after: e.after });
    });
  }
  registry
    .onInTransaction('content.scheduled', (trx, e) =>
      recordAudit(trx, e.actor, { action: 'content.schedule', target: e.target, before: { scheduledAt: e.before }, after: { scheduledAt: e.after } }),
    )
    .onInTransaction('content.deleted', async (trx, e) => {
      if (e.actor) await recordAudit(trx, e.actor, { action: 'content.delete', target: { type: e.kind, id: e.itemId, label: e.title }, before: e.was });
    })
    .onInTransaction('moderation.decided', (trx, e) => {
      const { wasHidden, note, ...target } = e.target;
      return recordAudit(trx, e.actor, {
        action: `moderation.${e.action}`,
        target,
        before: { hidden: wasHidden, openReports: e.reporterIds.length },
        after: { resolution: e.action, ...(note ? { note } : {}) },
      });
    })
    .onInTransaction('site.seeded', async (trx, e) => {
      if (e.deleted) await recordAudit(trx, e.actor, { action: 'site.rebuild', target: { type: 'site', id: null, label: 'Sample data' }, before: e.deleted });
    });
}
