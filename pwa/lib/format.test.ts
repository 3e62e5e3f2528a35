import { describe, expect, it } from 'vitest';
import { formatClock, formatDuration } from './format';

describe('formatDuration', () => {
  it('shows M:SS under an hour and H:MM:SS from an hour, seconds rounded', () => {
    expect(formatDuration(16)).toBe('0:16');
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(59.6)).toBe('1:00');
    expect(formatDuration(754)).toBe('12:34');
    expect(formatDuration(3599)).toBe('59:59');
    expect(formatDuration(3600)).toBe('1:00:00');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(36_000 + 61)).toBe('10:01:01');
  });

  it('shows the fallback minutes when the duration is unknown (30, or 45 on the featured card)', () => {
    expect(formatDuration(null)).toBe('30:00');
    expect(formatDuration(undefined, 45)).toBe('45:00');
    expect(formatDuration(null, 90)).toBe('1:30:00');
    expect(formatDuration(Number.NaN)).toBe('30:00');
  });
});

it('formatClock reads seconds as m:ss or h:mm:ss', () => {
  expect(formatClock(754)).toBe('12:34');
  expect(formatClock(2460)).toBe('41:00');
  expect(formatClock(4000)).toBe('1:06:40');
  expect(formatClock(Number.NaN)).toBe('0:00');
  expect(formatClock(-3)).toBe('0:00');
});
