import type { Knex } from 'knex';
import { UPLOAD_URL_TTL_SECONDS } from '../../../contracts/uploads';
import type { ObjectStorage } from '../../storage/index';
import { deleteExpiredUnfinalisedUploads } from './repo';

/**
 * A temp file nobody has written to for this long belongs to an upload that died with its process
 * or its client: a live upload writes continuously. Long enough for a stalled connection to resume.
 */
export const STALE_TEMP_UPLOAD_MS = 60 * 60 * 1000;

/**
 * A received file is removed when it was not finalised before its URL expired (finalising needs an
 * unexpired URL); this margin keeps a finalise that is in flight at the moment of expiry safe.
 */
export const EXPIRED_UPLOAD_GRACE_MS = 5 * 60 * 1000;

export interface UploadSweep {
  unfinalised: number;
  temps: number;
}

/**
 * Removes what uploads leave behind (docs/security.md §12): received but never finalised objects
 * once their URL has expired, spent URLs that never carried a file, and temp files left by dead
 * uploads. Everything is chosen by age, so every process may run it on a shared disk and database.
 */
export async function sweepUploads(db: Knex, storage: ObjectStorage, at: number = Date.now()): Promise<UploadSweep> {
  const iso = (ms: number) => new Date(ms).toISOString();
  const { objects, keys } = await deleteExpiredUnfinalisedUploads(db, {
    expiredBefore: iso(at - EXPIRED_UPLOAD_GRACE_MS),
    // A URL claimed before it expired may still be streaming; its temp file says so for an hour.
    idleBefore: iso(at - STALE_TEMP_UPLOAD_MS - UPLOAD_URL_TTL_SECONDS * 1000),
  });
  // Rows first: a crash in between leaves a file no row names (never served), never a row without its file.
  await Promise.all(keys.map((key) => storage.delete(key)));
  const temps = await storage.removeTempObjects(STALE_TEMP_UPLOAD_MS, at);
  return { unfinalised: objects, temps };
}
