import type { EventRegistry } from '../../events/index';
import { lockPendingInvitation, markAccepted } from './repo';

/**
 * An account an admin creates ends the pending invitation for its address, in the creation's
 * transaction: the invitation has served its purpose (the role the admin chose wins over the invited one).
 */
export function subscribeInvitations(registry: EventRegistry): void {
  registry.onInTransaction('user.created', async (trx, e) => {
    const email = e.after?.email;
    if (typeof email !== 'string') return;
    const invitation = await lockPendingInvitation(trx, email);
    if (invitation) await markAccepted(trx, invitation.id);
  });
}
