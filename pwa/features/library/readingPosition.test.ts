// Which measured places of an article the reading position sends (useReadingProgress; docs/offline.md,
// "Reading list across devices").
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { positionRecorder, positionTracker, THROTTLE_MS, type PositionChange } from './readingPosition';

/** What a tracker sends for each of `places`, in order (undefined: nothing). */
const sent = (known: number, start: number, places: number[]) => {
  const next = positionTracker(known, start);
  return places.map((place) => next(place));
};

describe('positionTracker', () => {
  it('sends nothing for the place the reader is at when recording starts: pressing Save at the end is not finishing', () => {
    // 'Save for offline' sits at the article's end; a scroll event there afterwards (the browser keeping
    // the place while something above loads) must not send the end as read, and finished.
    expect(sent(0.5, 1, [1, 0.99, 1])).toEqual([undefined, undefined, undefined]);
    expect(sent(0, 0.13, [0.13, 0.15, 0.14])).toEqual([undefined, undefined, undefined]);
  });

  it('from the first step away, sends each place past the furthest by a step, and the end as finished once', () => {
    expect(sent(0, 0.13, [0.5, 0.52, 0.3, 0.6, 0.99, 1])).toEqual([
      { position: 0.5 },
      undefined,
      undefined,
      { position: 0.6 },
      { position: 0.99, finished: true },
      undefined,
    ]);
  });

  it('does not send again what the list already knows (the furthest of every device)', () => {
    expect(sent(0.5, 0.1, [0.3, 0.54, 0.55])).toEqual([undefined, undefined, { position: 0.55 }]);
    expect(sent(1, 0.1, [0.85, 1])).toEqual([undefined, undefined]);
  });

  it('records a reader who saved at the end and then reads from further up', () => {
    expect(sent(0, 1, [0.2, 0.6, 1])).toEqual([{ position: 0.2 }, { position: 0.6 }, { position: 1, finished: true }]);
  });
});

describe('positionRecorder', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const recording = (known: number, start: number) => {
    const sends: PositionChange[] = [];
    return { recorder: positionRecorder(known, start, (change) => sends.push(change)), sends };
  };

  it('sends the latest place of a burst of scrolls once, a while after its first', () => {
    const { recorder, sends } = recording(0, 0.1);
    recorder.scrolled(0.3);
    recorder.scrolled(0.5);
    vi.advanceTimersByTime(THROTTLE_MS - 1);
    expect(sends).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sends).toEqual([{ position: 0.5 }]);
  });

  it('keeps the place of a reader who leaves before it was sent: read at the scroll, sent when the article is left', () => {
    // Leaving empties the article's ref and takes it off the screen: measuring then found nothing.
    const { recorder, sends } = recording(0, 0.13);
    recorder.scrolled(0.5);
    recorder.flush();
    expect(sends).toEqual([{ position: 0.5 }]);
    vi.advanceTimersByTime(THROTTLE_MS);
    recorder.flush();
    expect(sends).toEqual([{ position: 0.5 }]);
  });

  it('sends nothing when the page is hidden or left without a scroll since the last send', () => {
    const { recorder, sends } = recording(0, 0.13);
    recorder.flush();
    recorder.scrolled(0.4);
    vi.advanceTimersByTime(THROTTLE_MS);
    recorder.flush();
    expect(sends).toEqual([{ position: 0.4 }]);
  });
});
