import { describe, expect, it } from 'vitest';
import { cpdNudgeLines } from './cpdNudge';

describe('the CPD nudge', () => {
  it("says today's minutes", () => {
    expect(cpdNudgeLines({ minutesToday: 12, missingHoursNearYearEnd: null, trackingPaused: false, yearEnd: '2026-12-31' })).toEqual(['12 min logged today']);
  });

  it('says the hours missing near the year end, with its last day', () => {
    expect(cpdNudgeLines({ minutesToday: 0, missingHoursNearYearEnd: 7.25, trackingPaused: false, yearEnd: '2026-12-31' })).toEqual([
      '7.3 hours to go before 31 December 2026',
    ]);
    expect(cpdNudgeLines({ minutesToday: 3, missingHoursNearYearEnd: 1, trackingPaused: false, yearEnd: '2027-10-31' })).toEqual([
      '3 min logged today',
      '1 hour to go before 31 October 2027',
    ]);
  });

  it('says nothing before anything counted, when the target is met, or while tracking is paused', () => {
    expect(cpdNudgeLines(undefined)).toEqual([]);
    expect(cpdNudgeLines({ minutesToday: 0, missingHoursNearYearEnd: 0, trackingPaused: false, yearEnd: '2026-12-31' })).toEqual([]);
    expect(cpdNudgeLines({ minutesToday: 20, missingHoursNearYearEnd: 5, trackingPaused: true, yearEnd: '2026-12-31' })).toEqual([]);
  });
});
