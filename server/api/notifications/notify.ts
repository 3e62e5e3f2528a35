import type { Knex } from 'knex';
import type { ModerationDecision } from '../../events/index';
import {
  DEFAULT_NOTIFICATION_CHANNEL,
  mentionedIds,
  NOTIFICATION_LIMITS,
  type NotificationChannel,
  type NotificationType,
} from '../../../contracts/notifications';
import { enqueueMail, type MailQueue } from '../../mail/outbox';
import type { Viewer } from '../../middleware/auth';
import { digestMail, notificationMail, watchedRepliesMail, type DigestTopicItem, type MailSite, type NotificationMailItem } from '../../mail/template';
import { canOpen } from '../content/visibility';
import {
  activeRecipients,
  articleTarget,
  discussionTarget,
  episodeTarget,
  channelsOf,
  categoriesOfArticles,
  digestRecipientIds,
  groupKeyOf,
  insertNotifications,
  lastDigestAt,
  mutedTopicsOf,
  newInFollowedTopics,
  setLastDigestAt,
  markBatchSent,
  markDigested,
  notificationsByIds,
  waitingWatchBatch,
  watchBatchesDue,
  waitingDigest,
  type EmailState,
  type MutedTopics,
  type NewNotification,
  type NotificationRow,
  type RecipientRow,
} from './repo';
import { excerptOf, groupExcerptOf, groupSummaryOf, summaryOf, targetPath, TYPE_NAMES } from './presenter';
import { canOpenNotification, canOpenTarget, type OpenableTarget } from './policy';
import { unsubscribeToken, type UnsubscribeScope } from './unsubscribe';
import { isEmailConfirmed } from '../email-confirmations/policy';
import { categoryWatchersOf, discussionWatchRows } from '../watches/repo';
import { watchersByLevel } from '../watches/policy';
import { digestStanding } from '../cpd/standing';
import { yearEndWords } from '../../../contracts/constants';
import { toIso } from '../../db/dialect';

/*
 * Turning events into notifications (docs/notifications.md). A write that posts a reply, a comment,
 * or publishes/features an article records its domain event, and this resource's in-transaction
 * subscriber (subscribers.ts) hands `notify` what it says inside the write's own transaction: the
 * notifications and their mail exist exactly when the write does. Withdrawal needs no call: a
 * notification's source and target are foreign keys with ON DELETE CASCADE.
 */

/** What happened. `origin`: the site origin the mail's links are built on (originOf(ctx, site)). */
export type NotificationEvent = { actorId: string; origin: string } & (
  | { kind: 'reply'; replyId: string; discussionId: string; content: string; previousContent?: string }
  /** A reply marked as its discussion's answer (Solved): tells the reply's author. */
  | { kind: 'answer'; replyId: string; discussionId: string; replyAuthorId: string | null }
  | { kind: 'comment'; commentId: string; articleId: string; content: string; previousContent?: string }
  /** A comment on an episode: it tells the members it mentions (episodes have no author to tell). */
  | { kind: 'episode_comment'; commentId: string; episodeId: string; content: string; previousContent?: string }
  | { kind: 'article_published' | 'article_featured'; articleId: string }
  /** A new discussion: it tells the members watching its category. */
  | { kind: 'discussion'; discussionId: string }
);

/** The notification's target and source columns for an event (docs/notifications.md: exactly one target). */
function targetColumns(event: NotificationEvent): Omit<NewNotification, 'userId' | 'type' | 'actorId' | 'email'> {
  switch (event.kind) {
    case 'reply':
    case 'answer':
      return { discussionId: event.discussionId, replyId: event.replyId };
    case 'discussion':
      return { discussionId: event.discussionId };
    case 'episode_comment':
      return { podcastId: event.episodeId, podcastCommentId: event.commentId };
    case 'comment':
      return { articleId: event.articleId, commentId: event.commentId };
    default:
      return { articleId: event.articleId };
  }
}

/** A moderator's decision, as its event tells it (server/api/moderation/routes.ts). */
export type ModerationEvent = ModerationDecision;

const OUTCOMES = { hide: 'hidden', restore: 'restored', delete: 'deleted', dismiss: 'dismissed' } as const;

/** Where a moderation notice links: the item, or its parent once the item is deleted; none for members. */
function moderationColumns(e: ModerationEvent): Omit<NewNotification, 'userId' | 'type' | 'actorId' | 'email'> | null {
  const gone = e.action === 'delete';
  switch (e.targetType) {
    case 'article_comment':
      return { articleId: e.parentId, commentId: gone ? null : e.itemId };
    case 'episode_comment':
      return { podcastId: e.parentId, podcastCommentId: gone ? null : e.itemId };
    case 'reply':
      return { discussionId: e.parentId, replyId: gone ? null : e.itemId };
    case 'discussion':
      return gone ? null : { discussionId: e.itemId };
    case 'member':
      return null;
  }
}

export interface NotifierDeps {
  siteName: string;
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
    return this.deliver(trx, event.origin, recipients, wanted, { actorId: event.actorId, ...targetColumns(event) });
  }

  /**
   * A moderator's decision on a reported item, in the decision's transaction: its author
   * gets a `moderation` notice and each reporter a `report_outcome`, linked to the item (to its
   * article, episode or discussion once deleted). Nothing for a reported member, nor for a deleted
   * discussion (there is nothing left to link to). Returns how many were created.
   */
  async notifyModeration(trx: Knex.Transaction, event: ModerationEvent): Promise<number> {
    const columns = moderationColumns(event);
    if (!columns) return 0;
    const wanted = new Map<string, NotificationType>();
    for (const id of event.reporterIds) wanted.set(id, 'report_outcome');
    if (event.authorId) wanted.set(event.authorId, 'moderation');
    wanted.delete(event.actorId);
    const recipients = await activeRecipients(trx, [...wanted.keys()]);
    if (!recipients.length) return 0;
    return this.deliver(trx, event.origin, recipients, wanted, { actorId: event.actorId, ...columns, outcome: OUTCOMES[event.action] });
  }

  /** One row per recipient in their channel for its type (none for `off`); those on `email` mailed now. */
  private async deliver(
    trx: Knex.Transaction,
    origin: string,
    recipients: RecipientRow[],
    wanted: Map<string, NotificationType>,
    fields: Omit<NewNotification, 'userId' | 'type' | 'email'>,
  ): Promise<number> {
    const channels = await channelsOf(trx, recipients.map((r) => r.id));
    const rows: NewNotification[] = [];
    for (const r of recipients) {
      const type = wanted.get(r.id)!;
      const channel = channelOf(channels.get(r.id), type);
      if (channel === 'off') continue;
      rows.push({ ...fields, userId: r.id, type, email: this.emailStateOf(channel, r, type) });
    }
    const ids = await insertNotifications(trx, rows);
    const mailed = ids.filter((_, i) => rows[i].email === 'sent');
    if (mailed.length) {
      const byId = new Map(recipients.map((r) => [r.id, r]));
      for (const row of await notificationsByIds(trx, mailed)) await this.mailOne(trx, origin, row, byId.get(row.user_id)!);
    }
    return rows.length;
  }

  /** After the write's commit: send what it queued now, where this process holds the mail lease. */
  kick(): void {
    if (this.deps.mail.enabled) this.deps.mail.kick();
  }

  private emailStateOf(channel: NotificationChannel, to: RecipientRow, type: NotificationType): EmailState {
    // Where the site cannot send mail, a mail channel is the list alone (nothing queued for later);
    // likewise for an address nobody confirmed (docs/security.md §13): the notification stays in the app.
    if (!this.deps.mail.enabled || !isEmailConfirmed(to)) return 'none';
    // A watched discussion's replies come in bursts: they wait to be mailed together (sendWatchBatches).
    if (channel === 'email' && type === 'watched_reply') return 'batch';
    return channel === 'email' ? 'sent' : channel === 'digest' ? 'digest' : 'none';
  }

  /**
   * Who the event concerns and as what; mentions last, so they replace the owner's type. A reply or
   * comment on something not public (a draft only editors see, a hidden discussion) tells nobody: a mention must not
   * lead a member to a page that is 404 for them. Also answers the target, for `canOpenTarget`.
   */
  private async recipientsOf(trx: Knex.Transaction, event: NotificationEvent): Promise<{ wanted: Map<string, NotificationType>; target?: OpenableTarget }> {
    const wanted = new Map<string, NotificationType>();
    let target: OpenableTarget;
    if (event.kind === 'reply' || event.kind === 'answer') {
      const d = await discussionTarget(trx, event.discussionId);
      if (!canOpen(undefined, 'discussion', d)) return { wanted };
      target = { kind: 'discussion', ...d };
      if (event.kind === 'answer') {
        if (event.replyAuthorId) wanted.set(event.replyAuthorId, 'answer_marked');
        return { wanted, target };
      }
      // An edited reply is not a new one: its watchers and the discussion's author were told when it was posted.
      if (event.previousContent === undefined) {
        // Watchers first, so the author's own notice replaces theirs; a muted author hears nothing but mentions.
        const watchers = watchersByLevel(await discussionWatchRows(trx, event.discussionId));
        for (const id of watchers.watching) wanted.set(id, 'watched_reply');
        if (d.author_id && !watchers.muted.has(d.author_id)) wanted.set(d.author_id, 'discussion_reply');
      }
    } else if (event.kind === 'discussion') {
      const d = await discussionTarget(trx, event.discussionId);
      if (!canOpen(undefined, 'discussion', d)) return { wanted };
      target = { kind: 'discussion', ...d };
      for (const id of await categoryWatchersOf(trx, event.discussionId)) wanted.set(id, 'watched_discussion');
    } else if (event.kind === 'episode_comment') {
      const e = await episodeTarget(trx, event.episodeId);
      if (!canOpen(undefined, 'episode', e)) return { wanted };
      target = { kind: 'episode', ...e };
    } else {
      const a = await articleTarget(trx, event.articleId);
      if (!a) return { wanted };
      if (event.kind === 'comment' && !canOpen(undefined, 'article', a)) return { wanted };
      target = { kind: 'article', ...a };
      // An edited comment is not a new one: its article's author was told when it was posted.
      if (a.author_id && !(event.kind === 'comment' && event.previousContent !== undefined)) wanted.set(a.author_id, event.kind === 'comment' ? 'article_comment' : event.kind);
    }
    if (event.kind === 'reply' || event.kind === 'comment' || event.kind === 'episode_comment') {
      // After an edit, only the members it newly mentions (those mentioned before were told then).
      const already = new Set('previousContent' in event && event.previousContent !== undefined ? mentionedIds(event.previousContent) : []);
      for (const id of await this.mentioned(trx, event.content, event.actorId)) if (!already.has(id)) wanted.set(id, 'mention');
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

  /** A digest line for a group (rows newest first): its sentence, its newest words and link, while the member may open it. */
  private groupItem(origin: string, rows: NotificationRow[], to: Viewer): NotificationMailItem {
    const open = canOpenNotification(to, rows[0]);
    return { summary: groupSummaryOf(rows, open), excerpt: groupExcerptOf(rows[0], open) ?? (open ? excerptOf(rows[0]) : null), link: open ? `${origin}${targetPath(rows[0])}` : null };
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
          const standing = await digestStanding(trx, userId, at);
          const muted = await mutedTopicsOf(trx, userId);
          const articleCategories = await categoriesOfArticles(trx, [...new Set(rows.flatMap((r) => (r.article_id ? [r.article_id] : [])))]);
          const lines = groupRows(rows.filter((r) => !inMutedTopic(r, muted, articleCategories))).map((group) => this.groupItem(origin, group, mailable));
          const since = toIso(await lastDigestAt(trx, userId)) ?? new Date(at - DIGEST_INTERVAL_MS).toISOString();
          const topics = followedLines(origin, await newInFollowedTopics(trx, userId, since, new Date(at).toISOString(), DIGEST_TOPIC_ITEMS));
          const content = digestMail(
            this.site(origin),
            lines,
            { settingsUrl: `${origin}/notifications/settings`, unsubscribeUrl: unsubscribe, typeName: 'the daily summary' },
            standing && yearEndWords(standing.missingHours, standing.yearEnd),
            topics,
          );
          await enqueueMail(trx, { kind: 'notification_digest', to: { address: mailable.email, name: nameOf(mailable) }, listUnsubscribe: this.listUnsubscribe(unsubscribe), ...content });
        }
        await markDigested(trx, rows.map((r) => r.id));
        if (mailable) await setLastDigestAt(trx, userId, new Date(at).toISOString());
        return Boolean(mailable);
      });
      if (sent) queued++;
    }
    if (queued) this.kick();
    return queued;
  }

  /**
   * Watched discussions' replies on `email` (state `batch`): for each member and discussion whose
   * oldest waiting reply is at least `intervalMs` old at `at`, one mail listing all of them, queued in
   * the transaction that marks them sent. A burst becomes one mail, and the next can only start
   * waiting after it, so a member gets at most about one mail per discussion per interval. Run by
   * the `watch-mail` lease's holder (server/api/watches/mail-job.ts); tests call it with their clock.
   */
  async sendWatchBatches(db: Knex, origin: string, intervalMs: number, at: number = Date.now(), batch = 100): Promise<number> {
    if (!this.deps.mail.enabled) return 0;
    const dueBefore = new Date(at - intervalMs).toISOString();
    let queued = 0;
    for (const { user_id: userId, discussion_id: discussionId } of await watchBatchesDue(db, dueBefore, batch)) {
      const sent = await db.transaction(async (trx) => {
        const [to] = await activeRecipients(trx, [userId]);
        const rows = await waitingWatchBatch(trx, userId, discussionId);
        if (!rows.length) return false;
        const mailable = to && isEmailConfirmed(to) ? to : undefined;
        if (mailable) {
          const unsubscribe = this.unsubscribeUrl(origin, userId, 'watched_reply');
          const title = canOpenNotification(mailable, rows[0]) ? rows[0].discussion_title : null;
          const content = watchedRepliesMail(this.site(origin), title, rows.map((r) => this.item(origin, r, mailable)), {
            settingsUrl: `${origin}/notifications/settings`,
            unsubscribeUrl: unsubscribe,
            typeName: TYPE_NAMES.watched_reply,
          });
          await enqueueMail(trx, { kind: 'notification_watched_reply', to: { address: mailable.email, name: nameOf(mailable) }, listUnsubscribe: this.listUnsubscribe(unsubscribe), ...content });
        }
        await markBatchSent(trx, rows.map((r) => r.id));
        return Boolean(mailable);
      });
      if (sent) queued++;
    }
    if (queued) this.kick();
    return queued;
  }
}

/** Most articles and most episodes the digest's "New in your topics" lists. */
export const DIGEST_TOPIC_ITEMS = 10;

/** The rows (newest first) in the list's groups, groups in the order of their newest row. */
function groupRows(rows: readonly NotificationRow[]): NotificationRow[][] {
  const groups = new Map<string, NotificationRow[]>();
  for (const r of rows) {
    const key = groupKeyOf(r);
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.values()];
}

/** Whether a notification is about something in a topic the member muted: then the digest leaves it out. */
function inMutedTopic(row: NotificationRow, muted: MutedTopics, articleCategories: Map<string, string[]>): boolean {
  if (row.article_id) return (articleCategories.get(row.article_id) ?? []).some((c) => muted.newsCategories.has(c));
  if (row.podcast_id) return Boolean(row.episode_show_id && muted.shows.has(row.episode_show_id));
  return Boolean(row.discussion_category_id && muted.forumCategories.has(row.discussion_category_id));
}

/** The digest's followed-topics lines: each item once (its first followed topic), articles then episodes, newest first. */
function followedLines(origin: string, rows: Awaited<ReturnType<typeof newInFollowedTopics>>): DigestTopicItem[] {
  const seen = new Set<string>();
  const out: DigestTopicItem[] = [];
  for (const r of rows) {
    if (seen.has(r.id)) continue;
    seen.add(r.id);
    out.push({ topic: r.topic_name, title: r.title, link: `${origin}${r.kind === 'article' ? '/news/' : '/podcasts/'}${r.id}` });
  }
  return out;
}

/** A digest gathers at most a day: a member's waiting notifications go once the oldest is this old. */
export const DIGEST_INTERVAL_MS = 24 * 60 * 60 * 1000;
