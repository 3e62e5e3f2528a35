import type { DashboardMetric, MetricKey } from '../../../../contracts/dashboard';
import { formatCount } from '../../../lib/format';

export const METRIC_LABELS: Record<MetricKey, string> = {
  members: 'Members',
  newMembers: 'New members',
  articles: 'Articles published',
  episodes: 'Episodes published',
  comments: 'Comments',
  replies: 'Forum replies',
  plays: 'Plays',
  likes: 'Likes',
};

const MINUS = '\u2212';

/**
 * The change against the previous period: a percentage when the previous period had any, else the
 * plain difference ("+12%", "−3%", "+5", "0").
 */
export function change({ total, previousTotal }: Pick<DashboardMetric, 'total' | 'previousTotal'>): string {
  const sign = (n: number) => (n > 0 ? '+' : n < 0 ? MINUS : '');
  if (previousTotal === 0) return `${sign(total)}${total}`;
  const percent = Math.round(((total - previousTotal) / previousTotal) * 100);
  return `${sign(percent)}${Math.abs(percent)}%`;
}

/** 'Nov 28' for a 'YYYY-MM-DD' day, in UTC (the server's days are UTC days). */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** '1 comment', '5 comments', '1,219 plays'. */
export function counted(n: number, unit: string): string {
  return `${formatCount(n)} ${unit}${n === 1 ? '' : 's'}`;
}
