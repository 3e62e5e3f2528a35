import { describe, expect, it } from 'vitest';
import type { HomeItem } from '../../../contracts/home';
import type { PlayerEpisode } from '../listening';
import { IN_YOUR_QUEUE, upNextItems } from './upNext';

const queued = (id: string): PlayerEpisode => ({ id, title: `Queued ${id}`, show: 'Desk', imageUrl: null, audioUrl: `/a/${id}.mp3`, duration: 60 });
const fresh = (id: string): HomeItem => ({
  kind: 'episode',
  id,
  title: `New ${id}`,
  imageUrl: null,
  publishedAt: null,
  showName: 'Desk',
  progress: null,
  reason: { code: 'followed_show', text: 'You follow Desk' },
});

describe('Up Next on the home', () => {
  it("puts the device's queue first, in its order, then the followed shows' new episodes not already queued", () => {
    const items = upNextItems([queued('b'), queued('a')], [fresh('a'), fresh('c')]);
    expect(items.map((i) => [i.id, i.reason])).toEqual([
      ['b', IN_YOUR_QUEUE],
      ['a', IN_YOUR_QUEUE],
      ['c', 'You follow Desk'],
    ]);
  });

  it('is empty when neither has anything', () => {
    expect(upNextItems([], [])).toEqual([]);
  });
});
