import { z } from './zod';
import { Id, LIMITS } from './common';

/** GET /api/community/contributors?limit=10 (default 10, at most 100). */
export const ContributorsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.contributors),
});
export type ContributorsQuery = z.infer<typeof ContributorsQuery>;

/** A ranked community member: public profile fields only (never email or role). */
export const Contributor = z.object({
  id: Id,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  title: z.string().nullable(),
  company: z.string().nullable(),
  expertiseTags: z.array(z.string()),
  points: z.number().int(),
});
export type Contributor = z.infer<typeof Contributor>;

/** GET /api/community/stats. How each number is computed is documented on `communityStats` (server). */
export const CommunityStats = z.object({
  activeMembers: z.number().int(),
  discussionsThisWeek: z.number().int(),
  questionsAnswered: z.number().int(),
  resourcesShared: z.number().int(),
  podcastListeners: z.number().int(),
  certificationsEarned: z.number().int(),
});
export type CommunityStats = z.infer<typeof CommunityStats>;
