import type { Knex } from 'knex';
import { acquireLease, heldByAnother, releaseLease } from '../db/leases';
import { claimMail, dueMail, markFailed, markRetry, markSent, type OutboxRow } from './outbox';
import type { MailTransport } from './transport';

/** The sender's lease: one process sends at a time (any machine), elected like the periodic jobs. */
export const MAIL_LEASE = 'mail';

export interface MailSenderOptions {
  /** This process's name in `leases` (main.ts: host, pid and a random part). */
  holder: string;
  /** How often the outbox is polled (and the lease renewed or sought). */
  pollMs?: number;
  /** How long the lease lasts without renewal: a dead holder is replaced after this. */
  leaseTtlMs?: number;
  /** The first retry's delay; each further one doubles, up to `retryCapMs`. */
  retryBaseMs?: number;
  retryCapMs?: number;
  /** Attempts before a message is given up (status `failed`, its last error kept). */
  maxAttempts?: number;
  /** How long a claimed message is kept from other senders: longer than one SMTP attempt can take. */
  claimMs?: number;
  /** Messages read per query. */
  batch?: number;
  clock?: () => number;
  /** Whether the database is prepared (main.ts: its gate); polls wait until it is. */
  ready?: () => boolean;
  log?: { info(line: string): void; error(line: string): void };
}

export const MAIL_SENDER_DEFAULTS = {
  pollMs: 3_000,
  leaseTtlMs: 30_000,
  retryBaseMs: 5_000,
  retryCapMs: 60 * 60 * 1000,
  maxAttempts: 12,
  claimMs: 5 * 60 * 1000,
  batch: 20,
};

/** SMTP replies that will not change on a retry: the address or the message refused for good (5xx). */
function isPermanent(err: unknown): boolean {
  const e = err as { code?: string; responseCode?: number } | null;
  return (e?.code === 'EENVELOPE' || e?.code === 'EMESSAGE') && typeof e.responseCode === 'number' && e.responseCode >= 500;
}

function describe(err: unknown): string {
  const e = err as { code?: string; responseCode?: number; message?: string } | null;
  return [e?.code, e?.responseCode, e?.message ?? String(err)].filter((p) => p !== undefined).join(' ');
}

/**
 * Sends the outbox (docs/mail.md). Every process runs one; only the holder of the `mail` lease
 * sends. It polls every `pollMs`, and `kick()` (called after a transaction that queued mail commits)
 * sends at once when this process holds the lease. Each message is claimed → sent → marked sent;
 * a failed attempt is retried after an exponentially growing delay, and given up after
 * `maxAttempts` with its error kept. A message is sent twice only if the process dies (or its claim
 * runs out) between the server accepting it and the row being marked: the accepted window.
 */
export class MailSender {
  private readonly o: Required<Omit<MailSenderOptions, 'log'>> & Pick<MailSenderOptions, 'log'>;
  private timer: NodeJS.Timeout | undefined;
  private leaseUntil = 0;
  private running: Promise<void> | undefined;
  /** Polls under way: stop() waits for them, or one could take the lease again after it was given up. */
  private readonly polls = new Set<Promise<void>>();
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Knex,
    private readonly transport: MailTransport,
    options: MailSenderOptions,
  ) {
    this.o = { ...MAIL_SENDER_DEFAULTS, clock: Date.now, ready: () => true, ...options };
  }

  /** Starts polling (the first round at once). */
  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => void this.tick(), this.o.pollMs);
    this.timer.unref();
    void this.tick();
  }

  /** Sends what is due now, if this process holds the lease; otherwise the holder's poll will. */
  kick(): void {
    if (!this.stopped && this.o.clock() < this.leaseUntil) void this.drain();
  }

  /** Stops polling, lets the polls and the message being sent finish, and gives the lease up. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await Promise.all(this.polls);
    await this.running;
    if (this.leaseUntil > 0) await releaseLease(this.db, MAIL_LEASE, this.o.holder).catch(() => {});
    this.leaseUntil = 0;
    this.transport.close();
  }

  /** One poll: keep or seek the lease, then send what is due. Resolves when what was due is sent or put back. */
  tick(): Promise<void> {
    const poll = this.poll().finally(() => this.polls.delete(poll));
    this.polls.add(poll);
    return poll;
  }

  private async poll(): Promise<void> {
    try {
      if (!this.stopped && this.o.ready() && (await this.elect())) await this.drain();
    } catch (err) {
      // The database is away, most likely: the next poll tries again.
      this.o.log?.error(`Mail sender: ${describe(err)}`);
    }
  }

  /**
   * Renews the lease if this process holds it, takes it if it is free or ran out. A read first, so
   * the processes that do not hold it cost the database one select per poll and no failed insert.
   */
  private async elect(): Promise<boolean> {
    const at = this.o.clock();
    if (await heldByAnother(this.db, MAIL_LEASE, this.o.holder, at)) {
      this.leaseUntil = 0;
      return false;
    }
    const held = await acquireLease(this.db, MAIL_LEASE, this.o.holder, this.o.leaseTtlMs, at);
    this.leaseUntil = held ? at + this.o.leaseTtlMs : 0;
    return held;
  }

  /** Sends until nothing is due; calls while it runs make it look once more instead of running twice. */
  private drain(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.sendDue();
        } while (this.again && !this.stopped);
      } catch (err) {
        this.o.log?.error(`Mail sender: ${describe(err)}`);
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  private async sendDue(): Promise<void> {
    for (;;) {
      const due = await dueMail(this.db, this.o.clock(), this.o.batch);
      if (due.length === 0) return;
      for (const row of due) {
        if (this.stopped || this.o.clock() >= this.leaseUntil) return;
        await this.attempt(row);
      }
    }
  }

  /** One attempt at one message: claim, send, mark. */
  private async attempt(row: OutboxRow): Promise<void> {
    if (!(await claimMail(this.db, row, this.o.clock(), this.o.claimMs))) return;
    const attempt = row.attempts + 1;
    try {
      await this.transport.send(row);
    } catch (err) {
      const error = describe(err);
      if (attempt >= this.o.maxAttempts || isPermanent(err)) {
        await markFailed(this.db, row.id, error);
        this.o.log?.error(`Mail ${row.id} (${row.kind}) to ${row.to_address} given up after ${attempt} attempt(s): ${error}`);
      } else {
        const delay = Math.min(this.o.retryCapMs, this.o.retryBaseMs * 2 ** (attempt - 1));
        await markRetry(this.db, row.id, this.o.clock() + delay, error);
      }
      return;
    }
    // The accepted duplicate window: a crash here leaves the row claimed, and it is sent again when
    // the claim runs out.
    await markSent(this.db, row.id, this.o.clock());
  }
}
