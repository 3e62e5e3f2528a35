import type { Podcast } from '../../../contracts/podcasts';
import type { Chapter } from '../../../contracts/transcripts';
import { formatClock } from '../../lib/format';
import { PlainButton } from '../../components/PlainButton';
import { chapterAt } from './followAlong';
import { useCurrentIndex, useSeekInEpisode } from './useEpisodePlayback';

/** The episode page's Chapters: start and title, each a button that plays from there; the playing one marked. */
export function EpisodeChapters({ episode, chapters }: { episode: Podcast; chapters: readonly Chapter[] }) {
  const seek = useSeekInEpisode(episode);
  const current = useCurrentIndex(episode.id, (position) => chapterAt(chapters, position));
  return (
    <section className="episode__section episode-chapters" aria-labelledby="episode-chapters-title">
      <h2 id="episode-chapters-title">Chapters</h2>
      <ol className="episode-chapters__list">
        {chapters.map((chapter, i) => (
          <li key={`${chapter.start}-${i}`}>
            {seek ? (
              <PlainButton
                variant="ghost"
                size="sm"
                className="episode-chapters__seek"
                aria-current={i === current ? 'true' : undefined}
                onPress={() => seek(chapter.start)}
              >
                <ChapterText chapter={chapter} seekable />
              </PlainButton>
            ) : (
              <span className="episode-chapters__seek">
                <ChapterText chapter={chapter} />
              </span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function ChapterText({ chapter, seekable = false }: { chapter: Chapter; seekable?: boolean }) {
  return (
    <>
      <span className="episode__time">
        {seekable ? <span className="visually-hidden">Play from </span> : null}
        {formatClock(chapter.start)}
      </span>{' '}
      <span className="episode-chapters__title">{chapter.title}</span>
    </>
  );
}
