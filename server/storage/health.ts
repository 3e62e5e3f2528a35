import { STORAGE_FULL_RETRY_SECONDS } from '../errors';

/**
 * Remembers this process's last disk-full error, so `/api/health` can say so (docs/security.md §12).
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
}
