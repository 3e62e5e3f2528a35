import { ImageSemaphore } from './semaphore';

/**
 * Rendered images kept in memory, so each cover costs its CPU once per process 
 * (docs/decisions/2026-11-25-covers-kept-in-memory.md): a least-recently-used map bounded by bytes. Keys name everything that
 * changes the picture (the cover's version, the size, the format, the site name), so an edited title
 * is a new key and the old entry simply ages out. Concurrent requests for the same key share one
 * render, and renders take turns (`ImageSemaphore`), so a flood of uncached sizes cannot take every core.
 */
export class RenderCache {
  private readonly entries = new Map<string, Buffer>();
  private readonly pending = new Map<string, Promise<Buffer>>();
  private bytes = 0;

  constructor(
    /** Most bytes kept; past it the least recently used go first. 0 keeps none. */
    private readonly maxBytes = 64 * 2 ** 20,
    private readonly turns: ImageSemaphore = new ImageSemaphore(),
  ) {}

  /** The kept bytes for `key`, or those `render` makes (and keeps); `hit` says which. */
  async get(key: string, render: () => Promise<Buffer>): Promise<{ bytes: Buffer; hit: boolean }> {
    const kept = this.entries.get(key);
    if (kept) {
      // Most recently used goes last: a Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, kept);
      return { bytes: kept, hit: true };
    }
    let job = this.pending.get(key);
    if (!job) {
      job = this.turns.run(render).finally(() => this.pending.delete(key));
      this.pending.set(key, job);
      job.then((bytes) => this.keep(key, bytes), () => {});
    }
    return { bytes: await job, hit: false };
  }

  /** What is kept now (for tests and the log). */
  get usage(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private keep(key: string, bytes: Buffer): void {
    if (bytes.length > this.maxBytes || this.entries.has(key)) return;
    this.entries.set(key, bytes);
    this.bytes += bytes.length;
    for (const [oldest, value] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= value.length;
    }
  }
}
