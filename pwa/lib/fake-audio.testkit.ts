/**
 * Just what the player uses of an <audio> element, for the player's unit tests in Node. `readyState`
 * 1: metadata known, so seeks apply at once; 4: enough data to play.
 */
export class FakeAudio extends EventTarget {
  preload = '';
  className = '';
  currentTime = 0;
  duration = 600;
  playbackRate = 1;
  defaultPlaybackRate = 1;
  paused = true;
  ended = false;
  seeking = false;
  #src: string | null = null;
  constructor(public readyState = 1) {
    super();
  }
  set src(value: string) {
    this.#src = value;
  }
  getAttribute(name: string): string | null {
    return name === 'src' ? this.#src : null;
  }
  play(): Promise<void> {
    this.paused = false;
    return Promise.resolve();
  }
  pause(): void {
    this.paused = true;
  }
}
