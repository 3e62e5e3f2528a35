import type { Readable, Writable } from 'node:stream';

/**
 * Where uploaded files live, behind the few operations the app needs, so that an S3 (or other)
 * driver can replace the local disk without touching the routes.
 */
export interface ObjectStorage {
  /** A new, invisible object to stream into; it becomes visible only on `commit`. */
  createTemp(): Promise<TempObject>;
  /** Size in bytes, or undefined if there is no such object. */
  size(key: string): Promise<number | undefined>;
  /** The object's bytes, or the inclusive byte range of them. */
  read(key: string, range?: ByteRange): Readable;
  delete(key: string): Promise<void>;
  /**
   * Deletes temp objects not written to for `olderThanMs`, returning how many: a process killed
   * mid-upload leaves its temp object behind. By age only, because other processes sharing the
   * directory may be streaming uploads into their own temp objects right now.
   */
  removeTempObjects(olderThanMs: number, at?: number): Promise<number>;
  /**
   * Rejects when the store cannot be used right now (for `/api/health`). Only remote stores have
   * one: the local disk is the server's own (a full one is `storage_full`).
   */
  check?(): Promise<void>;
}

/**
 * The object store cannot be reached or answers with a server error (an S3 outage): a condition
 * that passes, answered 503 `storage_unavailable` by the error handler, never taken for a database
 * outage (both are network errors underneath).
 */
export class StorageUnavailable extends Error {
  constructor(readonly reason: unknown) {
    super(`object storage unavailable: ${(reason as { code?: string; name?: string })?.code ?? (reason as Error)?.name ?? 'unknown'}`);
  }
}

export interface TempObject {
  readonly stream: Writable;
  /** Publishes the fully written bytes under `key` atomically (no reader ever sees a partial file). */
  commit(key: string): Promise<void>;
  /** Deletes whatever was written. Safe after a failure and safe to call twice. */
  discard(): Promise<void>;
}

/** Inclusive byte offsets, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

/** Object keys are generated ids: letters, digits and dashes only (never a path). */
export const OBJECT_KEY = /^[A-Za-z0-9][A-Za-z0-9-]{0,127}$/;
