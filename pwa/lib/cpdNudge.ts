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
    const hours = Math.ceil(missing * 10) / 10;
    const count = `${Number.isInteger(hours) ? hours : hours.toFixed(1)} ${hours === 1 ? 'hour' : 'hours'}`;
    const end = new Date(`${today.yearEnd}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    lines.push(`${count} to go before ${end}`);
  }
  return lines;
}
