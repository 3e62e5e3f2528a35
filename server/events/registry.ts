import type { Knex } from 'knex';
import { now } from '../db/dialect';
import type { DomainEvent, EventOf, EventType } from './catalogue';

/** Runs inside the write's transaction: what must exist exactly when the write does (counters, audit, notification rows). */
export type InTransactionSubscriber<T extends EventType> = (trx: Knex.Transaction, event: EventOf<T>) => Promise<void>;

/** Runs after the write committed, once per event across every process (mail, search, caches elsewhere). */
export type AfterCommitProcessor<T extends EventType> = (db: Knex, event: EventOf<T>, meta: { id: number; createdAt: string }) => Promise<void>;

type AnyInTransaction = (trx: Knex.Transaction, event: DomainEvent) => Promise<void>;
type AnyAfterCommit = (db: Knex, event: DomainEvent, meta: { id: number; createdAt: string }) => Promise<void>;

/**
 * Who listens to which event type, in both kinds. One registry per process, filled once by the app
 * (server/api/subscribers.ts), so a resource that records an event never imports its listeners.
 */
export class EventRegistry {
  private readonly inTransaction = new Map<EventType, AnyInTransaction[]>();
  private readonly afterCommit = new Map<EventType, { name: string; run: AnyAfterCommit }[]>();
  private kicker: (() => void) | undefined;
  /** Set by whoever fills it: a write recording an event into a registry no one filled would skip its counters and audit silently. */
  assembled = false;

  onInTransaction<T extends EventType>(type: T, subscriber: InTransactionSubscriber<T>): this {
    this.inTransaction.set(type, [...(this.inTransaction.get(type) ?? []), subscriber as AnyInTransaction]);
    return this;
  }

  onAfterCommit<T extends EventType>(type: T, name: string, processor: AfterCommitProcessor<T>): this {
    this.afterCommit.set(type, [...(this.afterCommit.get(type) ?? []), { name, run: processor as AnyAfterCommit }]);
    return this;
  }

  inTransactionOf(type: EventType): readonly AnyInTransaction[] {
    return this.inTransaction.get(type) ?? [];
  }

  afterCommitOf(type: EventType): readonly { name: string; run: AnyAfterCommit }[] {
    return this.afterCommit.get(type) ?? [];
  }

  /** Empties it: a test or a second app in one process starts from nothing. */
  clear(): void {
    this.inTransaction.clear();
    this.afterCommit.clear();
    this.assembled = false;
  }

  /** The local processor's "look now" (server/events/processing.ts); without one, polling finds the event. */
  setKick(kick: (() => void) | undefined): void {
    this.kicker = kick;
  }

  kick(): void {
    this.kicker?.();
  }
}

/** The process's registry. */
export const eventRegistry = new EventRegistry();

/**
 * Records `event` in the write's transaction `trx`: its row, then its in-transaction subscribers, so
 * both commit or roll back with the write. A row that an after-commit processor waits for is left
 * unprocessed, and this process looks for it as soon as the transaction commits (every process also
 * polls, so a crash before that loses nothing).
 */
export async function recordEvent(trx: Knex.Transaction, event: DomainEvent, registry: EventRegistry = eventRegistry): Promise<void> {
  if (!registry.assembled) throw new Error(`Event ${event.type} recorded before the subscribers were assembled (server/api/subscribers.ts).`);
  const at = now();
  const waits = registry.afterCommitOf(event.type).length > 0;
  await trx('events').insert({ type: event.type, payload: JSON.stringify(event), created_at: at, processed_at: waits ? null : at, attempts: 0 });
  for (const subscriber of registry.inTransactionOf(event.type)) await subscriber(trx, event);
  if (waits) trx.executionPromise.then(() => registry.kick(), () => {});
}
