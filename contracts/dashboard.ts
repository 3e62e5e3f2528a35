import { z } from './zod';
import { Timestamp } from './common';

/** The admin's dashboard (`GET /api/admin/dashboard`): figures over a period and the one before it. */

export const DASHBOARD_PERIODS = [7, 30, 90] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

export const DashboardQuery = z.object({
  days: z.enum(['7', '30', '90'], { error: 'days must be 7, 30 or 90' }).default('7').transform((d) => Number(d) as DashboardPeriod),
});
export type DashboardQuery = z.infer<typeof DashboardQuery>;

export const METRIC_KEYS = ['members', 'newMembers', 'articles', 'episodes', 'comments', 'replies', 'plays', 'likes'] as const;
export type MetricKey = (typeof METRIC_KEYS)[number];

/**
 * One figure: its total over the period and the one before, and its value per UTC day, oldest
 * first (`days` values each). `members` is a running total (members at the end of each day); the
 * others are counts of what happened that day.
 */
export const DashboardMetric = z.object({
  key: z.enum(METRIC_KEYS),
  total: z.number().int(),
  previousTotal: z.number().int(),
  current: z.array(z.number().int()),
  previous: z.array(z.number().int()),
});
export type DashboardMetric = z.infer<typeof DashboardMetric>;

export const DashboardItem = z.object({
  kind: z.enum(['article', 'episode']),
  id: z.string(),
  title: z.string(),
  /** Drafts: last saved; scheduled: the publish time. */
  at: Timestamp,
});
export type DashboardItem = z.infer<typeof DashboardItem>;

export const DashboardList = z.object({ count: z.number().int(), items: z.array(DashboardItem) });
export type DashboardList = z.infer<typeof DashboardList>;

export const TopArticle = z.object({ id: z.string(), title: z.string(), comments: z.number().int(), likes: z.number().int() });
export type TopArticle = z.infer<typeof TopArticle>;
export const TopEpisode = z.object({ id: z.string(), title: z.string(), plays: z.number().int(), comments: z.number().int() });
export type TopEpisode = z.infer<typeof TopEpisode>;

export const RecentSignup = z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.string(), createdAt: Timestamp });
export type RecentSignup = z.infer<typeof RecentSignup>;

export const Dashboard = z.object({
  days: z.number().int(),
  /** The period's UTC days, oldest first ('YYYY-MM-DD'); the previous period is the `days` before. */
  dates: z.array(z.string()),
  previousDates: z.array(z.string()),
  /** Member figures (`members`, `newMembers`) are for admins only: editors get the content figures. */
  metrics: z.array(DashboardMetric),
  topArticles: z.array(TopArticle),
  topEpisodes: z.array(TopEpisode),
  drafts: DashboardList,
  scheduled: DashboardList,
  /** Admins only (null for editors). */
  recentSignups: z.array(RecentSignup).nullable(),
});
export type Dashboard = z.infer<typeof Dashboard>;
