import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import { toInt, toIso } from '../db/dialect';
import { oneLine, type MailContent } from './template';

/**
 * The mail outbox (docs/mail.md): a message is a row of `mail_outbox`, written in the
 * transaction of the event that causes it, so it exists exactly when the event does. The sender
 * (sender.ts) claims due rows one at a time, sends them and marks them sent.
 */

/** A message to queue: who it is for, and what a template made of it. */
export interface OutgoingMail extends MailContent {
  /** What kind of message it is (`password_reset`…), for the log and the table. */
  kind: string;
  to: { address: string; name?: string | null };
  /** The `List-Unsubscribe` header's value (`<https://…>, <mailto:…>`), for mail a member can stop (RFC 8058). */
  listUnsubscribe?: string;
}

export interface OutboxRow {
  id: string;
  kind: string;
  to_address: string;
  to_name: string | null;
  subject: string;
  html: string | null;
  text: string | null;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  list_unsubscribe?: string | null;
}

const TABLE = 'mail_outbox';

/**
 * Queues a message in `trx`, the transaction of the event that causes it: the message is sent if
 * and only if the event commits. Call the sender's `kick()` after the commit to send it promptly.
 */
export async function enqueueMail(trx: Knex | Knex.Transaction, mail: OutgoingMail, at: number = Date.now()): Promise<string> {
  const id = uuidv7();
  const when = new Date(at).toISOString();
  await trx(TABLE).insert({
    id,
    kind: mail.kind,
    to_address: oneLine(mail.to.address),
    // Names and subjects are header values: one line each, whatever the template gave.
    to_name: mail.to.name ? oneLine(mail.to.name).slice(0, 200) : null,
    subject: oneLine(mail.subject).slice(0, 300),
    html: mail.html,
    text: mail.text,
    list_unsubscribe: mail.listUnsubscribe ? oneLine(mail.listUnsubscribe).slice(0, 1000) : null,
    status: 'pending',
    attempts: 0,
    next_attempt_at: when,
    created_at: when,
  });
  return id;
}

/** Up to `limit` pending messages whose next attempt is due, oldest due first (mail_outbox_due_index). */
export async function dueMail(db: Knex, at: number, limit: number): Promise<OutboxRow[]> {
  const rows: OutboxRow[] = await db(TABLE)
    .where('status', 'pending')
    .andWhere('next_attempt_at', '<=', new Date(at).toISOString())
    .orderBy([
      { column: 'next_attempt_at', order: 'asc' },
      { column: 'id', order: 'asc' },
    ])
    .limit(limit);
  // PostgreSQL returns timestamps as Dates, SQLite as the ISO text the app wrote: one shape here.
  return rows.map((row) => ({
    ...row,
    attempts: toInt(row.attempts),
    next_attempt_at: toIso(row.next_attempt_at)!,
    created_at: toIso(row.created_at)!,
    sent_at: toIso(row.sent_at),
  }));
}

/**
 * Claims a due message for one attempt: counts the attempt and moves its next attempt to the end
 * of the claim (`claimMs`), in one conditional update, so of two senders only one can claim it; if
 * the claimer dies, the message is due again when the claim runs out. False when another sender
 * claimed (or sent) it first.
 */
export async function claimMail(db: Knex, row: Pick<OutboxRow, 'id' | 'attempts'>, at: number, claimMs: number): Promise<boolean> {
  const n = await db(TABLE)
    .where({ id: row.id, status: 'pending', attempts: row.attempts })
    .andWhere('next_attempt_at', '<=', new Date(at).toISOString())
    .update({ attempts: row.attempts + 1, next_attempt_at: new Date(at + claimMs).toISOString() });
  return n > 0;
}

/** Marks a claimed message sent, and drops its bodies (a reset link in them must not outlive its use). */
export async function markSent(db: Knex, id: string, at: number): Promise<void> {
  await db(TABLE).where({ id, status: 'pending' }).update({ status: 'sent', sent_at: new Date(at).toISOString(), html: null, text: null, last_error: null });
}

/** Puts a claimed message back for another attempt at `retryAt`, with the error that stopped this one. */
export async function markRetry(db: Knex, id: string, retryAt: number, error: string): Promise<void> {
  await db(TABLE).where({ id, status: 'pending' }).update({ next_attempt_at: new Date(retryAt).toISOString(), last_error: error.slice(0, 2000) });
}

/** Gives a message up (last attempt, or refused for good), keeping the error and dropping the bodies. */
export async function markFailed(db: Knex, id: string, error: string): Promise<void> {
  await db(TABLE).where({ id, status: 'pending' }).update({ status: 'failed', last_error: error.slice(0, 2000), html: null, text: null });
}

/** Sent and failed messages are kept this long (for the record), then swept. */
export const MAIL_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/** Deletes sent and failed messages older than MAIL_KEPT_MS; by age only, so any process may run it. */
export async function sweepMailOutbox(db: Knex, at: number = Date.now()): Promise<number> {
  return db(TABLE)
    .whereIn('status', ['sent', 'failed'])
    .andWhere('created_at', '<=', new Date(at - MAIL_KEPT_MS).toISOString())
    .delete();
}

/** What a route that queues mail needs: whether mail goes anywhere, and how to say "sent soon". */
export interface MailQueue {
  /** False in production without SMTP_URL: nothing is queued, and the route says mail is off. */
  enabled: boolean;
  /** Called after the transaction that queued mail commits: the sender sends at once if it can. */
  kick(): void;
  /** Where failures of work done after the answer go (the app's log). */
  onError(err: unknown): void;
}
