import { formatClock } from '../../lib/format';
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
export function afterEnded(queue: readonly PlayerEpisode[], timer: SleepTimer | null): { next: PlayerEpisode | null; queue: PlayerEpisode[]; timer: SleepTimer | null } {
  if (timer?.kind === 'end') return { next: null, queue: [...queue], timer: null };
  const [next = null, ...rest] = queue;
  return { next, queue: next ? rest : [...queue], timer };
}

