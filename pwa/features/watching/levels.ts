import type { WatchLevel } from '../../../contracts/watches';

/** Each level's name and its one-line explanation, by what it follows (docs/notifications.md, "Watching"). */
export const WATCH_LEVEL_TEXT: Record<WatchLevel, { label: string; discussion: string; category: string; toast: string }> = {
  watching: {
    label: 'Watching',
    discussion: 'You will be notified of every new reply.',
    category: 'You will be notified of every new discussion and reply in this category.',
    toast: 'you will be notified of new replies',
  },
  normal: {
    label: 'Normal',
    discussion: 'You will be notified when someone mentions you, or replies to your own discussion.',
    category: 'You will be notified when someone mentions you, or replies to your own discussion.',
    toast: 'only mentions and replies to you',
  },
  muted: {
    label: 'Muted',
    discussion: 'You will never be notified of replies here, only of mentions.',
    category: 'You will not be notified of replies in this category, only of mentions.',
    toast: 'no notices of replies',
  },
};

export const WATCH_LEVEL_ORDER: readonly WatchLevel[] = ['watching', 'normal', 'muted'];
