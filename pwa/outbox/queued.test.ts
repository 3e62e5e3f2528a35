// What screens take from the queue: the signed-in user's items of some kinds for one target, and a
// server list seen through the queue (creations after the sent rows, deletions hidden, edits' words).
import { describe, expect, it } from 'vitest';
import type { OutboxItem } from './db';
import { measuredWords, outboxLines, selectQueued, throughQueue } from './queued';

let seq = 0;
const item = (patch: Partial<OutboxItem> & Pick<OutboxItem, 'kind' | 'targetId'>): OutboxItem => ({
  seq: ++seq,
  id: `i${seq}`,
  userId: 'maya',
  method: 'POST',
  path: '/api/x',
  writtenAt: '2026-12-01T10:00:00.000Z',
  state: 'pending',
  ...patch,
});

describe('selectQueued', () => {
  const items = [
    item({ kind: 'comment', targetId: 'a1' }),
    item({ kind: 'comment', targetId: 'a1', userId: 'omar' }),
    item({ kind: 'comment', targetId: 'a2' }),
    item({ kind: 'comment', targetId: 'a1', commentKind: 'podcasts' }),
    item({ kind: 'deleteComment', targetId: 'a1', refId: 'c1' }),
    item({ kind: 'comment', targetId: 'a1', state: 'failed' }),
    item({ kind: 'like', targetId: 'a1' }),
  ];
  const ids = (picked: OutboxItem[]) => picked.map((i) => i.id);

  it("picks the user's items of the kinds asked, oldest first", () => {
    expect(ids(selectQueued(items, 'maya', 'comment'))).toEqual(['i1', 'i3', 'i4', 'i6']);
    expect(ids(selectQueued(items, 'maya', ['comment', 'deleteComment'], { targetId: 'a1' }))).toEqual(['i1', 'i4', 'i5', 'i6']);
  });

  it('reads an item without a comment kind as an article’s', () => {
    expect(ids(selectQueued(items, 'maya', 'comment', { targetId: 'a1', commentKind: 'news' }))).toEqual(['i1', 'i6']);
    expect(ids(selectQueued(items, 'maya', 'comment', { targetId: 'a1', commentKind: 'podcasts' }))).toEqual(['i4']);
  });

  it('filters by state and reference', () => {
    expect(ids(selectQueued(items, 'maya', 'comment', { targetId: 'a1', commentKind: 'news', state: 'pending' }))).toEqual(['i1']);
    expect(ids(selectQueued(items, 'maya', 'deleteComment', { refId: 'c1' }))).toEqual(['i5']);
    expect(ids(selectQueued(items, 'maya', 'deleteComment', { refId: 'c2' }))).toEqual([]);
  });

  it('shows nobody signed in nothing', () => {
    expect(selectQueued(items, null, 'comment')).toEqual([]);
  });
});

describe('throughQueue', () => {
  const KINDS = { create: 'comment', remove: 'deleteComment', edit: 'editComment' } as const;
  const listed = [{ id: 'c1' }, { id: 'c2' }, { id: 'c3' }];

  it('hides rows a pending deletion removes, not those a refused one names', () => {
    const view = throughQueue(listed, [item({ kind: 'deleteComment', targetId: 'a1', refId: 'c2' }), item({ kind: 'deleteComment', targetId: 'a1', refId: 'c3', state: 'failed' })], KINDS);
    expect(view.shown.map((row) => row.id)).toEqual(['c1', 'c3']);
  });

  it("gives a row its newest pending words", () => {
    const view = throughQueue(
      listed,
      [
        item({ kind: 'editComment', targetId: 'a1', refId: 'c1', text: 'First' }),
        item({ kind: 'editComment', targetId: 'a1', refId: 'c1', text: 'Second' }),
        item({ kind: 'editComment', targetId: 'a1', refId: 'c2', text: 'Refused', state: 'failed' }),
      ],
      KINDS,
    );
    expect([...view.edits]).toEqual([['c1', 'Second']]);
  });

  it('lists creations the server list does not hold yet, refused ones included, once', () => {
    const sent = item({ kind: 'comment', targetId: 'a1', id: 'c3' });
    const waiting = item({ kind: 'comment', targetId: 'a1' });
    const refused = item({ kind: 'comment', targetId: 'a1', state: 'failed' });
    const view = throughQueue(listed, [sent, waiting, refused], KINDS);
    expect(view.waiting).toEqual([waiting, refused]);
    expect(view.shown.map((row) => row.id)).toEqual(['c1', 'c2', 'c3']);
  });

  it('before the list has loaded: no rows, the queued creations', () => {
    const waiting = item({ kind: 'comment', targetId: 'a1' });
    expect(throughQueue(undefined, [waiting], KINDS)).toEqual({ shown: [], edits: new Map(), waiting: [waiting] });
  });
});

describe('outboxLines', () => {
  const time = (targetId: string, activeSeconds: number, writtenAt: string, title?: string) =>
    item({ kind: 'cpdTime', targetId, body: { activeSeconds }, writtenAt, ...(title ? { title } : {}) });

  it("lists the member's changes one by one and the CPD time summed per item, in queue order", () => {
    const like = item({ kind: 'like', targetId: 'a1' });
    const lines = outboxLines([
      time('a1', 60, '2026-12-01T10:01:00.000Z', 'Leases'),
      like,
      time('e1', 45, '2026-12-01T10:02:00.000Z', 'Episode 4'),
      time('a1', 60, '2026-12-01T10:02:00.000Z', 'Leases'),
      time('a1', 30, '2026-12-01T10:02:30.000Z', 'Leases'),
    ]);
    expect(lines.changes).toEqual([like]);
    expect(lines.time).toEqual([
      { targetId: 'a1', title: 'Leases', seconds: 150, records: 3, writtenAt: '2026-12-01T10:02:30.000Z' },
      { targetId: 'e1', title: 'Episode 4', seconds: 45, records: 1, writtenAt: '2026-12-01T10:02:00.000Z' },
    ]);
  });

  it('words the minutes', () => {
    expect(measuredWords(20)).toBe('Less than a minute measured');
    expect(measuredWords(60)).toBe('1 minute measured');
    expect(measuredWords(150)).toBe('3 minutes measured');
  });
});
