import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Label, Slider, SliderThumb, SliderTrack } from 'react-aria-components';
import { Button } from '../../components/Button';
import { Cover as Picture, PODCAST_PLACEHOLDER } from '../../components/Cover';
import { Dialog } from '../../components/Dialog';
import { BackIcon, CloseIcon, DownIcon, ExpandIcon, ForwardIcon, PauseIcon, PlayIcon, UpIcon } from '../../components/icons';
import { ToggleButton } from '../../components/ToggleButton';
import { DownloadEpisodesButton } from './DownloadButton';
import { formatClock, formatDuration } from '../../lib/format';
import { cpdNudgeLines } from '../../lib/cpdNudge';
import { cpdQueries } from '../../api/cpd';
import { useViewer } from '../../session/viewer';
import { nextChapterStart, previousChapterStart, remainingAtRate, type PlayerEpisode, type SleepChoice } from './logic';
import { useEpisodeAvailability } from './availability';
import { NotDownloadedMark } from './NotDownloaded';
import {
  BACK_SECONDS,
  closePlayer,
  FORWARD_SECONDS,
  moveInUpNext,
  playEpisode,
  RATES,
  removeFromUpNext,
  seekTo,
  setRate,
  setSleepTimer,
  skip,
  togglePlay,
  usePlayer,
  type PlayerState,
} from './player';
import '../../components/Slider.css';
import './player.css';

/**
 * The player's screens, loaded on first play: the docked mini-player (a bar at the bottom of the
 * window; the page gets bottom padding so its last content stays reachable) and the full player.
 */
export default function PlayerUI() {
  const player = usePlayer();
  const [expanded, setExpanded] = useState(false);

  useEffect(() => {
    document.documentElement.classList.add('has-player');
    return () => document.documentElement.classList.remove('has-player');
  }, []);

  const episode = player.current;
  if (!episode) return null;
  return (
    <>
      <section className="mini-player" aria-label="Player">
        <div className="mini-player__progress" aria-hidden="true">
          <span style={{ width: `${player.duration > 0 ? Math.min(100, (player.position / player.duration) * 100) : 0}%` }} />
        </div>
        <div className="mini-player__inner">
          <Cover episode={episode} className="mini-player__cover" />
          <div className="mini-player__text">
            <p className="mini-player__title">{episode.title}</p>
            <ChapterLine player={player} className="mini-player__show" />
          </div>
          <div className="mini-player__controls">
            <Transport player={player} compact />
            <Button variant="ghost" size="icon" aria-label="Open full player" onPress={() => setExpanded(true)}>
              <ExpandIcon />
            </Button>
            <Button variant="ghost" size="icon" className="mini-player__close" aria-label="Close player" onPress={() => closePlayer()}>
              <CloseIcon />
            </Button>
          </div>
        </div>
      </section>
      <Dialog title="Now playing" isOpen={expanded} onOpenChange={setExpanded} size="md">
        <FullPlayer player={player} onLeave={() => setExpanded(false)} />
      </Dialog>
    </>
  );
}

/**
 * The episode's picture: its own or its generated cover in the sizes its card already fetched (the
 * lock screen's square 1400 px one is for the Media Session, not for a 3–6 rem box).
 */
function Cover({ episode, className }: { episode: PlayerEpisode; className: string }) {
  if (episode.cover) return <Picture image={episode.cover.image} cover={episode.cover.spec} sizes="6rem" placeholder={PODCAST_PLACEHOLDER} className={className} />;
  const src = episode.imageUrl;
  return src ? <img src={src} alt="" className={className} width={96} height={96} /> : <span className={`${className} player-cover--empty`} aria-hidden="true" />;
}

/** Back 15 s, play/pause, forward 30 s. */
function Transport({ player, compact = false }: { player: PlayerState; compact?: boolean }) {
  return (
    <div className={compact ? 'player-transport player-transport--compact' : 'player-transport'}>
      <Button variant="ghost" size="icon" aria-label={`Back ${BACK_SECONDS} seconds`} onPress={() => skip(-BACK_SECONDS)}>
        <BackIcon />
        <span className="player-transport__n" aria-hidden="true">
          {BACK_SECONDS}
        </span>
      </Button>
      <Button variant="primary" size="icon" className="player-transport__play" aria-label={player.playing ? 'Pause' : 'Play'} onPress={togglePlay}>
        {player.playing ? <PauseIcon /> : <PlayIcon />}
      </Button>
      <Button variant="ghost" size="icon" aria-label={`Forward ${FORWARD_SECONDS} seconds`} onPress={() => skip(FORWARD_SECONDS)}>
        <ForwardIcon />
        <span className="player-transport__n" aria-hidden="true">
          {FORWARD_SECONDS}
        </span>
      </Button>
    </div>
  );
}

const SLEEP_CHOICES: { value: SleepChoice | null; label: string }[] = [
  { value: null, label: 'Off' },
  { value: 'end', label: 'End of episode' },
  { value: 15, label: '15 min' },
  { value: 30, label: '30 min' },
  { value: 60, label: '60 min' },
];

function sleepValue(player: PlayerState): SleepChoice | null {
  if (!player.sleep) return null;
  return player.sleep.kind === 'end' ? 'end' : (player.sleep.minutes as SleepChoice);
}

/** The chapter playing, when the episode has chapters; else the show. */
function ChapterLine({ player, className }: { player: PlayerState; className: string }) {
  const episode = player.current!;
  const chapter = episode.chapters?.[player.chapter];
  if (chapter) {
    return (
      <p className={className} data-chapter="">
        <span className="visually-hidden">Chapter: </span>
        {chapter.title}
      </p>
    );
  }
  return episode.show ? <p className={className}>{episode.show}</p> : null;
}

/** Previous and next chapter, for an episode with chapters. */
function ChapterSkips({ player }: { player: PlayerState }) {
  const chapters = player.current?.chapters ?? [];
  if (chapters.length < 2) return null;
  const previous = previousChapterStart(chapters, player.position);
  const next = nextChapterStart(chapters, player.position);
  return (
    <div className="full-player__chapters">
      <Button variant="secondary" size="sm" isDisabled={previous == null} onPress={() => previous != null && seekTo(previous)}>
        Previous chapter
      </Button>
      <Button variant="secondary" size="sm" isDisabled={next == null} onPress={() => next != null && seekTo(next)}>
        Next chapter
      </Button>
    </div>
  );
}

function FullPlayer({ player, onLeave }: { player: PlayerState; onLeave: () => void }) {
  const episode = player.current!;
  const sleep = sleepValue(player);
  return (
    <div className="full-player">
      <div className="full-player__head">
        <Cover episode={episode} className="full-player__cover" />
        <div>
          {/* The episode's page: the dialog closes as the route changes under it. */}
          <Link to="/podcasts/$id" params={{ id: episode.id }} className="full-player__title" onClick={onLeave}>
            {episode.title}
          </Link>
          {episode.show ? <p className="full-player__show">{episode.show}</p> : null}
          {episode.chapters?.[player.chapter] ? <ChapterLine player={player} className="full-player__chapter" /> : null}
          <CpdNudge />
        </div>
      </div>
      <SeekSlider position={player.position} duration={player.duration} rate={player.rate} />
      <Transport player={player} />
      <ChapterSkips player={player} />
      <div className="full-player__group" role="group" aria-labelledby="player-speed">
        <p id="player-speed" className="full-player__label">
          Speed
        </p>
        <div className="full-player__choices">
          {RATES.map((rate) => (
            <ToggleButton key={rate} isSelected={player.rate === rate} onChange={() => setRate(rate)} aria-label={`${rate}× speed`}>
              {rate}×
            </ToggleButton>
          ))}
        </div>
      </div>
      <div className="full-player__group" role="group" aria-labelledby="player-sleep">
        <p id="player-sleep" className="full-player__label">
          Sleep timer
          {player.sleep?.kind === 'minutes' ? <span className="full-player__hint"> (stops at {new Date(player.sleep.endsAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })})</span> : null}
        </p>
        <div className="full-player__choices">
          {SLEEP_CHOICES.map((choice) => (
            <ToggleButton key={String(choice.value)} isSelected={sleep === choice.value} onChange={() => setSleepTimer(choice.value)}>
              {choice.label}
            </ToggleButton>
          ))}
        </div>
      </div>
      <UpNext player={player} />
      <Button variant="secondary" size="sm" className="full-player__stop" onPress={() => closePlayer()}>
        Stop and close the player
      </Button>
    </div>
  );
}

/** What today's listening and reading added to the member's CPD ledger (members only). */
function CpdNudge() {
  const { isSignedIn } = useViewer();
  const today = useQuery({ ...cpdQueries.today(), enabled: isSignedIn });
  const lines = isSignedIn ? cpdNudgeLines(today.data) : [];
  if (lines.length === 0) return null;
  return (
    <p className="full-player__cpd">
      {lines.map((line, i) => (
        <span key={i}>{line}</span>
      ))}
    </p>
  );
}

/** The seek slider: arrow keys move 1 s, Page Up/Down a tenth; read out as "12:34 of 41:00". */
function SeekSlider({ position, duration, rate }: { position: number; duration: number; rate: number }) {
  const [dragging, setDragging] = useState<number | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const value = dragging ?? Math.min(position, duration || position);
  const text = `${formatClock(value)} of ${formatClock(duration)}`;
  // react-aria reads the value as a number; a time reads better.
  useLayoutEffect(() => {
    inputRef.current?.setAttribute('aria-valuetext', text);
  });
  return (
    <Slider
      className="slider full-player__seek"
      minValue={0}
      maxValue={Math.max(duration, 1)}
      step={1}
      value={value}
      isDisabled={!(duration > 0)}
      onChange={(v) => setDragging(v)}
      onChangeEnd={(v) => {
        seekTo(v);
        setDragging(null);
      }}
    >
      <Label className="visually-hidden">Position</Label>
      <SliderTrack className="slider__track">
        {({ state }) => (
          <>
            <span className="slider__fill" style={{ width: `${state.getThumbPercent(0) * 100}%` }} />
            <SliderThumb className="slider__thumb" inputRef={inputRef} />
          </>
        )}
      </SliderTrack>
      <div className="full-player__times" aria-hidden="true">
        <span>{formatClock(value)}</span>
        {/* Time left at this speed: at 2× half the audio left. */}
        <span data-remaining="">-{formatClock(remainingAtRate(duration, value, rate))}</span>
      </div>
    </Slider>
  );
}

/** A queued episode's picture (its own, or its generated cover, as on its card), title and length. */
function UpNextEntry({ episode }: { episode: PlayerEpisode }) {
  return (
    <>
      <Cover episode={episode} className="up-next__cover" />
      <span className="up-next__text">
        <span className="up-next__title">{episode.title}</span>
        {episode.duration != null ? <span className="up-next__duration">{formatDuration(episode.duration)}</span> : null}
      </span>
    </>
  );
}

/** "Play now"; offline, dimmed and marked when the episode is not on this device (a press says why). */
function UpNextPlay({ episode }: { episode: PlayerEpisode }) {
  const unavailable = useEpisodeAvailability(episode).downloaded === false;
  const markId = `up-next-unavailable-${episode.id}`;
  return (
    <>
      {unavailable ? <NotDownloadedMark id={markId} /> : null}
      <Button
        variant={unavailable ? 'secondary' : 'ghost'}
        size="icon"
        className={unavailable ? 'is-unavailable' : undefined}
        aria-label={`Play now: ${episode.title}`}
        aria-describedby={unavailable ? markId : undefined}
        onPress={() => playEpisode(episode)}
      >
        <PlayIcon />
      </Button>
    </>
  );
}

/** A queued episode as the download needs it. */
const downloadable = (e: PlayerEpisode) => ({ ...e, audioBytes: e.audioBytes ?? null, audioType: e.audioType ?? null, show: e.show ? { name: e.show } : null });

/**
 * Moves a queued episode; a move to either end disables the button pressed, which would drop focus
 * to the page: it goes to the row's other move button instead, so a keyboard user can go on.
 */
function moveKeepingFocus(id: string, by: -1 | 1, pressed: Element): void {
  const row = pressed.closest('li');
  moveInUpNext(id, by);
  requestAnimationFrame(() => {
    if (row && !row.contains(document.activeElement)) row.querySelector<HTMLElement>(`[data-move="${by < 0 ? 'down' : 'up'}"]`)?.focus();
  });
}

function UpNext({ player }: { player: PlayerState }) {
  return (
    <section className="up-next" aria-labelledby="up-next-title">
      <h3 id="up-next-title" className="full-player__label">
        Up Next
      </h3>
      {player.upNext.length === 0 ? (
        <p className="up-next__empty">Nothing queued. Use “Add to Up Next” on an episode.</p>
      ) : (
        <ol className="up-next__list">
          {player.upNext.map((episode, index) => (
            <li key={episode.id} className="up-next__item">
              <UpNextEntry episode={episode} />
              <span className="up-next__actions">
                <UpNextPlay episode={episode} />
                <Button variant="ghost" size="icon" aria-label={`Move up: ${episode.title}`} data-move="up" isDisabled={index === 0} onPress={(e) => moveKeepingFocus(episode.id, -1, e.target)}>
                  <UpIcon />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Move down: ${episode.title}`}
                  data-move="down"
                  isDisabled={index === player.upNext.length - 1}
                  onPress={(e) => moveKeepingFocus(episode.id, 1, e.target)}
                >
                  <DownIcon />
                </Button>
                <Button variant="ghost" size="icon" aria-label={`Remove from Up Next: ${episode.title}`} onPress={() => removeFromUpNext(episode.id)}>
                  <CloseIcon />
                </Button>
              </span>
            </li>
          ))}
        </ol>
      )}
      <DownloadEpisodesButton episodes={player.upNext.map(downloadable)} label="Download Up Next" />
    </section>
  );
}
