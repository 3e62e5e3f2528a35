import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import type { AuditAction, AuditTargetType } from '../../../contracts/audit';
import type { CurrentUser } from '../../middleware/auth';

/**
 * Who did it: a person (their name is stored with the entry, so the trail outlives their account),
 * or a job acting for one (the publishing job: "Scheduled publishing", with the scheduler's id).
 */
export interface AuditActor {
  id: string | null;
  name: string;
}

export interface AuditChange {
  action: AuditAction;
  target: { type: AuditTargetType; id?: string | null; label?: string | null };
  /** Only the fields that changed; omit both for a plain event (an invitation sent). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

interface Person {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
}
/** How the log names a person: their full name, else their email. */
const personName = (p: Pick<Person, 'email' | 'first_name' | 'last_name'>) => [p.first_name, p.last_name].filter(Boolean).join(' ').trim() || p.email;

/** The signed-in admin or editor (`currentUser(ctx)`) as an actor: their full name, else their email. */
export function auditActor(user: Pick<CurrentUser, 'id' | 'row'>): AuditActor {
  return { id: user.id, name: personName(user.row) };
}

/** A member as an entry's target. */
export function userAuditTarget(user: Person): AuditChange['target'] {
  return { type: 'user', id: user.id, label: personName(user) };
}

/**
 * Writes one audit entry. Call it with the change's transaction, so the entry exists exactly when
 * the change does (a failed write leaves no trail of something that did not happen).
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

/**
 * The fields among `keys` whose values differ between two presented versions of a thing, as the
 * `before`/`after` of an entry; null when none changed (then nothing is worth recording).
 */
export function changedFields<T extends object>(before: T, after: T, keys: ReadonlyArray<keyof T & string>): Pick<AuditChange, 'before' | 'after'> | null {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of keys) {
    if (JSON.stringify(before[key] ?? null) === JSON.stringify(after[key] ?? null)) continue;
    was[key] = before[key] ?? null;
    now[key] = after[key] ?? null;
  }
  return Object.keys(now).length ? { before: was, after: now } : null;
}
