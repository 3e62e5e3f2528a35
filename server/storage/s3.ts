import { PassThrough, type Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { localDiskStorage } from './local';
import { OBJECT_KEY, StorageUnavailable, type ByteRange, type ObjectStorage, type TempObject } from './types';

/** An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO…): S3_ENDPOINT, S3_BUCKET, S3_REGION and the keys. */
export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * Uploaded objects in a bucket, so every process and machine serves every upload.
 *
 * An upload is received into a spool file on this machine's disk first (the same temp file and the
 * same checks as the local driver: size counted while streaming, magic bytes), and only the finished
 * bytes are put into the bucket, with their length: S3 wants a length up front, and nothing half
 * written ever lands there. The spool file is removed once the bucket has it; spool files left by a
 * killed process are swept by age like the local driver's temp files.
 *
 * Objects are read back through the app (streamed, with the HTTP range passed on as S3's Range), so
 * the `/objects/<id>` answers keep their headers (type, nosniff, caching) and permission checks.
 * Path-style addressing, which every S3-compatible server accepts.
 */
export function s3Storage(config: S3Config, spoolDir: string): ObjectStorage {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    forcePathStyle: true,
    // Checksums only where S3 requires them: the SDK's default sends a streamed body as aws-chunked
    // with a trailing checksum, which not every S3-compatible server understands (stored as is).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  /** Every call to the bucket: a store that cannot be reached (or fails on its side) is StorageUnavailable. */
  const send: S3Client['send'] = ((command: Parameters<S3Client['send']>[0]) =>
    client.send(command).catch((err: unknown) => {
      throw isOutage(err) ? new StorageUnavailable(err) : err;
    })) as S3Client['send'];
  const Bucket = config.bucket;
  const spool = localDiskStorage(spoolDir);
  const keyOf = (key: string) => {
    if (!OBJECT_KEY.test(key)) throw new Error(`invalid object key: ${key}`);
    return key;
  };

  return {
    async createTemp(): Promise<TempObject> {
      const temp = await spool.createTemp();
      return {
        stream: temp.stream,
        async commit(key) {
          await temp.commit(keyOf(key));
          try {
            const ContentLength = await spool.size(key);
            await send(new PutObjectCommand({ Bucket, Key: key, Body: spool.read(key), ContentLength }));
          } finally {
            await spool.delete(key);
          }
        },
        discard: () => temp.discard(),
      };
    },

    async size(key) {
      try {
        const head = await send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
        return head.ContentLength;
      } catch (err) {
        if (isNotFound(err)) return undefined;
        throw err;
      }
    },

    read(key, range?: ByteRange): Readable {
      const out = new PassThrough();
      send(new GetObjectCommand({ Bucket, Key: keyOf(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }))
        .then(
          (object) => {
            const body = object.Body as Readable;
            body.on('error', (err) => out.destroy(err));
            body.pipe(out);
          },
          (err: unknown) => out.destroy(err as Error),
        );
      return out;
    },

    async delete(key) {
      await send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },

    removeTempObjects: (olderThanMs, at) => spool.removeTempObjects(olderThanMs, at),

    async check() {
      await send(new HeadBucketCommand({ Bucket }));
    },
  };
}

/**
 * The store is down, not the request wrong: no HTTP answer at all (refused, reset, timed out, a name
 * that does not resolve) or a 5xx (S3's 500 InternalError, 503 SlowDown). A 4xx other than 404
 * (credentials, a missing bucket) is a configuration error and stays one.
 */
function isOutage(err: unknown): boolean {
  if (isNotFound(err)) return false;
  const status = (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
  if (typeof status === 'number') return status >= 500;
  return !(err instanceof S3ServiceException);
}

function isNotFound(err: unknown): boolean {
  return err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NotFound' || err.name === 'NoSuchKey');
}
