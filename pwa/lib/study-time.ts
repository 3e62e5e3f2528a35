import { CPD_CHUNK_MS, CPD_IDLE_MS } from '../../contracts/constants';

/*
 * The activity clock behind the CPD ledger's measured time (docs/cpd.md). Pure: it is told what
 * happens (activity, the page hidden or shown, audio playing or not) and what time it is, and hands
 * back measured stretches. The reading hook and the player wire it to the DOM and send what it yields.
 *
 * Reading counts while the page is visible and the member was active within the idle limit: each
 * scroll, selection, key or pointer extends the counting to `idleMs` after it, so a page left open
 * counts at most the idle limit. Listening counts wall-clock time while the audio plays (not paused,
 * not seeking, not waiting for data): a seek skips audio without adding time, and at 1.5× a minute
 * spent counts as a minute (docs/cpd.md, "Listening at speed").
 *
 * A stretch opens when counting starts and is cut `chunkMs` later, when the page is hidden and when
 * it is left, so no stretch spans more than a chunk of wall clock and a lost tab loses at most one.
 */

export type StudyMode = 'reading' | 'listening';

/**
 * What the clock is told. Reading: 'active', 'visible', 'hidden'. Listening: 'playing' (the audio
 * advances), 'paused' (paused, ended, waiting or stalled), 'seeking' and 'seeked'. Both: 'leave'
 * (the page goes away: cut now; counting resumes with the next activity or 'playing').
 */
export type StudyEvent = 'active' | 'visible' | 'hidden' | 'playing' | 'paused' | 'seeking' | 'seeked' | 'leave';

/** One measured stretch: its first and last counted moments (ISO) and the seconds counted between. */
export interface MeasuredStretch {
  startedAt: string;
  endedAt: string;
  activeSeconds: number;
}

export interface StudyClockOptions {
  mode: StudyMode;
  onStretch: (stretch: MeasuredStretch) => void;
  /** The clock's time in ms (Date.now, which Playwright's and vitest's fake clocks control). */
  now?: () => number;
  idleMs?: number;
  chunkMs?: number;
  /** Reading: whether the page is visible at the start (document.visibilityState). */
  visible?: boolean;
}

export interface StudyClock {
  event(event: StudyEvent): void;
  /** Cuts what was measured and stops counting for good (the item is closed). */
  stop(): void;
}

interface Stretch {
  first: number;
  last: number;
  ms: number;
  timer: ReturnType<typeof setTimeout>;
}

export function createStudyClock(options: StudyClockOptions): StudyClock {
  const { mode, onStretch, now = Date.now, idleMs = CPD_IDLE_MS, chunkMs = CPD_CHUNK_MS } = options;
  let visible = options.visible ?? true;
  let lastActive = Number.NEGATIVE_INFINITY;
  let playing = false;
  let seeking = false;
  let stopped = false;
  /** Time up to which counting has been added to the open stretch. */
  let countedTo = now();
  let stretch: Stretch | null = null;

  /** Until when the current state counts, from `countedTo` on (reading runs out at the idle limit). */
  const countsUntil = (at: number): number => {
    if (stopped) return countedTo;
    if (mode === 'listening') return playing && !seeking ? at : countedTo;
    return visible ? Math.min(at, lastActive + idleMs) : countedTo;
  };

  const counting = (at: number) => !stopped && (mode === 'listening' ? playing && !seeking : visible && at < lastActive + idleMs);

  function advance(at: number): void {
    const until = countsUntil(at);
    if (stretch && until > countedTo) {
      stretch.first = Math.min(stretch.first, countedTo);
      stretch.last = until;
      stretch.ms += until - countedTo;
    }
    countedTo = Math.max(countedTo, at);
  }

  function cut(): void {
    if (!stretch) return;
    clearTimeout(stretch.timer);
    const { first, last, ms } = stretch;
    stretch = null;
    const activeSeconds = Math.round(ms / 1000);
    if (activeSeconds > 0) onStretch({ startedAt: new Date(first).toISOString(), endedAt: new Date(last).toISOString(), activeSeconds });
  }

  /** Opens a stretch if counting and none is open: it is cut a chunk after it opened. */
  function open(at: number): void {
    if (stretch || !counting(at)) return;
    stretch = { first: Number.POSITIVE_INFINITY, last: at, ms: 0, timer: setTimeout(onChunk, chunkMs) };
  }

  function onChunk(): void {
    const at = now();
    advance(at);
    cut();
    open(at);
  }

  return {
    event(event) {
      if (stopped) return;
      const at = now();
      advance(at);
      switch (event) {
        case 'active':
          if (visible) lastActive = at;
          break;
        case 'visible':
          // Bringing the page back is the member's doing: counting resumes as after activity.
          visible = true;
          lastActive = at;
          break;
        case 'hidden':
          visible = false;
          cut();
          break;
        case 'playing':
          playing = true;
          break;
        case 'paused':
          playing = false;
          break;
        case 'seeking':
          seeking = true;
          break;
        case 'seeked':
          seeking = false;
          break;
        case 'leave':
          cut();
          lastActive = Number.NEGATIVE_INFINITY;
          playing = false;
          break;
      }
      open(at);
    },
    stop() {
      if (stopped) return;
      advance(now());
      cut();
      stopped = true;
    },
  };
}
