import type { DashboardMetric, MetricKey, RecentSignup } from '../../../contracts/dashboard';
import { toIso } from '../../db/dialect';
import type { DayCounts, Period, SignupRow } from './repo';

/** A daily figure over both periods: the value of each day, and the totals. */
export function presentDaily(key: MetricKey, counts: DayCounts, p: Period): DashboardMetric {
  const previous = p.previousDates.map((d) => counts.get(d) ?? 0);
  const current = p.dates.map((d) => counts.get(d) ?? 0);
  return { key, previous, current, previousTotal: sum(previous), total: sum(current) };
}

/** Members at the end of each day (a running total); the totals are the count at each period's end. */
export function presentMembers(counts: DayCounts, p: Period): DashboardMetric {
  let running = counts.get('before') ?? 0;
  const previous = p.previousDates.map((d) => (running += counts.get(d) ?? 0));
  const current = p.dates.map((d) => (running += counts.get(d) ?? 0));
  return { key: 'members', previous, current, previousTotal: previous.at(-1) ?? 0, total: current.at(-1) ?? 0 };
}

export function presentSignup(row: SignupRow): RecentSignup {
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ');
  return { id: row.id, name: name || row.email, email: row.email, role: row.role, createdAt: toIso(row.created_at) ?? '' };
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
