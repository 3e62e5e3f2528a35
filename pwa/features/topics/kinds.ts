import type { Topic, TopicKind } from '../../../contracts/topics';

/** Each kind's heading, in the order the API lists them. */
export const KIND_HEADINGS: ReadonlyArray<readonly [TopicKind, string]> = [
  ['news_category', 'News categories'],
  ['podcast_show', 'Podcast shows'],
  ['forum_category', 'Forum categories'],
];

export const topicsOfKind = (topics: readonly Topic[], kind: TopicKind) => topics.filter((t) => t.kind === kind);
