import { z } from './zod';
import { Id, LimitParam, safeText, Timestamp } from './common';

/**
 * The audit log: every admin and editor action that changes others' work or access.
 * `action` names are `<target>.<verb>`; the screen filters by them, so adding one means adding it here.
 */
export const AUDIT_ACTIONS = [
  'user.create',
  'user.update',
  'user.role',
  'user.activate',
  'user.deactivate',
  'user.delete',
  'user.sign-out-everywhere',
  'user.two-factor-reset',
  'invitation.create',
  'invitation.revoke',
  'content.publish',
  'content.unpublish',
  'content.schedule',
  'content.archive',
  'content.unarchive',
  'content.delete',
  'content.restore-revision',
  'content.feature',
  'content.unfeature',
  'discussion.publish',
  'discussion.unpublish',
  'discussion.delete',
  'discussion.feature',
  'discussion.unfeature',
  'menu.update',
  'category.create',
  'category.update',
  'category.delete',
  'show.create',
  'show.update',
  'show.delete',
  'site.rebuild',
  // The moderation queue: what a moderator did with a reported item.
  'moderation.hide',
  'moderation.restore',
  'moderation.delete',
  'moderation.dismiss',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry is about: a target type and its id (null for the whole site, e.g. a rebuild). */
export const AUDIT_TARGET_TYPES = ['user', 'invitation', 'article', 'episode', 'discussion', 'menu', 'category', 'show', 'site', 'comment', 'reply'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const AuditEntry = z.object({
  id: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  actor: z.object({ id: z.string().nullable(), name: z.string() }),
  target: z.object({
    type: z.enum(AUDIT_TARGET_TYPES),
    id: z.string().nullable(),
    label: z.string().nullable(),
    /** Whether the target still exists (a member, article, episode or discussion the screen can link to). */
    exists: z.boolean(),
  }),
  /** The fields that changed, as they were and as they became (null when created or deleted). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: Timestamp,
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** The part of an action before its dot (`user.role` → `user`): the screen's groups and the prefix filter. */
export const auditActionGroup = (action: string) => action.slice(0, action.indexOf('.'));
const ACTION_GROUPS = [...new Set(AUDIT_ACTIONS.map(auditActionGroup))];

const BAD_ACTION = 'Unknown action';
// Bounded so the day after `to` is still a time both engines store.
const DateParam = z.iso
  .date('Use a date like 2026-11-28')
  .refine((d) => d >= '1970-01-01' && d <= '9999-12-30', 'Use a date like 2026-11-28');

/**
 * GET /api/admin/audit: newest first. `action` is one action or a group's prefix (`user.`);
 * `from`/`to` are whole days in UTC, both inclusive.
 */
export const AuditListQuery = z
  .object({
    action: z
      .string()
      .refine((a) => (AUDIT_ACTIONS as readonly string[]).includes(a) || (a.endsWith('.') && ACTION_GROUPS.includes(a.slice(0, -1))), BAD_ACTION)
      .optional(),
    actor: Id.optional(),
    targetType: z.enum(AUDIT_TARGET_TYPES, { error: 'Unknown target type' }).optional(),
    targetId: safeText().min(1).max(100).optional(),
    from: DateParam.optional(),
    to: DateParam.optional(),
    cursor: safeText().max(200).optional(),
    limit: LimitParam,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'The end date is before the start date' });
export type AuditListQuery = z.infer<typeof AuditListQuery>;

export const AuditList = z.object({ entries: z.array(AuditEntry) });
export type AuditList = z.infer<typeof AuditList>;
