import type { EventRegistry } from '../../events/index';
import { endPasswordResets } from './repo';

/**
 * Whatever makes a link issued before it wrong to honour ends every open reset link of its member, in
 * that write's transaction: a new password, a new address (the link went to the old one), deactivation,
 * "sign out everywhere".
 */
export function subscribePasswordResets(registry: EventRegistry): void {
  for (const type of ['user.password_changed', 'user.email_changed'] as const) {
    registry.onInTransaction(type, async (trx, e) => {
      await endPasswordResets(trx, e.userId, Date.parse(e.at));
    });
  }
  for (const type of ['user.deactivated', 'user.signed_out_everywhere'] as const) {
    registry.onInTransaction(type, async (trx, e) => {
      if (e.target.id) await endPasswordResets(trx, e.target.id);
    });
  }
}
