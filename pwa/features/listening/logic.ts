import type { Chapter } from '../../../contracts/transcripts';
import type { CoverSpec } from '../../../contracts/covers';
import type { ListeningItem } from '../../../contracts/listening';
/*
 * The player's rules, kept free of the audio element and the browser so they can be tested alone:
 * the Up Next queue, where an episode resumes, when a play counts, what the sleep timer does.
 */

/** What the player needs of an episode (a Podcast's fields, copied so the queue survives a refetch). */
export interface PlayerEpisode {
  id: string;
  title: string;
  show: string | null;
  imageUrl: string | null;
  audioUrl: string;
  /** Seconds, as the server knows it (the audio's own length replaces it once loaded). */
  duration: number | null;
  /** The file's length and type (what "Download Up Next" needs to size and store it). */
  audioBytes?: number | null;
  audioType?: string | null;
  /** The episode's chapters, sorted by start ([] or absent when it has none). */
  chapters?: Chapter[];
  /** Its own picture (null without one) and its generated cover, for a small picture in Up Next (components/Cover). */
  cover?: { image: string | null; spec: CoverSpec };
}

// ---------------------------------------------------------------- Up Next

/** Adds at the end; an episode already queued is not queued twice. */
export function queueAdd(queue: readonly PlayerEpisode[], episode: PlayerEpisode): PlayerEpisode[] {
  return queue.some((e) => e.id === episode.id) ? [...queue] : [...queue, episode];
}

/** Puts the episode first ("Play next"), moving it when it is already queued. */
export function queueAddNext(queue: readonly PlayerEpisode[], episode: PlayerEpisode): PlayerEpisode[] {
  return [episode, ...queue.filter((e) => e.id !== episode.id)];
}

export function queueRemove(queue: readonly PlayerEpisode[], id: string): PlayerEpisode[] {
  return queue.filter((e) => e.id !== id);
}

/** Moves an entry by `by` places (-1 up, +1 down), clamped to the list's ends. */
export function queueMove(queue: readonly PlayerEpisode[], id: string, by: number): PlayerEpisode[] {
  const from = queue.findIndex((e) => e.id === id);
  if (from < 0) return [...queue];
  const to = Math.max(0, Math.min(queue.length - 1, from + by));
  const next = [...queue];
  const [entry] = next.splice(from, 1);
  next.splice(to, 0, entry!);
  return next;
}

// ---------------------------------------------------------------- resuming

/** A position as this device or the server holds it (the server's ListeningRecord has these fields). */
export interface KnownPosition {
  positionSeconds: number;
  durationSeconds: number | null;
  finished: boolean;
  /** ISO: when the member made the change, on the device where they made it. */
  deviceTime: string;
}

/** The share of an episode that counts as finished (contracts/listening.ts has the server's). */
export const FINISHED_AT = 0.95;

export function isFinished(positionSeconds: number, durationSeconds: number | null | undefined): boolean {
  return durationSeconds != null && durationSeconds > 0 && positionSeconds >= durationSeconds * FINISHED_AT;
}

/** Of this device's and the server's positions, the later change (by device time); the local one on a tie. */
export function latestPosition(local: KnownPosition | null | undefined, server: KnownPosition | null | undefined): KnownPosition | null {
  if (!local) return server ?? null;
  if (!server) return local;
  return Date.parse(server.deviceTime) > Date.parse(local.deviceTime) ? server : local;
}

/** Where starting the episode begins: the latest position, from the start when it was finished. */
export function resumeAt(local: KnownPosition | null | undefined, server: KnownPosition | null | undefined): number {
  const latest = latestPosition(local, server);
  if (!latest || latest.finished || isFinished(latest.positionSeconds, latest.durationSeconds)) return 0;
  return latest.positionSeconds;
}

// ---------------------------------------------------------------- plays

/** A play counts after this much listening, or the whole of a shorter episode. */
export const PLAY_AFTER_SECONDS = 60;
/** A jump of the position bigger than this between two time updates is a seek, not listening. */
const MAX_STEP_SECONDS = 3;

/**
 * Adds up the audio actually heard: each small forward step of the position between two time
 * updates while playing. Seeks (bigger or backward jumps) add nothing, so skipping to the end
 * does not make a play; listening again to the same minute does.
 */
export class PlayTracker {
  heard = 0;
  counted = false;
  private last: number | null = null;

  /** The position at a time update while playing; true once, when the play should be recorded. */
  tick(position: number, duration: number | null | undefined): boolean {
    const step = this.last == null ? 0 : position - this.last;
    this.last = position;
    if (step > 0 && step <= MAX_STEP_SECONDS) this.heard += step;
    return this.check(duration, false);
  }

  /** Playback stopped or jumped: the next update starts a new stretch. */
  break(): void {
    this.last = null;
  }

  /** The audio reached its end: a short episode heard (nearly) whole counts. */
  ended(duration: number | null | undefined): boolean {
    this.last = null;
    return this.check(duration, true);
  }

  private check(duration: number | null | undefined, atEnd: boolean): boolean {
    if (this.counted) return false;
    const needed = duration != null && duration > 0 ? Math.min(PLAY_AFTER_SECONDS, duration) : PLAY_AFTER_SECONDS;
    // Time updates come a few times a second: the last fraction of a short episode may go unseen.
    const slack = atEnd ? Math.min(2, needed * 0.1) : 0;
    if (this.heard + slack < needed) return false;
    this.counted = true;
    return true;
  }
}

// ---------------------------------------------------------------- sleep timer

export type SleepChoice = 'end' | 15 | 30 | 60;
export type SleepTimer = { kind: 'end' } | { kind: 'minutes'; minutes: number; endsAt: number };

export function sleepTimer(choice: SleepChoice | null, now: number): SleepTimer | null {
  if (choice == null) return null;
  if (choice === 'end') return { kind: 'end' };
  return { kind: 'minutes', minutes: choice, endsAt: now + choice * 60_000 };
}

/** Whether a timed sleep timer has run out at `now`. */
export function sleepDue(timer: SleepTimer | null, now: number): boolean {
  return timer?.kind === 'minutes' && now >= timer.endsAt;
}

/**
 * What happens when an episode ends: the next of Up Next plays, unless the sleep timer was set to
 * the end of the episode (then playback stops there, the queue stays, the timer is spent).
 */
export function afterEnded(
  queue: readonly PlayerEpisode[],
  timer: SleepTimer | null,
  endedId?: string,
): { next: PlayerEpisode | null; queue: PlayerEpisode[]; timer: SleepTimer | null } {
  // A finished episode leaves Up Next wherever it stood (queued again while it played, say).
  const left = endedId ? queueRemove(queue, endedId) : [...queue];
  if (timer?.kind === 'end') return { next: null, queue: left, timer: null };
  const [next = null, ...rest] = left;
  return { next, queue: next ? rest : left, timer };
}

// ---------------------------------------------------------------- time and chapters

/**
 * The time left as the listener will spend it: the audio left divided by the speed (at 2×, ten
 * minutes of audio take five).
 */
export function remainingAtRate(duration: number, position: number, rate: number): number {
  const left = Math.max(0, (Number.isFinite(duration) ? duration : 0) - Math.max(0, position));
  return rate > 0 && Number.isFinite(rate) ? left / rate : left;
}

/** The index of the chapter playing at `position` (the last one started), -1 before the first or without chapters. */
export function chapterIndexAt(chapters: readonly Chapter[] | null | undefined, position: number): number {
  let index = -1;
  for (const [i, chapter] of (chapters ?? []).entries()) {
    if (chapter.start <= position) index = i;
    else break;
  }
  return index;
}

/**
 * Where "previous chapter" goes: the start of the one playing, or of the one before when it began
 * less than `grace` seconds ago (as a track's previous button does); null without chapters.
 */
export function previousChapterStart(chapters: readonly Chapter[] | null | undefined, position: number, grace = 3): number | null {
  const list = chapters ?? [];
  const index = chapterIndexAt(list, position);
  if (index < 0) return list.length ? 0 : null;
  if (position - list[index]!.start >= grace || index === 0) return list[index]!.start;
  return list[index - 1]!.start;
}

/** Where "next chapter" goes: the start of the chapter after the one playing, null at the last. */
export function nextChapterStart(chapters: readonly Chapter[] | null | undefined, position: number): number | null {
  const list = chapters ?? [];
  return list[chapterIndexAt(list, position) + 1]?.start ?? null;
}

// ---------------------------------------------------------------- offline

/** What pressing play says when the device is offline and the episode's audio is not on it. */
export const NOT_DOWNLOADED_MESSAGE = 'Not downloaded — connect to listen, or download it next time';

/**
 * Whether the episode can play here: online anything can; offline only audio this device has
 * downloaded (`downloaded`: the absolute addresses in the episode cache).
 */
export function playableHere(audioUrl: string, online: boolean, downloaded: ReadonlySet<string> | null, base: string): boolean {
  if (online) return true;
  if (!downloaded) return false;
  return downloaded.has(new URL(audioUrl, base).href);
}


// ---------------------------------------------------------------- the library's Episodes

/** What the library's rows need of a download (pwa/offline/db.ts's EpisodeDownload). */
export interface DownloadRow {
  episodeId: string;
  title: string;
  show: string | null;
  bytes: number;
  owner: string;
  duration?: number | null;
}

/** One row of Saved → Episodes: the episode, where the listener is in it, and its download if any. */
export interface LibraryEntry<D extends DownloadRow = DownloadRow> {
  episodeId: string;
  title: string;
  show: string | null;
  /** Seconds, null when nothing says. */
  duration: number | null;
  /** The latest known position (this device's or the member's record), null when never started. */
  position: KnownPosition | null;
  download: D | null;
}

/** The length the player measured from the audio itself, else what the server said when it was downloaded. */
function durationOf(download: DownloadRow | undefined, position: KnownPosition | null): number | null {
  return position?.durationSeconds ?? download?.duration ?? null;
}

/** "Downloads": this person's downloads (visitor's and member's on this device), in the order given (newest first). */
export function downloadEntries<D extends DownloadRow>(
  downloads: readonly D[],
  records: readonly ListeningItem[],
  local: Readonly<Record<string, KnownPosition>>,
  owner: string,
): LibraryEntry<D>[] {
  const byId = new Map(records.map((r) => [r.episodeId, r]));
  return downloads
    .filter((d) => d.owner === owner || d.owner === '')
    .map((d) => {
      const position = latestPosition(local[d.episodeId], byId.get(d.episodeId));
      return { episodeId: d.episodeId, title: d.title, show: d.show, duration: durationOf(d, position), position, download: d };
    });
}

/**
 * "In progress": episodes started and not finished, downloaded or not, the latest listened first.
 * The member's records name their episodes; this device's own positions count where a record or a
 * download names the episode (a visitor's have no title otherwise).
 */
export function inProgressEntries<D extends DownloadRow>(
  downloads: readonly D[],
  records: readonly ListeningItem[],
  local: Readonly<Record<string, KnownPosition>>,
  owner: string,
): LibraryEntry<D>[] {
  const own = new Map(downloads.filter((d) => d.owner === owner || d.owner === '').map((d) => [d.episodeId, d]));
  const byId = new Map(records.map((r) => [r.episodeId, r]));
  const ids = new Set([...byId.keys(), ...Object.keys(local).filter((id) => own.has(id))]);
  const entries: LibraryEntry<D>[] = [];
  for (const id of ids) {
    const position = latestPosition(local[id], byId.get(id));
    if (!position || position.finished || position.positionSeconds <= 0 || isFinished(position.positionSeconds, position.durationSeconds)) continue;
    const download = own.get(id);
    const record = byId.get(id);
    entries.push({
      episodeId: id,
      title: record?.title ?? download!.title,
      show: download?.show ?? null,
      duration: durationOf(download, position),
      position,
      download: download ?? null,
    });
  }
  return entries.sort((a, b) => Date.parse(b.position!.deviceTime) - Date.parse(a.position!.deviceTime));
}
