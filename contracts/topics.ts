import { z } from './zod';

/**
 * Topics a member follows or mutes (docs/decisions/2026-12-04-topics.md): news categories, podcast
 * shows and forum categories. A forum category's level is its forum watch (watching = following), so
 * the forums and the member's topics keep one answer.
 */
export const TOPIC_KINDS = ['news_category', 'podcast_show', 'forum_category'] as const;
export const TopicKind = z.enum(TOPIC_KINDS, { error: `Must be one of: ${TOPIC_KINDS.join(', ')}` });
export type TopicKind = z.infer<typeof TopicKind>;

export const TOPIC_LEVELS = ['following', 'muted'] as const;
/** No level (null): neither followed nor muted. */
export const TopicLevel = z.enum(TOPIC_LEVELS, { error: `Must be one of: ${TOPIC_LEVELS.join(', ')}, or null` }).nullable();
export type TopicLevel = z.infer<typeof TopicLevel>;

export const Topic = z.object({ kind: TopicKind, id: z.string(), name: z.string(), level: TopicLevel });
export type Topic = z.infer<typeof Topic>;

/** `GET /api/topics`: every topic with the viewer's level, ordered by kind (as TOPIC_KINDS) then name. */
export const TopicList = z.object({ topics: z.array(Topic) });
export type TopicList = z.infer<typeof TopicList>;

/** `PUT /api/topics/:kind/:id` (idempotent, so the outbox may replay it). */
export const TopicLevelInput = z.strictObject({ level: TopicLevel });
export type TopicLevelInput = z.infer<typeof TopicLevelInput>;

export const TopicChoice = z.object({ kind: TopicKind, id: z.string(), level: TopicLevel });
export type TopicChoice = z.infer<typeof TopicChoice>;
