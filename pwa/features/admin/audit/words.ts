import { AUDIT_ACTIONS, auditActionGroup, type AuditAction, type AuditEntry } from '../../../../contracts/audit';
import type { SelectOption } from '../../../components/Select';

/**
 * How the audit log reads: each action as words in a sentence ("Ada Admin changed the role of
 * Bob") and as a filter choice ("Role changes"), grouped by what it is about.
 */
const ACTIONS: Record<AuditAction, { verb: string; filter: string }> = {
  'user.create': { verb: 'created the account of', filter: 'Accounts created' },
  'user.update': { verb: 'edited the account of', filter: 'Accounts edited' },
  'user.role': { verb: 'changed the role of', filter: 'Role changes' },
  'user.activate': { verb: 'activated', filter: 'Activations' },
  'user.deactivate': { verb: 'deactivated', filter: 'Deactivations' },
  'user.delete': { verb: 'deleted the account of', filter: 'Accounts deleted' },
  'user.sign-out-everywhere': { verb: 'signed out everywhere', filter: 'Signed out everywhere' },
  'user.two-factor-reset': { verb: 'reset two-step sign-in of', filter: 'Two-step sign-in resets' },
  'invitation.create': { verb: 'invited', filter: 'Invitations sent' },
  'invitation.revoke': { verb: 'revoked the invitation of', filter: 'Invitations revoked' },
  'content.publish': { verb: 'published', filter: 'Published' },
  'content.unpublish': { verb: 'unpublished', filter: 'Unpublished' },
  'content.schedule': { verb: 'scheduled', filter: 'Scheduled' },
  'content.archive': { verb: 'archived', filter: 'Archived' },
  'content.unarchive': { verb: 'unarchived', filter: 'Unarchived' },
  'content.delete': { verb: 'deleted', filter: 'Deleted' },
  'content.restore-revision': { verb: 'restored an earlier version of', filter: 'Revisions restored' },
  'content.feature': { verb: 'featured', filter: 'Featured' },
  'content.unfeature': { verb: 'stopped featuring', filter: 'No longer featured' },
  'discussion.publish': { verb: 'published the discussion', filter: 'Published' },
  'discussion.unpublish': { verb: 'unpublished the discussion', filter: 'Unpublished' },
  'discussion.delete': { verb: 'deleted the discussion', filter: 'Deleted' },
  'discussion.feature': { verb: 'featured the discussion', filter: 'Featured' },
  'discussion.unfeature': { verb: 'stopped featuring the discussion', filter: 'No longer featured' },
  'menu.update': { verb: 'changed the menu item', filter: 'Menu changes' },
  'category.create': { verb: 'created the category', filter: 'Created' },
  'category.update': { verb: 'edited the category', filter: 'Edited' },
  'category.delete': { verb: 'deleted the category', filter: 'Deleted' },
  'show.create': { verb: 'created the show', filter: 'Created' },
  'show.update': { verb: 'edited the show', filter: 'Edited' },
  'show.delete': { verb: 'deleted the show', filter: 'Deleted' },
  'site.rebuild': { verb: 'rebuilt the sample data', filter: 'Rebuilds' },
  'moderation.hide': { verb: 'hid the reported', filter: 'Hidden' },
  'moderation.restore': { verb: 'restored the reported', filter: 'Restored' },
  'moderation.delete': { verb: 'deleted the reported', filter: 'Deleted' },
  'moderation.dismiss': { verb: 'dismissed the reports on', filter: 'Reports dismissed' },
};

/** Each group's heading in the action filter, and its "all of them" choice. */
const GROUPS: Record<string, { name: string; all: string }> = {
  user: { name: 'Members', all: 'All member changes' },
  invitation: { name: 'Invitations', all: 'All invitation changes' },
  content: { name: 'Articles and episodes', all: 'All article and episode changes' },
  discussion: { name: 'Discussions', all: 'All discussion changes' },
  menu: { name: 'Menu', all: 'All menu changes' },
  category: { name: 'News categories', all: 'All category changes' },
  show: { name: 'Podcast shows', all: 'All show changes' },
  site: { name: 'Site', all: 'All site changes' },
  moderation: { name: 'Moderation', all: 'All moderation' },
};

export const actionVerb = (action: AuditAction) => ACTIONS[action]?.verb ?? action;

/** The action filter's choices: everything, then per group "All …" and each action. */
export const ACTION_OPTIONS: SelectOption[] = [
  { id: 'all', label: 'All actions' },
  ...[...new Set(AUDIT_ACTIONS.map(auditActionGroup))].flatMap((group) => {
    const { name, all } = GROUPS[group] ?? { name: group, all: `All ${group} changes` };
    const actions = AUDIT_ACTIONS.filter((a) => auditActionGroup(a) === group);
    return [
      ...(actions.length > 1 ? [{ id: `${group}.`, label: all, group: name }] : []),
      ...actions.map((action) => ({ id: action, label: ACTIONS[action].filter, group: name })),
    ];
  }),
];

/** Field names as words ("isActive" → "active", "is_archived" → "archived", "firstName" → "first name"). */
export function fieldWords(key: string): string {
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase()
    .replace(/^is /, '');
  return words === 'password changed' ? 'password' : words;
}

/** A value as a short text: yes/no, "none" for nothing, long texts cut. */
export function valueWords(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

export interface Change {
  field: string;
  /** Absent when the field only appears on one side (created, deleted, an event). */
  before?: string;
  after?: string;
}

/** An entry's before/after as one change per field, for the chips ("role: subscriber → editor"). */
export function changesOf(entry: Pick<AuditEntry, 'before' | 'after'>): Change[] {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return keys.map((key) => {
    const change: Change = { field: fieldWords(key) };
    if (entry.before && key in entry.before) change.before = valueWords(entry.before[key]);
    if (entry.after && key in entry.after) change.after = key === 'passwordChanged' ? 'changed' : valueWords(entry.after[key]);
    return change;
  });
}

/** A chip's text: "role: subscriber → editor", or "email: a@b.c" when only one side exists. */
export function changeText({ field, before, after }: Change): string {
  if (before !== undefined && after !== undefined) return `${field}: ${before} → ${after}`;
  return `${field}: ${after ?? before}`;
}
