import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../../../contracts/audit';
import { ACTION_OPTIONS, actionVerb, changesOf, changeText } from './words';

describe('the audit log in words', () => {
  it('reads a change of each field as "field: before → after"', () => {
    expect(changesOf({ before: { role: 'subscriber' }, after: { role: 'editor' } }).map(changeText)).toEqual(['role: subscriber → editor']);
    expect(changesOf({ before: { isActive: true }, after: { isActive: false } }).map(changeText)).toEqual(['active: yes → no']);
    // The content helpers record column names; they read the same.
    expect(changesOf({ before: { is_archived: false }, after: { is_archived: true } }).map(changeText)).toEqual(['archived: no → yes']);
    expect(changesOf({ before: { company: null }, after: { company: 'Acme' } }).map(changeText)).toEqual(['company: none → Acme']);
  });

  it('shows one side alone for creations, deletions and a new password', () => {
    expect(changesOf({ before: null, after: { email: 'a@b.test', passwordChanged: true } }).map(changeText)).toEqual(['email: a@b.test', 'password: changed']);
    expect(changesOf({ before: { name: 'Tax' }, after: null }).map(changeText)).toEqual(['name: Tax']);
    expect(changesOf({ before: null, after: null })).toEqual([]);
  });

  it('cuts long values', () => {
    const [change] = changesOf({ before: null, after: { description: 'x'.repeat(200) } });
    expect(change.after).toHaveLength(58);
    expect(change.after!.endsWith('…')).toBe(true);
  });

  it('has words and a filter choice for every action, and an "all" choice per group of several', () => {
    for (const action of AUDIT_ACTIONS) expect(actionVerb(action)).not.toBe(action);
    const ids = ACTION_OPTIONS.map((o) => o.id);
    for (const action of AUDIT_ACTIONS) expect(ids).toContain(action);
    expect(ids).toContain('user.');
    expect(ids).not.toContain('menu.');
    expect(ACTION_OPTIONS.find((o) => o.id === 'user.role')).toMatchObject({ label: 'Role changes', group: 'Members' });
  });
});
