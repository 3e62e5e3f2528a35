// The activity clock: what it counts of reading and listening, and how it cuts what it counted.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CPD_CHUNK_MS, CPD_IDLE_MS } from '../../contracts/constants';
import { createStudyClock, type MeasuredStretch, type StudyClockOptions } from './study-time';

const T0 = Date.parse('2026-12-01T09:00:00.000Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();

let stretches: MeasuredStretch[];

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  stretches = [];
});

afterEach(() => {
  vi.useRealTimers();
});

const clockOf = (mode: StudyClockOptions['mode'], options: Partial<StudyClockOptions> = {}) =>
  createStudyClock({ mode, onStretch: (s) => stretches.push(s), ...options });

const total = () => stretches.reduce((sum, s) => sum + s.activeSeconds, 0);

/** Activity every `every` seconds for `seconds` (the first at the start). */
function activeFor(clock: ReturnType<typeof clockOf>, seconds: number, every = 10) {
  for (let t = 0; t < seconds; t += every) {
    clock.event('active');
    vi.advanceTimersByTime(every * 1000);
  }
}

describe('reading', () => {
  it('counts two minutes of activity as 120 s, cut into minute-long stretches', () => {
    const clock = clockOf('reading');
    activeFor(clock, 120);
    clock.stop();
    expect(stretches).toEqual([
      { startedAt: at(0), endedAt: at(60), activeSeconds: 60 },
      { startedAt: at(60), endedAt: at(120), activeSeconds: 60 },
    ]);
  });

  it('counts a page left alone for five minutes up to the idle limit, no more', () => {
    const clock = clockOf('reading');
    clock.event('active');
    vi.advanceTimersByTime(5 * 60_000);
    clock.stop();
    expect(total()).toBe(CPD_IDLE_MS / 1000);
    expect(stretches.at(-1)!.endedAt).toBe(at(CPD_IDLE_MS / 1000));
  });

  it('counts nothing while the tab is hidden, activity or not', () => {
    const clock = clockOf('reading', { visible: false });
    activeFor(clock, 120);
    clock.stop();
    expect(stretches).toEqual([]);
  });

  it('cuts at hide and counts again from the moment the page is back', () => {
    const clock = clockOf('reading');
    clock.event('active');
    vi.advanceTimersByTime(20_000);
    clock.event('hidden');
    expect(stretches).toEqual([{ startedAt: at(0), endedAt: at(20), activeSeconds: 20 }]);
    vi.advanceTimersByTime(5 * 60_000);
    clock.event('active');
    expect(stretches).toHaveLength(1);
    clock.event('visible');
    vi.advanceTimersByTime(30_000);
    clock.stop();
    expect(stretches[1]).toEqual({ startedAt: at(320), endedAt: at(350), activeSeconds: 30 });
  });

  it('cuts exactly a chunk after a stretch opens, whatever the activity', () => {
    const clock = clockOf('reading');
    clock.event('active');
    vi.advanceTimersByTime(CPD_CHUNK_MS - 1);
    expect(stretches).toEqual([]);
    clock.event('active');
    vi.advanceTimersByTime(1);
    expect(stretches).toEqual([{ startedAt: at(0), endedAt: at(60), activeSeconds: 60 }]);
    vi.advanceTimersByTime(CPD_CHUNK_MS);
    expect(stretches).toHaveLength(2);
    expect(stretches[1]).toEqual({ startedAt: at(60), endedAt: at(120), activeSeconds: 60 });
  });

  it('keeps every stretch within its wall-clock span, an idle gap inside it left out', () => {
    const clock = clockOf('reading', { idleMs: 10_000 });
    clock.event('active');
    vi.advanceTimersByTime(30_000);
    clock.event('active');
    vi.advanceTimersByTime(30_000);
    expect(stretches).toEqual([{ startedAt: at(0), endedAt: at(40), activeSeconds: 20 }]);
  });

  it('cuts when the page is left, and counts nothing after stop', () => {
    const clock = clockOf('reading');
    clock.event('active');
    vi.advanceTimersByTime(15_000);
    clock.event('leave');
    expect(stretches).toEqual([{ startedAt: at(0), endedAt: at(15), activeSeconds: 15 }]);
    vi.advanceTimersByTime(60_000);
    clock.stop();
    clock.event('active');
    vi.advanceTimersByTime(60_000);
    expect(stretches).toHaveLength(1);
  });

  it('sends nothing for less than half a second', () => {
    const clock = clockOf('reading');
    clock.event('active');
    vi.advanceTimersByTime(400);
    clock.stop();
    expect(stretches).toEqual([]);
  });
});

describe('listening', () => {
  it('counts wall-clock time while the audio plays, in minute-long stretches', () => {
    const clock = clockOf('listening');
    clock.event('playing');
    vi.advanceTimersByTime(90_000);
    clock.event('paused');
    vi.advanceTimersByTime(10 * 60_000);
    clock.stop();
    expect(stretches).toEqual([
      { startedAt: at(0), endedAt: at(60), activeSeconds: 60 },
      { startedAt: at(60), endedAt: at(90), activeSeconds: 30 },
    ]);
  });

  it('counts no time paused, seeking or waiting for data, and needs no activity', () => {
    const clock = clockOf('listening', { visible: false });
    clock.event('playing');
    vi.advanceTimersByTime(10_000);
    clock.event('seeking');
    vi.advanceTimersByTime(5_000);
    clock.event('seeked');
    vi.advanceTimersByTime(10_000);
    // Waiting or stalled: the player says 'paused' until the audio advances again.
    clock.event('paused');
    vi.advanceTimersByTime(20_000);
    clock.event('playing');
    vi.advanceTimersByTime(5_000);
    clock.stop();
    expect(stretches).toEqual([
      { startedAt: at(0), endedAt: at(50), activeSeconds: 25 },
    ]);
  });

  it('ignores the reading events: hiding the page does not stop the audio', () => {
    const clock = clockOf('listening');
    clock.event('playing');
    clock.event('hidden');
    vi.advanceTimersByTime(30_000);
    clock.stop();
    expect(total()).toBe(30);
  });

  it('counts nothing before the audio plays', () => {
    const clock = clockOf('listening');
    clock.event('active');
    vi.advanceTimersByTime(60_000);
    clock.stop();
    expect(stretches).toEqual([]);
  });
});
