import { describe, expect, it } from 'vitest';
import type { CpdEntry } from '../../../contracts/cpd';
import { dateSpan, formatHours, formatMinutes, groupEntries, itemLink, monthLabel, objectiveLines, progressPercent, revisionChanges, uploadIdOf, yearLabel, yearOptions } from './logic';
import { validateLedgerSearch } from './routes';

const entry = (over: Partial<CpdEntry>): CpdEntry => ({
  id: 'e',
  type: 'article',
  itemId: 'i',
  title: 'Title',
  provider: 'Ledger Commons',
  firstDate: '2026-03-01',
  lastDate: '2026-03-01',
  minutes: 10,
  syncedLater: false,
  objectives: null,
  developmentNeed: null,
  learning: null,
  application: null,
  certificateUrl: null,
  verifiableReady: false,
  verificationCode: 'code1234',
  verificationUrl: '/verify/code1234',
  topics: [],
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...over,
});

describe('the ledger amounts', () => {
  it('says minutes as hours and minutes', () => {
    expect(formatMinutes(0)).toBe('0 min');
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(60)).toBe('1 h');
    expect(formatMinutes(125)).toBe('2 h 5 min');
  });

  it('says hours with at most one decimal', () => {
    expect(formatHours(1200)).toBe('20');
    expect(formatHours(750)).toBe('12.5');
    expect(formatHours(7)).toBe('0.1');
  });

  it('counts progress toward the target, never past 100', () => {
    expect(progressPercent(600, 1200)).toBe(50);
    expect(progressPercent(5000, 1200)).toBe(100);
    expect(progressPercent(10, 0)).toBe(100);
  });
});

describe('the year picker', () => {
  it('offers the years with entries, the one shown and this one, newest first, once each', () => {
    expect(yearOptions([2025, 2024], 2024, 2026, 1).map((o) => o.id)).toEqual(['2026', '2025', '2024']);
  });

  it('names a year that does not start in January by its span', () => {
    expect(yearLabel(2026, 1)).toBe('2026');
    expect(yearLabel(2026, 11)).toBe('2026–27');
  });

  it('takes only a year from 2000 to 2100 from the address', () => {
    expect(validateLedgerSearch({ year: '2026' })).toEqual({ year: 2026 });
    expect(validateLedgerSearch({ year: 'soon' })).toEqual({});
    expect(validateLedgerSearch({ year: 1999 })).toEqual({});
    expect(validateLedgerSearch({})).toEqual({});
  });

  it('labels a month', () => {
    expect(monthLabel('2026-11')).toBe('Nov 2026');
  });
});

describe('the entries', () => {
  it('groups by kind of item in a fixed order, newest first within, with each group’s minutes', () => {
    const groups = groupEntries([
      entry({ id: 'a1', type: 'article', lastDate: '2026-03-01', minutes: 5 }),
      entry({ id: 'x', type: 'external', itemId: null, minutes: 60 }),
      entry({ id: 'p', type: 'episode', minutes: 30 }),
      entry({ id: 'a2', type: 'article', lastDate: '2026-04-01', minutes: 7 }),
    ]);
    expect(groups.map((g) => [g.type, g.entries.map((e) => e.id), g.minutes])).toEqual([
      ['article', ['a2', 'a1'], 12],
      ['episode', ['p'], 30],
      ['external', ['x'], 60],
    ]);
  });

  it('links an entry to its item, and an activity elsewhere nowhere', () => {
    expect(itemLink({ type: 'article', itemId: 'a' })).toEqual({ to: '/news/$id', id: 'a' });
    expect(itemLink({ type: 'episode', itemId: 'p' })).toEqual({ to: '/podcasts/$id', id: 'p' });
    expect(itemLink({ type: 'discussion', itemId: 'd' })).toEqual({ to: '/forums/$id', id: 'd' });
    expect(itemLink({ type: 'external', itemId: null })).toBeNull();
  });

  it('says one day, or a span of days', () => {
    expect(dateSpan('2026-03-12', '2026-03-12')).toBe('12 Mar 2026');
    expect(dateSpan('2026-03-12', '2026-04-03')).toBe('12 Mar – 3 Apr 2026');
    expect(dateSpan('2025-12-30', '2026-01-02')).toBe('30 Dec 2025 – 2 Jan 2026');
  });

  it('says what each change replaced', () => {
    expect(revisionChanges({ id: 'r', changedAt: '2026-03-02T00:00:00Z', before: { learning: null, minutes: 30 }, after: { learning: 'IFRS 17', minutes: 45 } })).toEqual([
      { field: 'What I learned', before: '(empty)', after: 'IFRS 17' },
      { field: 'Minutes', before: '30', after: '45' },
    ]);
  });

  it('reads learning objectives one a line, without blank lines or typed bullets', () => {
    expect(objectiveLines('- Explain IFRS 17\n\n• Apply it to a contract \n')).toEqual(['Explain IFRS 17', 'Apply it to a contract']);
    expect(objectiveLines(null)).toEqual([]);
  });

  it("takes a certificate's upload id from its object path", () => {
    expect(uploadIdOf('/objects/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b')).toBe('0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b');
    expect(uploadIdOf('/objects/abc?w=640&fmt=webp')).toBe('abc');
    expect(uploadIdOf(null)).toBeNull();
  });
});
