import { describe, expect, it } from 'vitest';
import {
  afterEnded,
  isFinished,
  latestPosition,
  PlayTracker,
  queueAdd,
  queueAddNext,
  queueMove,
  queueRemove,
  resumeAt,
  sleepDue,
  sleepTimer,
  type KnownPosition,
  type PlayerEpisode,
} from './logic';

const ep = (id: string): PlayerEpisode => ({ id, title: `Episode ${id}`, show: 'Show', imageUrl: null, audioUrl: `/objects/${id}`, duration: 600 });
const ids = (queue: PlayerEpisode[]) => queue.map((e) => e.id);

describe('Up Next', () => {
  it('adds at the end, never twice', () => {
    let q = queueAdd([], ep('a'));
    q = queueAdd(q, ep('b'));
    q = queueAdd(q, ep('a'));
    expect(ids(q)).toEqual(['a', 'b']);
  });

  it('play next puts an episode first, moving it when queued', () => {
    expect(ids(queueAddNext([ep('a'), ep('b'), ep('c')], ep('c')))).toEqual(['c', 'a', 'b']);
    expect(ids(queueAddNext([ep('a')], ep('z')))).toEqual(['z', 'a']);
  });

  it('removes and reorders, clamped at the ends', () => {
    const q = [ep('a'), ep('b'), ep('c')];
    expect(ids(queueRemove(q, 'b'))).toEqual(['a', 'c']);
    expect(ids(queueMove(q, 'c', -1))).toEqual(['a', 'c', 'b']);
    expect(ids(queueMove(q, 'a', 1))).toEqual(['b', 'a', 'c']);
    expect(ids(queueMove(q, 'a', -1))).toEqual(['a', 'b', 'c']);
    expect(ids(queueMove(q, 'c', 1))).toEqual(['a', 'b', 'c']);
    expect(ids(queueMove(q, 'missing', 1))).toEqual(['a', 'b', 'c']);
  });
});

describe('resuming', () => {
  const at = (positionSeconds: number, deviceTime: string, finished = false): KnownPosition => ({ positionSeconds, durationSeconds: 1000, finished, deviceTime });

  it('takes the later change by device time, wherever it was made', () => {
    const phone = at(120, '2026-11-28T08:00:00.000Z');
    const desktop = at(40, '2026-11-28T09:00:00.000Z');
    // The desktop listened later, even though its position is earlier in the episode.
    expect(resumeAt(phone, desktop)).toBe(40);
    expect(resumeAt(desktop, phone)).toBe(40);
    expect(latestPosition(phone, null)).toBe(phone);
    expect(latestPosition(null, desktop)).toBe(desktop);
  });

  it('prefers this device on a tie', () => {
    const local = at(10, '2026-11-28T08:00:00.000Z');
    expect(latestPosition(local, at(99, '2026-11-28T08:00:00.000Z'))).toBe(local);
  });

  it('starts from the beginning when nothing is known or the latest says finished', () => {
    expect(resumeAt(null, undefined)).toBe(0);
    expect(resumeAt(at(500, '2026-11-28T08:00:00.000Z'), at(1000, '2026-11-28T09:00:00.000Z', true))).toBe(0);
    // 95 % of the duration counts as finished even when the flag was not set.
    expect(resumeAt(at(960, '2026-11-28T08:00:00.000Z'), null)).toBe(0);
    expect(isFinished(949, 1000)).toBe(false);
    expect(isFinished(950, 1000)).toBe(true);
    expect(isFinished(950, null)).toBe(false);
  });
});

describe('the 60 s rule', () => {
  /** Plays from `from` to `to` in quarter-second time updates. */
  const listen = (tracker: PlayTracker, from: number, to: number, duration: number | null) => {
    let counted = 0;
    for (let t = from; t <= to + 1e-9; t += 0.25) if (tracker.tick(t, duration)) counted += 1;
    return counted;
  };

  it('counts once, after 60 s actually heard', () => {
    const tracker = new PlayTracker();
    expect(listen(tracker, 0, 59.5, 1800)).toBe(0);
    expect(listen(tracker, 59.75, 61, 1800)).toBe(1);
    expect(listen(tracker, 61.25, 300, 1800)).toBe(0);
    expect(tracker.counted).toBe(true);
  });

  it('does not count pressing play, nor jumps of the position', () => {
    const tracker = new PlayTracker();
    expect(tracker.tick(0, 1800)).toBe(false);
    // Seeking to 20 min and to the end adds nothing heard.
    expect(tracker.tick(1200, 1800)).toBe(false);
    tracker.break();
    expect(tracker.tick(1790, 1800)).toBe(false);
    expect(tracker.ended(1800)).toBe(false);
    expect(tracker.heard).toBe(0);
  });

  it('adds up stretches separated by pauses and seeks', () => {
    const tracker = new PlayTracker();
    expect(listen(tracker, 0, 30, 1800)).toBe(0);
    tracker.break();
    expect(listen(tracker, 600, 629.75, 1800)).toBe(0);
    expect(listen(tracker, 630, 630.25, 1800)).toBe(1);
  });

  it('counts a shorter episode heard whole, on reaching its end', () => {
    const tracker = new PlayTracker();
    expect(listen(tracker, 0, 19.5, 20)).toBe(0);
    expect(tracker.ended(20)).toBe(true);
    expect(tracker.ended(20)).toBe(false);
  });

  it('does not count a shorter episode whose middle was skipped', () => {
    const tracker = new PlayTracker();
    listen(tracker, 0, 5, 20);
    tracker.break();
    listen(tracker, 15, 20, 20);
    expect(tracker.ended(20)).toBe(false);
  });
});

describe('sleep timer', () => {
  it('a timed one runs out after its minutes', () => {
    const now = Date.parse('2026-11-28T08:00:00.000Z');
    const timer = sleepTimer(15, now);
    expect(timer).toEqual({ kind: 'minutes', minutes: 15, endsAt: now + 15 * 60_000 });
    expect(sleepDue(timer, now + 14 * 60_000)).toBe(false);
    expect(sleepDue(timer, now + 15 * 60_000)).toBe(true);
    expect(sleepTimer(null, now)).toBeNull();
    expect(sleepDue(sleepTimer('end', now), now + 999 * 60_000)).toBe(false);
  });

  it('"end of episode" stops at the end without advancing Up Next, and is spent', () => {
    const queue = [ep('b'), ep('c')];
    const result = afterEnded(queue, sleepTimer('end', 0));
    expect(result.next).toBeNull();
    expect(ids(result.queue)).toEqual(['b', 'c']);
    expect(result.timer).toBeNull();
  });

  it('otherwise the end plays the next of Up Next, keeping a timed timer running', () => {
    const timer = sleepTimer(30, 0);
    const result = afterEnded([ep('b'), ep('c')], timer);
    expect(result.next?.id).toBe('b');
    expect(ids(result.queue)).toEqual(['c']);
    expect(result.timer).toBe(timer);
    expect(afterEnded([], null).next).toBeNull();
  });
});
