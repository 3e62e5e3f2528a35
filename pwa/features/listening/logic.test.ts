import { describe, expect, it } from 'vitest';
import type { ListeningItem } from '../../../contracts/listening';
import {
  afterEnded,
  chapterIndexAt,
  downloadEntries,
  inProgressEntries,
  isFinished,
  nextChapterStart,
  playableHere,
  previousChapterStart,
  remainingAtRate,
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

describe('a finished episode', () => {
  it('leaves Up Next wherever it stood, and the next one plays', () => {
    const result = afterEnded([ep('b'), ep('a'), ep('c')], null, 'a');
    expect(result.next?.id).toBe('b');
    expect(ids(result.queue)).toEqual(['c']);
  });

  it('leaves Up Next even when the sleep timer stops playback at its end', () => {
    const result = afterEnded([ep('a'), ep('b')], sleepTimer('end', 0), 'a');
    expect(result.next).toBeNull();
    expect(ids(result.queue)).toEqual(['b']);
  });
});

describe('remaining time', () => {
  it('follows the speed: at 2× half the audio left, at 1× all of it', () => {
    expect(remainingAtRate(600, 200, 2)).toBe(200);
    expect(remainingAtRate(600, 200, 1)).toBe(400);
    expect(remainingAtRate(600, 300, 1.5)).toBe(200);
  });

  it('is never negative, and an unknown length or speed counts as nothing left / 1×', () => {
    expect(remainingAtRate(600, 700, 2)).toBe(0);
    expect(remainingAtRate(Number.NaN, 10, 2)).toBe(0);
    expect(remainingAtRate(100, 40, 0)).toBe(60);
  });
});

describe('chapters', () => {
  const chapters = [
    { start: 0, title: 'Intro' },
    { start: 60, title: 'Scope' },
    { start: 150, title: 'Wrap-up' },
  ];

  it('the current one is the last started', () => {
    expect(chapterIndexAt(chapters, 0)).toBe(0);
    expect(chapterIndexAt(chapters, 59.9)).toBe(0);
    expect(chapterIndexAt(chapters, 60)).toBe(1);
    expect(chapterIndexAt(chapters, 1000)).toBe(2);
    expect(chapterIndexAt([{ start: 30, title: 'Late' }], 10)).toBe(-1);
    expect(chapterIndexAt([], 10)).toBe(-1);
    expect(chapterIndexAt(undefined, 10)).toBe(-1);
  });

  it('next goes to the following start, none after the last', () => {
    expect(nextChapterStart(chapters, 10)).toBe(60);
    expect(nextChapterStart(chapters, 60)).toBe(150);
    expect(nextChapterStart(chapters, 200)).toBeNull();
    expect(nextChapterStart([], 0)).toBeNull();
  });

  it('previous goes to the start of this chapter, or the one before within its first seconds', () => {
    expect(previousChapterStart(chapters, 100)).toBe(60);
    expect(previousChapterStart(chapters, 61)).toBe(0);
    expect(previousChapterStart(chapters, 1)).toBe(0);
    expect(previousChapterStart([], 5)).toBeNull();
  });
});

describe('offline, what can play', () => {
  const base = 'https://ledger.test/podcasts';
  const downloaded = new Set(['https://ledger.test/objects/a']);

  it('online, everything; offline, only a downloaded file', () => {
    expect(playableHere('/objects/b', true, null, base)).toBe(true);
    expect(playableHere('/objects/a', false, downloaded, base)).toBe(true);
    expect(playableHere('/objects/b', false, downloaded, base)).toBe(false);
    expect(playableHere('/objects/a', false, null, base)).toBe(false);
  });
});

describe("the library's Episodes views", () => {
  const at = (minutesAgo: number) => new Date(Date.parse('2026-12-04T12:00:00Z') - minutesAgo * 60_000).toISOString();
  const record = (episodeId: string, positionSeconds: number, minutesAgo: number, finished = false): ListeningItem => ({
    episodeId,
    positionSeconds,
    durationSeconds: 600,
    finished,
    deviceTime: at(minutesAgo),
    updatedAt: at(minutesAgo),
    title: `Episode ${episodeId}`,
    imageUrl: null,
  });
  const download = (episodeId: string, owner = 'm1') => ({ episodeId, title: `Episode ${episodeId}`, show: 'Show', bytes: 1_000_000, owner, duration: 480 });

  it('Downloads lists each of this person\'s downloads once, with its length and latest position', () => {
    const local = { a: { positionSeconds: 90, durationSeconds: 480, finished: false, deviceTime: at(1) } };
    const rows = downloadEntries([download('a'), download('b'), download('x', 'someone-else')], [record('a', 30, 5)], local, 'm1');
    expect(rows.map((r) => r.episodeId)).toEqual(['a', 'b']);
    expect(rows[0]).toMatchObject({ duration: 480, position: { positionSeconds: 90 } });
    // The audio's own length, as the player measured it, over what the server said.
    expect(downloadEntries([download('a')], [record('a', 30, 5)], {}, 'm1')[0]).toMatchObject({ duration: 600 });
    expect(rows[1]).toMatchObject({ duration: 480, position: null });
  });

  it('In progress lists started, unfinished episodes, downloaded or not, the latest first', () => {
    const local = { b: { positionSeconds: 20, durationSeconds: 480, finished: false, deviceTime: at(0) }, orphan: { positionSeconds: 5, durationSeconds: 60, finished: false, deviceTime: at(0) } };
    const rows = inProgressEntries([download('b')], [record('a', 30, 10), record('done', 599, 1, true), record('zero', 0, 1), record('c', 100, 20)], local, 'm1');
    expect(rows.map((r) => r.episodeId)).toEqual(['b', 'a', 'c']);
    expect(rows[0]).toMatchObject({ title: 'Episode b', download: { bytes: 1_000_000 }, duration: 480 });
    expect(rows[1]).toMatchObject({ download: null, duration: 600 });
  });
});
