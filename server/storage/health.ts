import { STORAGE_FULL_RETRY_SECONDS } from '../errors';

/** How long `/api/health` reuses an object-store check's answer. */
export const STORAGE_PROBE_MS = 2_000;
const PROBE_MS = STORAGE_PROBE_MS;

/**
 * Remembers this process's last disk-full error, and whether the object store answered lately, so `/api/health` can say so (docs/security.md §12).
 * A failed write is the one sure signal: free space on DATA_DIR says nothing about a PostgreSQL
 * server's disk, nor about SQLite's page limit. The state lasts as long as the Retry-After the
 * failed request was given; a later disk-full error starts it again.
 */
export class StorageHealth {
  private fullAt: number | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  reportFull(): void {
    this.fullAt = this.now();
  }

  /** Whether a disk-full error happened within the last Retry-After period. */
  get full(): boolean {
    return this.fullAt !== undefined && this.now() - this.fullAt < STORAGE_FULL_RETRY_SECONDS * 1000;
  }

  private probe: { at: number; reachable: Promise<boolean> } | undefined;

  /** A request just failed on the object store: the next health check asks it again. */
  reportUnavailable(): void {
    this.probe = undefined;
  }

  /**
   * Whether the object store answers (`check`, S3's HeadBucket), asked at most every PROBE_MS: the
   * health route is public, and a flood of it must not become a flood on the bucket.
   */
  reachable(check: (() => Promise<void>) | undefined, log: (message: string) => void = () => {}): Promise<boolean> {
    if (!check) return Promise.resolve(true);
    if (this.probe && this.now() - this.probe.at < PROBE_MS) return this.probe.reachable;
    const reachable = check().then(
      () => true,
      (err: unknown) => {
        log(`Object storage check failed: ${(err as Error)?.message ?? String(err)}`);
        return false;
      },
    );
    this.probe = { at: this.now(), reachable };
    return reachable;
  }
}
