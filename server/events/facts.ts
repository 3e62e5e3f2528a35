import type { ChangeFacts, EventActor, EventTarget } from './catalogue';

/*
 * What the resources that record ChangeFacts build them from, here so none of them imports the
 * audit log (its listener) to name a person or compare two versions.
 */

interface Person {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
}
/** How the trail names a person: their full name, else their email (kept with the event, so it outlives their account). */
const personName = (p: Pick<Person, 'email' | 'first_name' | 'last_name'>) => [p.first_name, p.last_name].filter(Boolean).join(' ').trim() || p.email;

/** The signed-in admin or editor (`currentUser(ctx)`) as an actor: their full name, else their email. */
export function eventActor(user: { id: string; row: Omit<Person, 'id'> }): EventActor {
  return { id: user.id, name: personName(user.row) };
}

/** A member as a change's target. */
export function userTarget(user: Person): EventTarget {
  return { type: 'user', id: user.id, label: personName(user) };
}

/**
 * The fields among `keys` whose values differ between two presented versions of a thing, as the
 * `before`/`after` of a change; null when none changed (then nothing is worth recording).
 */
export function changedFields<T extends object>(before: T, after: T, keys: ReadonlyArray<keyof T & string>): Pick<ChangeFacts, 'before' | 'after'> | null {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of keys) {
    if (JSON.stringify(before[key] ?? null) === JSON.stringify(after[key] ?? null)) continue;
    was[key] = before[key] ?? null;
    now[key] = after[key] ?? null;
  }
  return Object.keys(now).length ? { before: was, after: now } : null;
}
