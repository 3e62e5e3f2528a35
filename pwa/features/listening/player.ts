import { useSyncExternalStore } from 'react';
import type { ListeningItem } from '../../../contracts/listening';
import { coverUrl, podcastCover } from '../../../contracts/covers';
import type { Podcast } from '../../../contracts/podcasts';
import { listeningQueries } from '../../api/listening';
import { siteQueries } from '../../api/site';
import { recordPlay, invalidatePodcasts } from '../../api/podcasts';
import { cpdQueries } from '../../api/cpd';
import { createStudyClock, type StudyClock, type StudyEvent } from '../../lib/study-time';
import { currentUserId, onMemberLeaving, onSessionChange, ownerId, sessionQueryClient, sessionSettled } from '../../session/session';
import { storeMayLoad } from '../../offline/afterWorker';
import { EPISODE_CACHE } from '../../sw/cacheNames';
import { toast } from '../../components/Toast';
import {
  afterEnded,
  chapterIndexAt,
  isFinished,
  latestPosition,
  NOT_DOWNLOADED_MESSAGE,
  playableHere,
  PlayTracker,
  queueAdd,
  queueAddNext,
  queueMove,
  queueRemove,
  resumeAt,
  sleepTimer,
  type KnownPosition,
  type PlayerEpisode,
  type SleepChoice,
  type SleepTimer,
} from './logic';

/*
 * The app's one player (docs/decisions/2026-11-28-player.md). Always loaded, so it stays small: the
 * state as an external store, one <audio> element made on first use and kept for the page's life
 * (route changes never touch it), the Media Session, and the saving of positions. Its screens
 * (PlayerUI.tsx) and the storage code load on first use.
 */

export type { PlayerEpisode, SleepChoice } from './logic';

export const RATES = [0.8, 1, 1.2, 1.5, 1.8, 2] as const;
export const BACK_SECONDS = 15;
export const FORWARD_SECONDS = 30;
/** Positions are kept on this device this often while playing, and on pause, seek, end and leaving. */
const SAVE_EVERY_MS = 5_000;
/** While playing, a member's position goes to the server at most this often (each pause, seek and end too). */
const SEND_EVERY_MS = 30_000;

export interface PlayerState {
  current: PlayerEpisode | null;
  upNext: PlayerEpisode[];
  playing: boolean;
  position: number;
  duration: number;
  rate: number;
  sleep: SleepTimer | null;
  /** This device's positions by episode (loaded from IndexedDB on first need). */
  positions: Record<string, KnownPosition>;
  /** The chapter playing (an index into `current.chapters`), -1 for none. */
  chapter: number;
  /** The audio addresses this device has downloaded (the episode cache's keys); null until read, which happens offline. */
  downloaded: ReadonlySet<string> | null;
}

const INITIAL: PlayerState = { current: null, upNext: [], playing: false, position: 0, duration: 0, rate: 1, sleep: null, positions: {}, chapter: -1, downloaded: null };
let state: PlayerState = INITIAL;
const listeners = new Set<() => void>();

function set(patch: Partial<PlayerState>): void {
  state = { ...state, ...patch };
  if ('current' in patch || 'upNext' in patch) keepQueue();
  listeners.forEach((notify) => notify());
}

// ---------------------------------------------------------------- what is playing, kept on the device

/**
 * The episode in the player and Up Next outlive a reload or a closed tab (a podcast app's queue is
 * not lost by putting the phone away): kept in localStorage under whoever is here, read back once
 * the session is known, and gone with the member who leaves. localStorage rather than IndexedDB: a
 * few hundred bytes, read synchronously, with no database code on the first page.
 */
const QUEUE_KEY = 'ledger-commons:player';
interface KeptQueue {
  owner: string;
  current: PlayerEpisode | null;
  upNext: PlayerEpisode[];
}
let queueRestored = false;

function keepQueue(): void {
  if (!queueRestored) return; // nothing to overwrite the kept queue with before it was read
  try {
    if (!state.current && !state.upNext.length) localStorage.removeItem(QUEUE_KEY);
    else localStorage.setItem(QUEUE_KEY, JSON.stringify({ owner: ownerId(), current: state.current, upNext: state.upNext } satisfies KeptQueue));
  } catch {
    // Storage full or blocked: the queue lives for this page only.
  }
}

/** Puts back the kept episode (paused, at its known position) and Up Next, if they are this person's. */
function restoreQueue(): void {
  queueRestored = true;
  if (state.current || state.upNext.length) return keepQueue();
  let kept: KeptQueue | null = null;
  try {
    kept = JSON.parse(localStorage.getItem(QUEUE_KEY) ?? 'null') as KeptQueue | null;
  } catch {
    kept = null;
  }
  if (!kept || kept.owner !== ownerId() || !Array.isArray(kept.upNext)) return;
  set({ current: kept.current, upNext: kept.upNext, duration: kept.current?.duration ?? 0 });
  if (kept.current) {
    const { id, chapters } = kept.current;
    void loadResume().then(() => {
      if (state.current?.id !== id || audio) return;
      const position = knownPosition(id)?.positionSeconds ?? 0;
      set({ position, chapter: chapterIndexAt(chapters, position) });
    });
  }
}

if (typeof window !== 'undefined') void sessionSettled().then(restoreQueue);

function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  return () => listeners.delete(notify);
}

export const playerSnapshot = (): PlayerState => state;

/** The player's state, re-rendering on every change (position included: use it where time shows). */
export function usePlayer(): PlayerState {
  return useSyncExternalStore(subscribe, playerSnapshot, () => INITIAL);
}

/** One slice of the state: re-renders only when it changes. */
export function usePlayerSelect<T>(select: (s: PlayerState) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => select(state),
    () => select(INITIAL),
  );
}

/** The episode as the player keeps it; null when it has nothing this site can play. */
export function toPlayerEpisode(podcast: Podcast): PlayerEpisode | null {
  if (!podcast.audioUrl) return null;
  // Without a picture of its own, the episode's generated cover (as on its card and in the feed).
  const spec = podcastCover(podcast);
  const imageUrl = podcast.imageUrl ?? coverUrl(spec, '1400x1400', 'jpg');
  return {
    id: podcast.id,
    title: podcast.title,
    show: podcast.show?.name ?? null,
    imageUrl,
    audioUrl: podcast.audioUrl,
    duration: podcast.duration,
    audioBytes: podcast.audioBytes,
    audioType: podcast.audioType,
    chapters: podcast.chapters ?? [],
    cover: { image: podcast.imageUrl, spec },
  };
}

// ---------------------------------------------------------------- what can play offline

let downloadedReading: Promise<void> | null = null;

/**
 * Reads which audio files this device has downloaded (the episode cache, where the service worker
 * plays them from offline): kept in the store so a press offline is answered at once, without
 * waiting on storage. Read when the device goes offline (or starts so), and again after a
 * download or its removal.
 */
export function refreshDownloaded(): Promise<void> {
  downloadedReading = (async () => {
    let urls: string[] = [];
    try {
      if (typeof caches !== 'undefined' && (await caches.has(EPISODE_CACHE))) urls = (await (await caches.open(EPISODE_CACHE)).keys()).map((r) => r.url);
    } catch {
      // Storage blocked: nothing is downloaded.
    }
    set({ downloaded: new Set(urls) });
  })();
  return downloadedReading;
}

/** Whether the episode's audio can play on this device now (offline: only a download). */
export function canPlayHere(audioUrl: string, downloaded = state.downloaded): boolean {
  return playableHere(audioUrl, navigator.onLine, downloaded, location.href);
}

function sayNotDownloaded(): void {
  toast({ title: NOT_DOWNLOADED_MESSAGE });
}

if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => void refreshDownloaded());
  if (!navigator.onLine) void refreshDownloaded();
}

// ---------------------------------------------------------------- positions

let positionsLoading: Promise<void> | null = null;

/**
 * Reads this device's positions once, for whoever is here now (a visitor's and the signed-in
 * member's). Straight from the read cache's database, whose code the app loads after its first
 * render anyway; the writing side (positions.ts) loads with the first save.
 */
export function loadPositions(): Promise<void> {
  positionsLoading ??= storeMayLoad()
    .then(() => import('../../offline/db'))
    .then(({ db }) => db.listening.filter((row) => row.owner === ownerId() || row.owner === '').toArray())
    .then((rows) => {
      const read = Object.fromEntries(
        rows.map(({ episodeId, positionSeconds, durationSeconds, finished, deviceTime }) => [episodeId, { positionSeconds, durationSeconds, finished, deviceTime }]),
      );
      set({ positions: { ...read, ...state.positions } });
    })
    .catch((error: unknown) => console.warn('Listening positions', error));
  return positionsLoading;
}

/**
 * The signed-in member's listening record, loaded by the player itself (the cached one when a
 * screen already has it): resuming on a new device must not depend on another screen having asked.
 * Offline with nothing stored, this device's positions are all there is.
 */
function loadRecord(): Promise<unknown> {
  const queryClient = sessionQueryClient();
  if (!currentUserId() || !queryClient) return Promise.resolve();
  return queryClient.ensureQueryData(listeningQueries.list()).catch((error: unknown) => console.warn('Listening record', error));
}

/** This device's positions and the member's record, both ready for `knownPosition`. */
const loadResume = () => Promise.all([loadPositions(), loadRecord()]);

/** The signed-in member's record for the episode, as the last listening list said. */
function serverPosition(id: string): ListeningItem | undefined {
  if (!currentUserId()) return undefined;
  return sessionQueryClient()?.getQueryData(listeningQueries.list().queryKey)?.find((r) => r.episodeId === id);
}

/** Where the member is in the episode (the later of this device's and the server's), or null. */
export function knownPosition(id: string, positions = state.positions): KnownPosition | null {
  return latestPosition(positions[id], serverPosition(id));
}

// Who is here decides whose positions are read: a sign-in reads the member's again (and their queue).
onSessionChange(() => {
  if (queueRestored) restoreQueue();
  if (!positionsLoading) return;
  positionsLoading = null;
  void loadPositions();
});

// A member leaving takes their positions with them (the offline store does the same with its rows).
onMemberLeaving(async (keep) => {
  closePlayer(true);
  set({ positions: {} });
  positionsLoading = null;
  await import('./positions').then((m) => m.clearPositions(keep));
});

// ---------------------------------------------------------------- the audio element

let audio: HTMLAudioElement | null = null;
let tracker = new PlayTracker();
/** The current episode's CPD listening clock (docs/cpd.md): wall-clock time while its audio advances. */
let studyClock: StudyClock | null = null;
let lastSaved = 0;
let lastSent = 0;
let sleepTimeout: ReturnType<typeof setTimeout> | undefined;
/** The listener's seeks so far (a resume found later must not undo one). */
let seeks = 0;

function element(): HTMLAudioElement {
  if (audio) return audio;
  const el = document.createElement('audio');
  el.preload = 'metadata';
  el.className = 'player-audio';
  document.body.append(el);
  el.addEventListener('play', () => set({ playing: true }));
  el.addEventListener('playing', () => listened('playing'));
  // Not advancing: waiting for data, or the download stalled; the next timeupdate says when it moves again.
  el.addEventListener('waiting', () => listened('paused'));
  el.addEventListener('stalled', () => listened('paused'));
  el.addEventListener('pause', () => {
    listened('paused');
    set({ playing: false });
    tracker.break();
    if (!el.ended) save('pause');
  });
  el.addEventListener('timeupdate', () => {
    setPosition(el.currentTime);
    if (el.paused || el.seeking) return;
    if (el.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) listened('playing');
    if (tracker.tick(el.currentTime, mediaDuration())) countPlay();
    if (Date.now() - lastSaved >= SAVE_EVERY_MS) save('tick');
  });
  el.addEventListener('seeking', () => {
    tracker.break();
    listened('seeking');
  });
  el.addEventListener('seeked', () => {
    listened('seeked');
    setPosition(el.currentTime);
    save('seek');
    updatePositionState();
  });
  el.addEventListener('durationchange', () => {
    set({ duration: mediaDuration() ?? 0 });
    updatePositionState();
  });
  el.addEventListener('ratechange', () => {
    set({ rate: el.playbackRate });
    updatePositionState();
  });
  el.addEventListener('ended', onEnded);
  // Offline, a file that is not on the device fails to load (a download removed meanwhile, say).
  el.addEventListener('error', () => {
    if (navigator.onLine || !el.getAttribute('src')) return;
    set({ playing: false });
    sayNotDownloaded();
  });
  window.addEventListener('pagehide', () => {
    listened('leave');
    save('leave');
  });
  mediaSessionHandlers();
  audio = el;
  return el;
}

/** The position, and the chapter with it: crossing a chapter's start tells the lock screen. */
function setPosition(position: number): void {
  const chapter = chapterIndexAt(state.current?.chapters, position);
  const changed = chapter !== state.chapter;
  set({ position, chapter });
  if (changed && state.current) setMetadata(state.current, chapter);
}

function mediaDuration(): number | null {
  const d = audio?.duration;
  return d != null && Number.isFinite(d) && d > 0 ? d : (state.current?.duration ?? null);
}

// ---------------------------------------------------------------- actions

/**
 * Plays the episode from `startAt`, or from where the member left it (this device or another).
 * Offline, an episode that was not downloaded does not start: the member is told why, and false
 * says it did not.
 */
export function playEpisode(podcast: Podcast | PlayerEpisode, options: { startAt?: number } = {}): boolean {
  const { startAt } = options;
  const episode = 'audioUrl' in podcast && 'status' in podcast ? toPlayerEpisode(podcast) : (podcast as PlayerEpisode);
  if (!episode) return false;
  if (!navigator.onLine) {
    // Not read yet (a press at once after going offline): answered as soon as the cache has said.
    if (!state.downloaded) {
      void (downloadedReading ?? refreshDownloaded()).then(() => playEpisode(episode, options));
      return false;
    }
    if (!canPlayHere(episode.audioUrl)) {
      sayNotDownloaded();
      return false;
    }
  }
  const el = element();
  // The kept episode of an earlier visit (restoreQueue) is current but has no audio yet: started below.
  const loaded = el.getAttribute('src') !== null;
  if (state.current?.id === episode.id && loaded) {
    if (startAt != null) el.currentTime = startAt;
    void el.play().catch(reportPlayError);
    return true;
  }
  if (state.current && loaded && !el.ended) save('leave');
  tracker = new PlayTracker();
  startStudyClock(episode);
  const chapter = chapterIndexAt(episode.chapters, startAt ?? 0);
  set({ current: episode, upNext: queueRemove(state.upNext, episode.id), position: startAt ?? 0, duration: episode.duration ?? 0, chapter });
  // The same element, a new source: no teardown, and play() asked for in the same task.
  el.src = episode.audioUrl;
  el.playbackRate = state.rate;
  el.defaultPlaybackRate = state.rate;
  setMetadata(episode, chapter);
  // Started at once (the press's user activation), moved to the resume position when known.
  void el.play().catch(reportPlayError);
  const seekTo = (at: number) => {
    if (at <= 0 || state.current?.id !== episode.id) return;
    if (el.readyState >= 1) el.currentTime = at;
    else el.addEventListener('loadedmetadata', () => state.current?.id === episode.id && (el.currentTime = at), { once: true });
  };
  if (startAt != null) seekTo(startAt);
  else {
    // The record may come from the network: a seek the listener made meanwhile is theirs to keep.
    const seeksBefore = seeks;
    void loadResume().then(() => seeks === seeksBefore && seekTo(resumeAt(state.positions[episode.id], serverPosition(episode.id))));
  }
  return true;
}

function reportPlayError(error: unknown): void {
  // A pause or another episode interrupting the start is not a failure.
  if (error instanceof DOMException && error.name === 'AbortError') return;
  console.warn('Playback', error);
  set({ playing: false });
}

export function togglePlay(): void {
  if (!state.current) return;
  // The episode kept from an earlier visit has no audio yet: start it where it was left.
  if (!audio?.getAttribute('src')) {
    playEpisode(state.current);
    return;
  }
  if (audio.paused) void audio.play().catch(reportPlayError);
  else audio.pause();
}

export function pause(): void {
  audio?.pause();
}

export function seekTo(seconds: number): void {
  if (!state.current) return;
  seeks += 1;
  // The kept episode has no audio yet: it starts from there (a seek needs the file).
  if (!audio?.getAttribute('src')) {
    playEpisode(state.current, { startAt: Math.max(0, seconds) });
    return;
  }
  const end = mediaDuration();
  audio.currentTime = Math.max(0, end != null ? Math.min(seconds, end) : seconds);
  setPosition(audio.currentTime);
}

export function skip(seconds: number): void {
  seekTo((audio?.getAttribute('src') ? audio.currentTime : state.position) + seconds);
}

export function setRate(rate: number): void {
  set({ rate });
  if (audio) {
    audio.playbackRate = rate;
    audio.defaultPlaybackRate = rate;
  }
}

export function addToUpNext(podcast: Podcast | PlayerEpisode): void {
  const episode = 'status' in podcast ? toPlayerEpisode(podcast) : podcast;
  if (episode && episode.id !== state.current?.id) set({ upNext: queueAdd(state.upNext, episode) });
}

/** "Play next": first in Up Next. */
export function playNext(id: string): void {
  const episode = state.upNext.find((e) => e.id === id);
  if (episode) set({ upNext: queueAddNext(state.upNext, episode) });
}

export function removeFromUpNext(id: string): void {
  set({ upNext: queueRemove(state.upNext, id) });
}

export function moveInUpNext(id: string, by: -1 | 1): void {
  set({ upNext: queueMove(state.upNext, id, by) });
}

/** Plays the first of Up Next now (the lock screen's "next track"). */
export function playNextInQueue(): void {
  const [next] = state.upNext;
  if (next) playEpisode(next);
}

export function setSleepTimer(choice: SleepChoice | null): void {
  clearTimeout(sleepTimeout);
  const timer = sleepTimer(choice, Date.now());
  set({ sleep: timer });
  if (timer?.kind === 'minutes') {
    sleepTimeout = setTimeout(() => {
      audio?.pause();
      set({ sleep: null });
    }, timer.endsAt - Date.now());
  }
}

/** Stops and closes the player (the mini-player's close button; `andQueue`: Up Next goes too, as when a member leaves). */
export function closePlayer(andQueue = false): void {
  studyClock?.stop();
  studyClock = null;
  if (audio) {
    audio.pause();
    audio.removeAttribute('src');
    audio.load();
  }
  setSleepTimer(null);
  set({ current: null, playing: false, position: 0, duration: 0, chapter: -1, ...(andQueue ? { upNext: [] } : {}) });
  if ('mediaSession' in navigator) navigator.mediaSession.metadata = null;
}

function onEnded(): void {
  const current = state.current;
  if (!current) return;
  if (tracker.ended(mediaDuration())) countPlay();
  save('end');
  const { next, queue, timer } = afterEnded(state.upNext, state.sleep, current.id);
  set({ upNext: queue, sleep: timer, playing: false });
  // Offline, a next episode that was not downloaded stays queued (playEpisode says why it did not start).
  if (next && !playEpisode(next)) set({ upNext: [next, ...state.upNext] });
}

// ---------------------------------------------------------------- saving and counting

type SaveReason = 'tick' | 'pause' | 'seek' | 'end' | 'leave';

function save(reason: SaveReason): void {
  const episode = state.current;
  if (!episode || !audio) return;
  const now = Date.now();
  lastSaved = now;
  const duration = mediaDuration();
  const positionSeconds = Math.max(0, Math.min(audio.currentTime, 86_400));
  const record: KnownPosition = {
    positionSeconds,
    durationSeconds: duration,
    finished: reason === 'end' || isFinished(positionSeconds, duration),
    deviceTime: new Date(now).toISOString(),
  };
  set({ positions: { ...state.positions, [episode.id]: record } });
  const toServer = reason !== 'tick' || now - lastSent >= SEND_EVERY_MS;
  if (toServer) lastSent = now;
  void import('./positions')
    .then((m) => m.savePosition(episode, record, toServer))
    .catch((error: unknown) => console.warn('Saving the listening position', error));
}

function countPlay(): void {
  const id = state.current?.id;
  if (!id) return;
  recordPlay(id)
    .then(() => {
      const queryClient = sessionQueryClient();
      return queryClient ? invalidatePodcasts(queryClient) : undefined;
    })
    .catch((error: unknown) => console.warn('Recording the play', error));
}

// ---------------------------------------------------------------- CPD listening time

/**
 * A clock per episode: what the member heard of it is cut into stretches and sent as time records
 * (listeningTime.ts, loaded with the first). Whether tracking is paused is the member's setting, as
 * `GET /api/cpd/today` last said; it is asked for when an episode starts.
 */
function startStudyClock(episode: PlayerEpisode): void {
  studyClock?.stop();
  studyClock = createStudyClock({
    mode: 'listening',
    onStretch: (stretch) =>
      void import('./listeningTime').then((m) => m.sendListeningTime(episode, stretch)).catch((error: unknown) => console.warn('Recording listening time', error)),
  });
  const queryClient = sessionQueryClient();
  if (currentUserId() && queryClient) void queryClient.prefetchQuery(cpdQueries.today());
}

/** Tells the clock what the audio does; it counts only for a signed-in member whose tracking is not paused. */
function listened(event: StudyEvent): void {
  if (event === 'playing' && !measuresListening()) event = 'paused';
  studyClock?.event(event);
}

function measuresListening(): boolean {
  if (!currentUserId()) return false;
  return sessionQueryClient()?.getQueryData(cpdQueries.today().queryKey)?.trackingPaused !== true;
}

// ---------------------------------------------------------------- Media Session

/** The lock screen's words: the episode and its show, or within a chapter the chapter and the episode. */
function setMetadata(episode: PlayerEpisode, chapterIndex: number): void {
  if (!('mediaSession' in navigator) || typeof MediaMetadata === 'undefined') return;
  const album = sessionQueryClient()?.getQueryData(siteQueries.info().queryKey)?.siteName ?? 'Ledger Commons';
  const chapter = episode.chapters?.[chapterIndex];
  navigator.mediaSession.metadata = new MediaMetadata({
    title: chapter ? chapter.title : episode.title,
    artist: chapter ? [episode.title, episode.show].filter(Boolean).join(' · ') : (episode.show ?? ''),
    album,
    artwork: episode.imageUrl ? [{ src: new URL(episode.imageUrl, location.href).href }] : [],
  });
}

function mediaSessionHandlers(): void {
  if (!('mediaSession' in navigator)) return;
  const session = navigator.mediaSession;
  const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
    ['play', () => void audio?.play().catch(reportPlayError)],
    ['pause', () => audio?.pause()],
    ['seekbackward', (d) => skip(-(d.seekOffset ?? BACK_SECONDS))],
    ['seekforward', (d) => skip(d.seekOffset ?? FORWARD_SECONDS)],
    ['seekto', (d) => d.seekTime != null && seekTo(d.seekTime)],
    ['previoustrack', () => seekTo(0)],
    ['nexttrack', () => playNextInQueue()],
  ];
  for (const [action, handler] of handlers) {
    try {
      session.setActionHandler(action, handler);
    } catch {
      // An action this browser does not know.
    }
  }
}

function updatePositionState(): void {
  const duration = mediaDuration();
  if (!audio || !('mediaSession' in navigator) || !navigator.mediaSession.setPositionState || duration == null) return;
  try {
    navigator.mediaSession.setPositionState({ duration, playbackRate: audio.playbackRate, position: Math.min(audio.currentTime, duration) });
  } catch {
    // A position past a duration the browser has not settled yet.
  }
}
