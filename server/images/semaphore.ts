import { serverBusy } from '../errors';

/**
 * Image work (drawing covers, resizing uploads) a few jobs at a time: sharp spreads each job over
 * libvips' threads already, so more at once only adds memory. A job waits for a turn; past
 * `maxQueued` waiting, it is refused with 503 rather than piling up.
 */
export class ImageSemaphore {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly concurrency = 2,
    private readonly maxQueued = 64,
  ) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) {
      this.running++;
    } else {
      if (this.waiting.length >= this.maxQueued) throw serverBusy(5);
      // A finishing job hands its turn straight to the first in line.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
