import type { EventRegistry } from '../../events/index';
import { endPasswordResets } from './repo';

/** A new password ends every open reset link of its member, in the change's transaction: a link issued before it must not be honoured. */
export function subscribePasswordResets(registry: EventRegistry): void {
  registry.onInTransaction('user.password_changed', async (trx, e) => {
    await endPasswordResets(trx, e.userId, Date.parse(e.at));
  });
}
