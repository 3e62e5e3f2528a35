export { KIND_HEADINGS, topicsOfKind } from './kinds';
export { useFollowTopics, useTopics } from './mutations';
export { TopicControl } from './TopicControl';
export { topicsRoute } from './routes';
