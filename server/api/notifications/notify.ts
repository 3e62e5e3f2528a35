import type Koa from 'koa';
import type { Knex } from 'knex';
import { originOf } from '../../site';
import {
  DEFAULT_NOTIFICATION_CHANNEL,
  mentionedIds,
  NOTIFICATION_LIMITS,
  type NotificationChannel,
  type NotificationType,
} from '../../../contracts/notifications';
import { enqueueMail, type MailQueue } from '../../mail/outbox';
import type { Viewer } from '../../middleware/auth';
import { digestMail, notificationMail, type MailSite, type NotificationMailItem } from '../../mail/template';
import { isPublicDiscussion, isPublished } from '../content/visibility';
import {
  activeRecipients,
  articleTarget,
  discussionTarget,
  channelsOf,
  digestRecipientIds,
  insertNotifications,
  markDigested,
  notificationsByIds,
  waitingDigest,
  type EmailState,
  type NewNotification,
  type NotificationRow,
  type RecipientRow,
} from './repo';
import { excerptOf, summaryOf, targetPath, TYPE_NAMES } from './presenter';
import { canOpenNotification, canOpenTarget, type OpenableTarget } from './policy';
import { unsubscribeToken, type UnsubscribeScope } from './unsubscribe';
import { isEmailConfirmed } from '../email-confirmations/service';

/*
 * Turning events into notifications (docs/notifications.md). The route that writes a reply, a
 * comment, or an article's publish/feature hands `notify` the event inside the write's own
 * transaction: the notifications and their mail exist exactly when the event does. Withdrawal needs
 * no call: a notification's source and target are foreign keys with ON DELETE CASCADE.
 */

/** What happened. `origin`: the site origin the mail's links are built on (originOf(ctx, site)). */
export type NotificationEvent = { actorId: string; origin: string } & (
  | { kind: 'reply'; replyId: string; discussionId: string; content: string }
  | { kind: 'comment'; commentId: string; articleId: string; content: string }
  | { kind: 'article_published' | 'article_featured'; articleId: string }
);

export interface NotifierDeps {
  siteName: string;
  /** PUBLIC_URL, when set: links in mail are built on it, else on the request's origin. */
  publicUrl?: string;
  /** The HMAC key of unsubscribe tokens (SESSION_SECRET). */
  secret: string;
  /** The mailbox of `List-Unsubscribe`'s mailto: (CONTACT_EMAIL: a person reads it). */
  contactEmail: string;
  mail: Pick<MailQueue, 'enabled' | 'kick'>;
}

/** The default-filled channel of `type` for a member. */
function channelOf(channels: Map<string, NotificationChannel> | undefined, type: NotificationType): NotificationChannel {
  return channels?.get(type) ?? DEFAULT_NOTIFICATION_CHANNEL;
}

const nameOf = (r: Pick<RecipientRow, 'first_name' | 'last_name'>) => [r.first_name, r.last_name].filter(Boolean).join(' ') || null;

export class Notifier {
  constructor(private readonly deps: NotifierDeps) {}

  /**
   * Creates the event's notifications in `trx`: at most one per recipient (a mention wins over
   * "reply to your discussion" / "comment on your article"), never to the actor, never to a
   * deactivated or unknown account, none for channel `off`; `email` also queues one mail now,
   * `digest` marks the row for the day's digest. Returns how many were created.
   */
  async notify(trx: Knex.Transaction, event: NotificationEvent): Promise<number> {
    const { wanted, target } = await this.recipientsOf(trx, event);
    wanted.delete(event.actorId);
    // Only members who may open the target now: a featured draft tells an author who cannot see drafts nothing.
    const recipients = target ? (await activeRecipients(trx, [...wanted.keys()])).filter((r) => canOpenTarget(r, target)) : [];
    if (!recipients.length) return 0;
    const channels = await channelsOf(trx, recipients.map((r) => r.id));
    const rows: NewNotification[] = [];
    for (const r of recipients) {
      const type = wanted.get(r.id)!;
      const channel = channelOf(channels.get(r.id), type);
      if (channel === 'off') continue;
      rows.push({
        userId: r.id,
        type,
        actorId: event.actorId,
        articleId: event.kind === 'reply' ? null : event.articleId,
        discussionId: event.kind === 'reply' ? event.discussionId : null,
        commentId: event.kind === 'comment' ? event.commentId : null,
        replyId: event.kind === 'reply' ? event.replyId : null,
        email: this.emailStateOf(channel, r),
      });
    }
    const ids = await insertNotifications(trx, rows);
    const mailed = ids.filter((_, i) => rows[i].email === 'sent');
    if (mailed.length) {
      const byId = new Map(recipients.map((r) => [r.id, r]));
      for (const row of await notificationsByIds(trx, mailed)) await this.mailOne(trx, event.origin, row, byId.get(row.user_id)!);
    }
    return rows.length;
  }

  /** The origin links in mail are built on, for a request (originOf: PUBLIC_URL, else the checked Host). */
  originFor(ctx: Koa.Context): string {
    return originOf(ctx, { publicUrl: this.deps.publicUrl });
  }

  /** After the write's commit: send what it queued now, where this process holds the mail lease. */
  kick(): void {
    if (this.deps.mail.enabled) this.deps.mail.kick();
  }

  private emailStateOf(channel: NotificationChannel, to: RecipientRow): EmailState {
    // Where the site cannot send mail, a mail channel is the list alone (nothing queued for later);
    // likewise for an address nobody confirmed (docs/security.md §13): the notification stays in the app.
    if (!this.deps.mail.enabled || !isEmailConfirmed(to)) return 'none';
    return channel === 'email' ? 'sent' : channel === 'digest' ? 'digest' : 'none';
  }

  /**
   * Who the event concerns and as what; mentions last, so they replace the owner's type. A reply or
   * comment on something not public (a draft only editors see) tells nobody: a mention must not
   * lead a member to a page that is 404 for them. Also answers the target, for `canOpenTarget`.
   */
  private async recipientsOf(trx: Knex.Transaction, event: NotificationEvent): Promise<{ wanted: Map<string, NotificationType>; target?: OpenableTarget }> {
    const wanted = new Map<string, NotificationType>();
    let target: OpenableTarget;
    if (event.kind === 'reply') {
      const d = await discussionTarget(trx, event.discussionId);
      if (!d || !isPublicDiscussion(d)) return { wanted };
      target = { kind: 'discussion', ...d };
      if (d.author_id) wanted.set(d.author_id, 'discussion_reply');
    } else {
      const a = await articleTarget(trx, event.articleId);
      if (!a) return { wanted };
      if (event.kind === 'comment' && !isPublished(a)) return { wanted };
      target = { kind: 'article', ...a };
      if (a.author_id) wanted.set(a.author_id, event.kind === 'comment' ? 'article_comment' : event.kind);
    }
    if (event.kind === 'reply' || event.kind === 'comment') {
      for (const id of await this.mentioned(trx, event.content, event.actorId)) wanted.set(id, 'mention');
    }
    return { wanted, target };
  }

  /**
   * The members a text mentions who can be notified: existing active accounts other than the
   * author, the first NOTIFICATION_LIMITS.mentionsPerPost of them in the text's order. A mention of
   * anyone else stays text and notifies nobody.
   */
  private async mentioned(trx: Knex.Transaction, content: string, actorId: string): Promise<string[]> {
    const ids = mentionedIds(content).filter((id) => id !== actorId);
    if (!ids.length) return [];
    const active = new Set((await activeRecipients(trx, ids)).map((r) => r.id));
    return ids.filter((id) => active.has(id)).slice(0, NOTIFICATION_LIMITS.mentionsPerPost);
  }

  private site(origin: string): MailSite {
    return { siteName: this.deps.siteName, origin };
  }

  /** `List-Unsubscribe` of a mail to `userId` that `scope` stops (RFC 2369 / 8058). */
  unsubscribeUrl(origin: string, userId: string, scope: UnsubscribeScope): string {
    return `${origin}/api/notifications/unsubscribe?token=${unsubscribeToken(this.deps.secret, userId, scope)}`;
  }

  private listUnsubscribe(url: string): string {
    return `<${url}>, <mailto:${this.deps.contactEmail}?subject=unsubscribe>`;
  }

  /** A notification as mail tells it to `to`: with its title, words and link only while they may open its target. */
  private item(origin: string, row: NotificationRow, to: Viewer): NotificationMailItem {
    const open = canOpenNotification(to, row);
    return { summary: summaryOf(row, open), excerpt: open ? excerptOf(row) : null, link: open ? `${origin}${targetPath(row)}` : null };
  }

  private async mailOne(trx: Knex.Transaction, origin: string, row: NotificationRow, to: RecipientRow): Promise<void> {
    const unsubscribe = this.unsubscribeUrl(origin, to.id, row.type);
    const content = notificationMail(this.site(origin), this.item(origin, row, to), {
      settingsUrl: `${origin}/notifications/settings`,
      unsubscribeUrl: unsubscribe,
      typeName: TYPE_NAMES[row.type],
    });
    await enqueueMail(trx, { kind: `notification_${row.type}`, to: { address: to.email, name: nameOf(to) }, listUnsubscribe: this.listUnsubscribe(unsubscribe), ...content });
  }

  /**
   * The daily digest (channel `digest`): for every member whose oldest waiting notification is at
   * least a day old at `at`, one mail with all their waiting ones, queued in the transaction that
   * marks them digested — so each notification is in exactly one digest, and a member gets at most
   * one digest a day. Run by the holder of the maintenance lease (main.ts); tests call it with
   * their clock. Notifications withdrawn meanwhile are simply not there. Returns the mails queued.
   */
  async sendDigests(db: Knex, origin: string, at: number = Date.now(), batch = 100): Promise<number> {
    if (!this.deps.mail.enabled) return 0;
    const dueBefore = new Date(at - DIGEST_INTERVAL_MS).toISOString();
    let queued = 0;
    for (const userId of await digestRecipientIds(db, dueBefore, batch)) {
      const sent = await db.transaction(async (trx) => {
        const [to] = await activeRecipients(trx, [userId]);
        const rows = await waitingDigest(trx, userId);
        if (!rows.length) return false;
        // A member deactivated since, or whose new address is not confirmed yet, gets none; their
        // rows leave the queue all the same (they stay in the app).
        const mailable = to && isEmailConfirmed(to) ? to : undefined;
        if (mailable) {
          const unsubscribe = this.unsubscribeUrl(origin, userId, 'digest');
          const content = digestMail(this.site(origin), rows.map((r) => this.item(origin, r, mailable)), {
            settingsUrl: `${origin}/notifications/settings`,
            unsubscribeUrl: unsubscribe,
            typeName: 'the daily summary',
          });
          await enqueueMail(trx, { kind: 'notification_digest', to: { address: mailable.email, name: nameOf(mailable) }, listUnsubscribe: this.listUnsubscribe(unsubscribe), ...content });
        }
        await markDigested(trx, rows.map((r) => r.id));
        return Boolean(mailable);
      });
      if (sent) queued++;
    }
    if (queued) this.kick();
    return queued;
  }
}

/** A digest gathers at most a day: a member's waiting notifications go once the oldest is this old. */
export const DIGEST_INTERVAL_MS = 24 * 60 * 60 * 1000;
