import { yearEndWords } from '../../contracts/constants';
import type { CpdToday } from '../../contracts/cpd';

/**
 * The CPD nudge on the home's Continue shelf and in the player: what today added to the ledger and,
 * near the year end below target, the hours still missing. Nothing while tracking is paused (the
 * member asked not to be measured, so no count either) or before anything counted today.
 */
export function cpdNudgeLines(today: CpdToday | undefined): string[] {
  if (!today || today.trackingPaused) return [];
  const lines: string[] = [];
  if (today.minutesToday > 0) lines.push(`${today.minutesToday} min logged today`);
  const missing = today.missingHoursNearYearEnd;
  if (missing !== null && missing > 0) {
    lines.push(yearEndWords(Math.ceil(missing * 10) / 10, today.yearEnd));
  }
  return lines;
}
