import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import type { AuditAction } from '../../../contracts/audit';
import type { ChangeFacts, EventActor } from '../../events/index';

/**
 * Who did it: a person (their name is stored with the entry, so the trail outlives their account),
 * or a job acting for one (the publishing job: "Scheduled publishing", with the scheduler's id).
 */
export type AuditActor = EventActor;

export interface AuditChange extends Omit<ChangeFacts, 'actor'> {
  action: AuditAction;
}

/**
 * Writes one audit entry. Called by this resource's event subscribers with the change's
 * transaction, so the entry exists exactly when the change does (a failed write leaves no trail of
 * something that did not happen).
 */
export async function recordAudit(db: Knex | Knex.Transaction, actor: AuditActor, change: AuditChange): Promise<void> {
  await db('audit_log').insert({
    id: uuidv7(),
    actor_id: actor.id,
    actor_name: actor.name.slice(0, 300),
    action: change.action,
    target_type: change.target.type,
    target_id: change.target.id ?? null,
    target_label: change.target.label?.slice(0, 400) ?? null,
    before: change.before ? JSON.stringify(change.before) : null,
    after: change.after ? JSON.stringify(change.after) : null,
  });
}
