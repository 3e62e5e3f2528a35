import { describe, expect, it } from 'vitest';
import type { ListeningItem } from '../../../contracts/listening';
import type { ReadingListItem } from '../../../contracts/reading-list';
import { formatClock } from '../../lib/format';
import { articleInProgress, episodeInProgress } from './continue';

const entry = (articleId: string, savedAt: string, position: number, extra: Partial<ReadingListItem> = {}): ReadingListItem => ({
  articleId,
  title: articleId,
  gone: false,
  excerpt: null,
  imageUrl: null,
  publishedAt: null,
  readingMinutes: 3,
  savedAt,
  position,
  finished: false,
  ...extra,
});

const record = (episodeId: string, positionSeconds: number, finished = false): ListeningItem => ({
  episodeId,
  title: episodeId,
  imageUrl: null,
  positionSeconds,
  durationSeconds: 600,
  finished,
  deviceTime: '2026-11-28T06:00:00.000Z',
  updatedAt: '2026-11-28T06:00:00.000Z',
});

describe('the Continue shelf picks what is in progress', () => {
  it('takes the most recently saved article read in part, never a finished, unread or deleted one', () => {
    const list = [
      entry('old', '2026-11-20T00:00:00.000Z', 0.4),
      entry('unread', '2026-11-27T00:00:00.000Z', 0),
      entry('finished', '2026-11-27T00:00:00.000Z', 1, { finished: true }),
      entry('deleted', '2026-11-27T00:00:00.000Z', 0.5, { gone: true }),
      entry('newer', '2026-11-26T00:00:00.000Z', 0.2),
    ];
    expect(articleInProgress(list)?.articleId).toBe('newer');
    expect(articleInProgress([entry('unread', '2026-11-27T00:00:00.000Z', 0)])).toBeUndefined();
  });

  it('takes the newest listening record that is started and not finished', () => {
    expect(episodeInProgress([record('done', 590, true), record('none', 0), record('half', 300), record('older', 100)])?.episodeId).toBe('half');
    expect(episodeInProgress([record('done', 600, true)])).toBeUndefined();
  });

  it('writes a position as M:SS, or H:MM:SS past the hour', () => {
    expect(formatClock(65)).toBe('1:05');
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(3723.9)).toBe('1:02:03');
  });
});
