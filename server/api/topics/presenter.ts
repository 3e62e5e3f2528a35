import type { Topic, TopicChoice, TopicKind, TopicLevel } from '../../../contracts/topics';

export interface TopicRow {
  kind: TopicKind;
  id: string;
  name: string;
  level: TopicLevel;
}

const KIND_ORDER: Record<TopicKind, number> = { news_category: 0, podcast_show: 1, forum_category: 2 };
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Ordered by kind, then name (the settings screen's groups and the welcome step's chips). */
export function presentTopics(rows: TopicRow[]): { topics: Topic[] } {
  const topics = rows.map(({ kind, id, name, level }) => ({ kind, id, name, level }));
  topics.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || byName.compare(a.name, b.name) || (a.id < b.id ? -1 : 1));
  return { topics };
}

export const presentTopicChoice = (kind: TopicKind, id: string, level: TopicLevel): TopicChoice => ({ kind, id, level });
