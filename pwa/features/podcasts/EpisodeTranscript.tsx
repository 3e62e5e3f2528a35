import { memo, useEffect, useId, useRef, useState } from 'react';
import type { Podcast } from '../../../contracts/podcasts';
import type { TranscriptCue } from '../../../contracts/transcripts';
import { formatClock } from '../../lib/format';
import { PlainButton, PlainToggleButton } from '../../components/PlainButton';
import { useCurrentIndex, useSeekInEpisode } from './useEpisodePlayback';
import { cueAt, isLongTranscript, isTimed, scrollTarget, USER_SCROLL_PAUSE_MS } from './followAlong';

/** Keys that scroll the box or move focus through it: the listener is reading somewhere of their own. */
const SCROLLING_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', 'Tab']);

/**
 * The episode page's Transcript (docs/episode-page.md). Rendered with the page (it is the episode's
 * text alternative and what search engines read); a timed transcript's cues show their start, a
 * press plays from there, and while this episode is in the player the cue being spoken is marked and,
 * in the collapsed box, kept in view by scrolling the box itself (never the page), unless the
 * listener scrolled it in the last few seconds or turned "Follow along" off. A long transcript
 * starts as that box; "Show full transcript" lets it run down the page (then nothing scrolls on its own).
 */
export function EpisodeTranscript({ episode, cues }: { episode: Podcast; cues: readonly TranscriptCue[] }) {
  const timed = isTimed(cues);
  const long = isLongTranscript(cues);
  const seek = useSeekInEpisode(episode);
  const current = useCurrentIndex(episode.id, (position) => (timed ? cueAt(cues, position) : -1));
  const [expanded, setExpanded] = useState(false);
  const [follow, setFollow] = useState(true);
  const boxId = useId();
  const box = useRef<HTMLDivElement>(null);
  const userScrolledAt = useRef(0);
  const scrolledBefore = useRef(false);
  // The box scrolls on its own only while collapsed; a full transcript is part of the page.
  const boxed = long && !expanded;
  const following = boxed && timed && seek != null && follow;

  useEffect(() => {
    const el = box.current;
    if (!el || !boxed) return;
    const mark = () => (userScrolledAt.current = Date.now());
    const onKey = (event: KeyboardEvent) => (SCROLLING_KEYS.has(event.key) || (event.key === ' ' && event.target === el)) && mark();
    // A press on the box itself (not on a cue) is its scroll bar being dragged.
    const onPointer = (event: PointerEvent) => event.target === el && mark();
    el.addEventListener('wheel', mark, { passive: true });
    el.addEventListener('touchmove', mark, { passive: true });
    el.addEventListener('keydown', onKey);
    el.addEventListener('pointerdown', onPointer);
    return () => {
      el.removeEventListener('wheel', mark);
      el.removeEventListener('touchmove', mark);
      el.removeEventListener('keydown', onKey);
      el.removeEventListener('pointerdown', onPointer);
    };
  }, [boxed]);

  useEffect(() => {
    const el = box.current;
    if (!el || !following || current < 0) return;
    if (Date.now() - userScrolledAt.current < USER_SCROLL_PAUSE_MS) return;
    const cue = el.querySelector<HTMLElement>(`[data-cue="${current}"]`);
    if (!cue) return;
    const boxTop = el.getBoundingClientRect().top - el.scrollTop;
    const rect = cue.getBoundingClientRect();
    const top = scrollTarget({ top: rect.top - boxTop, bottom: rect.bottom - boxTop }, el);
    if (top == null) return;
    // The first move (the page opened mid-episode) jumps; later ones glide, unless motion is reduced.
    const smooth = scrolledBefore.current && !matchMedia('(prefers-reduced-motion: reduce)').matches;
    scrolledBefore.current = true;
    el.scrollTo({ top, behavior: smooth ? 'smooth' : 'auto' });
  }, [current, following]);

  const onFollow = (on: boolean) => {
    // Turned back on: follow at once, whatever the listener scrolled.
    if (on) userScrolledAt.current = 0;
    setFollow(on);
  };

  return (
    <section className="episode__section episode-transcript" aria-labelledby="episode-transcript-title">
      <div className="episode-transcript__head">
        <h2 id="episode-transcript-title">Transcript</h2>
        <div className="episode-transcript__tools">
          {boxed && timed && seek ? (
            <PlainToggleButton isSelected={follow} onChange={onFollow}>
              Follow along
            </PlainToggleButton>
          ) : null}
          {long ? (
            <PlainButton variant="secondary" size="sm" aria-expanded={expanded} aria-controls={boxId} onPress={() => setExpanded(!expanded)}>
              {expanded ? 'Collapse transcript' : 'Show full transcript'}
            </PlainButton>
          ) : null}
        </div>
      </div>
      <div
        id={boxId}
        ref={box}
        className="episode-transcript__box"
        data-collapsed={boxed || undefined}
        // A collapsed box of plain paragraphs has nothing to tab to: it takes focus itself, to be scrolled by keys.
        {...(boxed && !(timed && seek) ? { tabIndex: 0, role: 'region', 'aria-label': 'Transcript text' } : {})}
      >
        {timed ? (
          <ol className="episode-transcript__cues">
            {cues.map((cue, i) => (
              <Cue key={i} index={i} cue={cue} isCurrent={i === current} seek={seek} />
            ))}
          </ol>
        ) : (
          cues.map((cue, i) => <p key={i}>{cue.text}</p>)
        )}
      </div>
    </section>
  );
}

interface CueProps {
  index: number;
  cue: TranscriptCue;
  isCurrent: boolean;
  seek: ((seconds: number) => void) | null;
}

// Memoised: a change of the current cue re-renders two rows, not the whole transcript.
const Cue = memo(function Cue({ index, cue, isCurrent, seek }: CueProps) {
  const start = cue.start;
  return (
    <li className="episode-transcript__cue" data-cue={index} aria-current={isCurrent ? 'true' : undefined}>
      {start == null ? null : seek ? (
        <PlainButton variant="ghost" size="sm" className="episode__time episode-transcript__seek" onPress={() => seek(start)}>
          <span className="visually-hidden">Play from </span>
          {formatClock(start)}
        </PlainButton>
      ) : (
        <span className="episode__time episode-transcript__start">{formatClock(start)}</span>
      )}{' '}
      <span className="episode-transcript__text">{cue.text}</span>
    </li>
  );
});
