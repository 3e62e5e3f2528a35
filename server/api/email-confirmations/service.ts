import type Koa from 'koa';
import type { Knex } from 'knex';
import { EMAIL_CONFIRMATION_TTL_HOURS } from '../../../contracts/email-confirmations';
import { originOf, type SiteInfo } from '../../site';
import { enqueueMail, type MailQueue } from '../../mail/outbox';
import { emailConfirmationMail } from '../../mail/template';
import type { UserRow } from '../users/presenter';
import { issueEmailConfirmation, markEmailUnconfirmed } from './repo';

export interface EmailConfirmerDeps {
  site: Pick<SiteInfo, 'siteName' | 'publicUrl'>;
  mail: MailQueue;
  /** Epoch milliseconds now: a link's 24 hours are measured on it (tests move it). */
  clock: () => number;
}

/**
 * Issues confirmation links and queues their mail, for the routes that make an address new: sign-up
 * (auth/routes.ts), an admin's change of an account's address (users/service.ts), and the member's
 * "Resend" (./routes.ts). Everything is written in the caller's transaction, so the mail exists if
 * and only if the account (or the change) does; the caller calls `kick()` after the commit.
 */
export class EmailConfirmer {
  constructor(private readonly deps: EmailConfirmerDeps) {}

  get mailEnabled(): boolean {
    return this.deps.mail.enabled;
  }

  now(): number {
    return this.deps.clock();
  }

  /** The origin the link is built on (PUBLIC_URL, else the checked Host of the request). */
  originFor(ctx: Koa.Context): string {
    return originOf(ctx, this.deps.site);
  }

  /**
   * Queues a link to the user's current address in `trx`. Where the site sends no mail nothing is
   * issued (the address stays unconfirmed; no mail would go to it anyway). True when queued.
   */
  async send(trx: Knex | Knex.Transaction, user: Pick<UserRow, 'id' | 'email' | 'first_name' | 'last_name'>, origin: string): Promise<boolean> {
    if (!this.deps.mail.enabled) return false;
    const at = this.deps.clock();
    const token = await issueEmailConfirmation(trx, user.id, user.email, at);
    // The screen that takes it is the PWA's (pwa/features/auth/ConfirmEmailPage.tsx).
    const link = `${origin}/confirm-email/${token}`;
    const content = emailConfirmationMail({ siteName: this.deps.site.siteName, origin }, { firstName: user.first_name }, link, EMAIL_CONFIRMATION_TTL_HOURS);
    const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
    await enqueueMail(trx, { kind: 'email_confirmation', to: { address: user.email, name }, ...content }, at);
    return true;
  }

  /**
   * The account's address changed (`user` is the row after the change): it is unconfirmed until the
   * new address is confirmed, links mailed to the old one no longer count, and a link goes to the
   * new one.
   */
  async addressChanged(trx: Knex.Transaction, user: Pick<UserRow, 'id' | 'email' | 'first_name' | 'last_name'>, origin: string): Promise<void> {
    await markEmailUnconfirmed(trx, user.id, this.deps.clock());
    await this.send(trx, user, origin);
  }

  /** After the commit: send what was queued now, where this process holds the mail lease. */
  kick(): void {
    if (this.deps.mail.enabled) this.deps.mail.kick();
  }
}
