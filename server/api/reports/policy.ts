import { CONTENT_EDITORS } from '../../../contracts/constants';
import { hasRole, type CurrentUser } from '../../middleware/auth';
import { toIso } from '../../db/dialect';
import type { ReportWeight } from './repo';
import { isEmailConfirmed } from '../email-confirmations/policy';

/*
 * What a report weighs toward hiding its item (docs/moderation.md). Everyone signed in may report
 * (every report reaches the queue); only a trusted member's report counts toward REPORTS_TO_HIDE,
 * and a staff member's hides at once.
 */


/** A confirmed email and an account at least REPORTER_MIN_AGE_HOURS old at `at`. */
export function isTrustedReporter(user: CurrentUser, minAgeHours: number, at: number): boolean {
  if (!isEmailConfirmed(user.row)) return false;
  if (minAgeHours <= 0) return true;
  const created = Date.parse(toIso(user.row.created_at) ?? '');
  return Number.isFinite(created) && at - created >= minAgeHours * 3_600_000;
}

export function reportWeight(user: CurrentUser, minAgeHours: number, at: number): ReportWeight {
  if (hasRole(user, ...CONTENT_EDITORS)) return 'hides';
  return isTrustedReporter(user, minAgeHours, at) ? 'counts' : 'queue';
}
