import { useId } from 'react';
import { showCover } from '../../../contracts/covers';
import type { PodcastShow } from '../../../contracts/podcasts';
import { PlainButton, PlainToggleButton } from '../../components/PlainButton';
import { CardGrid } from '../../components/CardGrid';
import { Cover, PODCAST_PLACEHOLDER } from '../../components/Cover';

export interface ShowListProps {
  /** Every show, in display order (GET /api/podcast-shows). */
  shows: readonly PodcastShow[];
  /** The slug of the show whose episodes are listed, if one is. */
  selected: string | undefined;
  onChange: (slug: string | undefined) => void;
}

/**
 * 'Our Shows' on /podcasts ("Shows on the hub"): each show's artwork, name, host and
 * description as a toggle that lists only its episodes; pressing the selected one again, or
 * 'All shows', lists every show's again.
 */
export function ShowList({ shows, selected, onChange }: ShowListProps) {
  if (shows.length === 0) return null;
  return (
    <section className="podcasts__shows" aria-labelledby="our-shows-title">
      <div className="section__header">
        <h2 id="our-shows-title">Our Shows</h2>
        {selected ? (
          <PlainButton variant="ghost" size="sm" onPress={() => onChange(undefined)}>
            All shows
          </PlainButton>
        ) : null}
      </div>
      <CardGrid items={shows} itemKey={(show) => show.id} aria-label="Shows">
        {(show) => <ShowTile show={show} isSelected={show.slug === selected} onChange={(on) => onChange(on ? show.slug : undefined)} />}
      </CardGrid>
    </section>
  );
}

function ShowTile({ show, isSelected, onChange }: { show: PodcastShow; isSelected: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    // Named by the show alone; host and description are its description, not a long button name.
    <PlainToggleButton
      appearance="tile"
      className="show-tile"
      isSelected={isSelected}
      onChange={onChange}
      aria-labelledby={`${id}-name`}
      aria-describedby={`${id}-about`}
    >
      <Cover
        className="show-tile__art"
        image={show.imageUrl}
        cover={showCover(show)}
        // Three tiles side by side on wide screens; a thumbnail beside the text on narrow ones.
        sizes="(min-width: 1024px) 24rem, (min-width: 640px) 45vw, 8rem"
        placeholder={PODCAST_PLACEHOLDER}
      />
      <span className="show-tile__body">
        <span className="show-tile__name">
          <span id={`${id}-name`}>{show.name}</span>
          {/* The pressed state is the button's; the check only shows it. */}
          {isSelected ? (
            <span className="show-tile__check" aria-hidden="true">
              {' '}
              ✓
            </span>
          ) : null}
        </span>
        <span id={`${id}-about`} className="show-tile__about">
          {show.hostName ? <span className="show-tile__host">Hosted by {show.hostName}</span> : null}
          {show.description ? <span className="show-tile__text">{show.description}</span> : null}
        </span>
      </span>
    </PlainToggleButton>
  );
}
