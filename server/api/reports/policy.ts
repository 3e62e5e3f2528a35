import type { CurrentUser } from '../../middleware/auth';
import { toIso } from '../../db/dialect';

/** REPORTER_MIN_AGE_HOURS: an account younger than this may not report yet (0: any account). */
export function isOldEnoughToReport(user: CurrentUser, minAgeHours: number, at: number): boolean {
  if (minAgeHours <= 0) return true;
  const created = Date.parse(toIso(user.row.created_at) ?? '');
  return Number.isFinite(created) && at - created >= minAgeHours * 3_600_000;
}
