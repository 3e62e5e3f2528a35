import path from 'node:path';
import { localDiskStorage } from './local';
import { s3Storage, type S3Config } from './s3';
import type { ObjectStorage } from './types';

export type { ByteRange, ObjectStorage, TempObject } from './types';
export { OBJECT_KEY, StorageUnavailable } from './types';

/**
 * The storage driver: files in `dir`, or with `s3` a bucket (uploads are spooled in `dir/.spool`
 * on their way there: server/storage/s3.ts).
 */
export function createStorage(dir: string, s3?: S3Config): ObjectStorage {
  return s3 ? s3Storage(s3, path.join(dir, '.spool')) : localDiskStorage(dir);
}
