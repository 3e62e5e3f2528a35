import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { OBJECT_KEY, type ByteRange, type ObjectStorage, type TempObject } from './types';

/** The names createTemp gives its files (dot-named: never a valid object key). */
const TEMP_FILE = /^\.upload-[0-9a-f-]+\.tmp$/;

/**
 * Files in one directory, named by object key. A write goes to a dot-named temp file in the same
 * directory (same filesystem, so the final rename is atomic) and is fsynced before it is renamed.
 * The directory is created on first write, not at start-up.
 */
export function localDiskStorage(dir: string): ObjectStorage {
  const fileOf = (key: string) => {
    if (!OBJECT_KEY.test(key)) throw new Error(`invalid object key: ${key}`);
    return path.join(dir, key);
  };

  return {
    async createTemp(): Promise<TempObject> {
      await mkdir(dir, { recursive: true });
      const tempFile = path.join(dir, `.upload-${randomUUID()}.tmp`);
      // 'wx': never overwrite; flush: fsync before close, so a committed file survives a crash.
      const stream = createWriteStream(tempFile, { flags: 'wx', flush: true });
      return {
        stream,
        async commit(key) {
          await closed(stream);
          await rename(tempFile, fileOf(key));
        },
        async discard() {
          // Wait for the descriptor to close: unlinking before a pending open completes would leave the file behind.
          if (!stream.closed) {
            const done = closed(stream);
            stream.destroy();
            await done;
          }
          await rm(tempFile, { force: true });
        },
      };
    },

    async size(key) {
      try {
        const s = await stat(fileOf(key));
        return s.isFile() ? s.size : undefined;
      } catch {
        return undefined;
      }
    },

    read(key, range?: ByteRange) {
      return createReadStream(fileOf(key), range ? { start: range.start, end: range.end } : {});
    },

    async delete(key) {
      await rm(fileOf(key), { force: true });
    },

    async removeTempObjects(olderThanMs, at = Date.now()) {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
        throw err;
      }
      // An upload in progress writes to its file all the time: only files left untouched are stale.
      const stale = await Promise.all(
        names
          .filter((name) => TEMP_FILE.test(name))
          .map(async (name) => {
            const file = path.join(dir, name);
            const modified = await stat(file).then((s) => s.mtimeMs, () => undefined);
            if (modified === undefined || at - modified < olderThanMs) return false;
            await rm(file, { force: true });
            return true;
          }),
      );
      return stale.filter(Boolean).length;
    },
  };
}

function closed(stream: Writable & { closed?: boolean }): Promise<void> {
  if (stream.closed) return Promise.resolve();
  return new Promise((resolve) => stream.once('close', () => resolve()));
}
