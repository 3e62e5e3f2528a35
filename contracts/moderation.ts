import { z } from './zod';
import { Id, LimitParam, safeText, Timestamp } from './common';
import { MODERATION_ACTIONS, REPORT_NOTE_MAX, REPORT_REASONS, REPORT_TARGET_TYPES } from './moderation-constants';

export * from './moderation-constants';

export const ReportTarget = z.object({ type: z.enum(REPORT_TARGET_TYPES, { error: 'Choose what to report' }), id: Id });
export type ReportTarget = z.infer<typeof ReportTarget>;

const Note = safeText('Note must be text').trim().max(REPORT_NOTE_MAX, `Note must be at most ${REPORT_NOTE_MAX} characters`);

/** POST /api/reports. A note is optional, except for "something else", which it explains. */
export const ReportCreateInput = z
  .object({
    target: ReportTarget,
    reason: z.enum(REPORT_REASONS, { error: 'Choose a reason' }),
    note: Note.nullish().transform((v) => v || null),
  })
  .superRefine((v, ctx) => {
    if (v.reason === 'other' && !v.note) ctx.addIssue({ code: 'custom', path: ['note'], message: 'Tell the moderators what is wrong' });
  });
export type ReportCreateInput = z.infer<typeof ReportCreateInput>;

export const ReportCreated = z.object({ id: Id, hidden: z.boolean() });
/** GET /api/reports/mine: what the signed-in member has reported, newest first (its Report buttons say "Reported"). */
export const ReportedItem = ReportTarget;
export type ReportedItem = ReportTarget;
export type ReportCreated = z.infer<typeof ReportCreated>;

/** A hidden comment, reply or discussion as its author and moderators see it (others get no words). */
export const HiddenState = z.object({ at: Timestamp, reason: z.string().nullable() });
export type HiddenState = z.infer<typeof HiddenState>;

export const QueueReport = z.object({
  id: Id,
  reason: z.enum(REPORT_REASONS),
  note: z.string().nullable(),
  createdAt: Timestamp,
  reporter: z.object({ id: Id, name: z.string() }).nullable(),
});

/** One reported item of the queue with its open reports, newest report first. */
export const QueueItem = z.object({
  target: ReportTarget,
  /** What the item says (a comment's words, a discussion's title) or the member's name; null when it is gone. */
  label: z.string().nullable(),
  excerpt: z.string().nullable(),
  /** Where the item is read (the member's admin row for a member). */
  path: z.string().nullable(),
  author: z.object({ id: Id, name: z.string() }).nullable(),
  hidden: HiddenState.nullable(),
  latestReportAt: Timestamp,
  reports: z.array(QueueReport),
});
export type QueueItem = z.infer<typeof QueueItem>;

export const QueueQuery = z.object({ limit: LimitParam, after: z.string().optional() });
export type QueueQuery = z.infer<typeof QueueQuery>;

/** GET /api/moderation/count: open reported items (the admin's desk shows it). */
export const QueueCount = z.object({ open: z.number().int() });

/** POST /api/moderation/actions. */
export const ModerationActionInput = z.object({
  target: ReportTarget,
  action: z.enum(MODERATION_ACTIONS, { error: 'Choose an action' }),
  note: Note.nullish().transform((v) => v || null),
});
export type ModerationActionInput = z.infer<typeof ModerationActionInput>;
