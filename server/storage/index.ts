import { localDiskStorage } from './local';
import type { ObjectStorage } from './types';

export type { ByteRange, ObjectStorage, TempObject } from './types';
export { OBJECT_KEY } from './types';

/** The storage driver: local disk today (S3 can come later behind the same interface). */
export function createStorage(dir: string): ObjectStorage {
  return localDiskStorage(dir);
}
