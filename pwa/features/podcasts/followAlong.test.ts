import { describe, expect, it } from 'vitest';
import { chapterAt, cueAt, isLongTranscript, isTimed, LONG_TRANSCRIPT, scrollTarget } from './followAlong';

const chapters = [
  { start: 0, title: 'Opening' },
  { start: 60, title: 'The standard' },
  { start: 150, title: 'Questions' },
];
const cue = (start: number | null, end: number | null, text = 'Words.') => ({ start, end, text });

describe('following along', () => {
  it('the chapter playing is the last one started', () => {
    expect(chapterAt(chapters, 0)).toBe(0);
    expect(chapterAt(chapters, 59.9)).toBe(0);
    expect(chapterAt(chapters, 60)).toBe(1);
    expect(chapterAt(chapters, 10_000)).toBe(2);
    expect(chapterAt([{ start: 30, title: 'Late start' }], 12)).toBe(-1);
    expect(chapterAt([], 12)).toBe(-1);
  });

  it('the cue spoken stays current through a pause in the speech, and none is after the last one ends', () => {
    const cues = [cue(1, 4), cue(5, 9), cue(12, 15)];
    expect(cueAt(cues, 0.5)).toBe(-1);
    expect(cueAt(cues, 1)).toBe(0);
    expect(cueAt(cues, 4.5)).toBe(0);
    expect(cueAt(cues, 10)).toBe(1);
    expect(cueAt(cues, 14.9)).toBe(2);
    expect(cueAt(cues, 15)).toBe(-1);
  });

  it('an untimed cue in a timed transcript is never current', () => {
    const cues = [cue(0, 3), cue(null, null, 'A note without a time.'), cue(6, 8)];
    expect(cueAt(cues, 4)).toBe(0);
    expect(cueAt(cues, 7)).toBe(2);
    expect(isTimed(cues)).toBe(true);
    expect(isTimed([cue(null, null)])).toBe(false);
  });

  it('a transcript is long past a number of cues or of characters', () => {
    expect(isLongTranscript(Array.from({ length: LONG_TRANSCRIPT.cues }, () => cue(null, null)))).toBe(false);
    expect(isLongTranscript(Array.from({ length: LONG_TRANSCRIPT.cues + 1 }, () => cue(null, null)))).toBe(true);
    expect(isLongTranscript([cue(null, null, 'x'.repeat(LONG_TRANSCRIPT.characters + 1))])).toBe(true);
  });

  it('the box scrolls only when the cue is near or past its edges, bringing it a third of the way down', () => {
    const box = { scrollTop: 0, clientHeight: 300, scrollHeight: 2_000 };
    expect(scrollTarget({ top: 100, bottom: 130 }, box)).toBeNull();
    expect(scrollTarget({ top: 280, bottom: 310 }, box)).toBe(180);
    // Above the view (the listener seeked back).
    expect(scrollTarget({ top: 20, bottom: 50 }, { ...box, scrollTop: 600 })).toBe(0);
    // Never past the end of the content.
    expect(scrollTarget({ top: 1_950, bottom: 1_990 }, box)).toBe(1_700);
  });
});
