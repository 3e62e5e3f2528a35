import type { IncomingMessage } from 'node:http';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UPLOAD_LIMITS, UPLOAD_TYPES, type UploadKind } from '../../../contracts/uploads';
import { badRequest, HttpError, payloadTooLarge, unsupportedMediaType } from '../../errors';
import type { TempObject } from '../../storage/index';
import { SNIFF_BYTES, sniffContentType } from './sniff';

const MB = (bytes: number) => `${Math.round(bytes / 1_048_576)} MB`;

export const tooLarge = (kind: UploadKind) =>
  payloadTooLarge(`The file is too large: ${kind === 'image' ? 'images' : 'audio files'} may be at most ${MB(UPLOAD_LIMITS[kind])}`);
const wrongType = (kind: UploadKind) =>
  unsupportedMediaType(`Unsupported file type: ${kind === 'image' ? 'images' : 'audio files'} must be ${UPLOAD_TYPES[kind].join(', ')}`);

/** What is left of the uploader's space, and the error for going past it. */
export interface Quota {
  remainingBytes: number;
  exceeded(): HttpError;
}

/**
 * Passes the bytes through unchanged while counting them (failing the moment the kind's limit or
 * the uploader's remaining quota is passed) and recognising the format from the first bytes
 * (failing as soon as they are known to be wrong). Holds at most SNIFF_BYTES of the file itself.
 */
class UploadGuard extends Transform {
  bytes = 0;
  contentType: string | undefined;
  private head = Buffer.alloc(0);

  constructor(
    private readonly kind: UploadKind,
    private readonly quota: Quota,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > UPLOAD_LIMITS[this.kind]) return done(tooLarge(this.kind));
    if (this.bytes > this.quota.remainingBytes) return done(this.quota.exceeded());
    if (!this.contentType && this.head.length < SNIFF_BYTES) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, SNIFF_BYTES - this.head.length)]);
      if (this.head.length >= SNIFF_BYTES && !this.identify()) return done(wrongType(this.kind));
    }
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    // A file shorter than SNIFF_BYTES is judged on what there is.
    if (!this.contentType && !this.identify()) return done(wrongType(this.kind));
    done();
  }

  private identify(): boolean {
    this.contentType = sniffContentType(this.head, this.kind);
    return Boolean(this.contentType);
  }
}

/**
 * Streams a raw request body into a temp object with back-pressure: memory use does not grow with
 * the file. On any failure the caller discards the temp object. The request stream is deliberately
 * not destroyed (`destroyOnReturn: false`) so the error response can still be written; see
 * `discardRestOfBody`.
 */
export async function receiveUpload(req: IncomingMessage, temp: TempObject, kind: UploadKind, quota: Quota) {
  const guard = new UploadGuard(kind, quota);
  try {
    await pipeline(req.iterator({ destroyOnReturn: false }), guard, temp.stream);
  } catch (err) {
    if (err instanceof HttpError) throw err;
    // The client went away mid-stream; anything else (a disk error) is ours and stays a 500.
    if (req.errored) throw badRequest('The upload was interrupted');
    throw err;
  }
  return { size: guard.bytes, contentType: guard.contentType! };
}

/**
 * After refusing an upload part-way, the rest of the body is still on the wire. Read and drop up
 * to `limit` more bytes so the client can finish sending and read our answer, then give up on the
 * connection (it is marked `Connection: close` by the caller).
 */
export function discardRestOfBody(req: IncomingMessage, limit: number): void {
  if (req.complete || req.destroyed) return;
  let dropped = 0;
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > limit) req.destroy();
  });
  req.on('error', () => {});
  req.resume();
}
