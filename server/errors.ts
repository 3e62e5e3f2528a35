/**
 * HTTP errors with a status and a stable code. Thrown anywhere; the error middleware writes
 * `{"message", "code", "errors"?}`. Never classify an error by its message text.
 */
export type FieldErrors = Record<string, string[]>;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message = 'Invalid request', errors?: FieldErrors) =>
  new HttpError(400, 'bad_request', message, errors);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have permission to do that') => new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);
export const conflict = (message: string, errors?: FieldErrors) => new HttpError(409, 'conflict', message, errors);
export const gone = (message: string) => new HttpError(410, 'gone', message);
export const payloadTooLarge = (message = 'Request body is too large') =>
  new HttpError(413, 'payload_too_large', message);
export const unsupportedMediaType = (message = 'Content-Type must be application/json') =>
  new HttpError(415, 'unsupported_media_type', message);
export const unprocessable = (message: string, errors?: FieldErrors) =>
  new HttpError(422, 'unprocessable', message, errors);
export const locked = (message: string) => new HttpError(423, 'locked', message);
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many requests, please try again later') =>
  new HttpError(429, 'too_many_requests', message, undefined, { 'Retry-After': String(retryAfterSeconds) });
/** A member's upload space is used up (413: the request carries, or would carry, too much for them). */
export const quotaExceeded = (message: string) => new HttpError(413, 'quota_exceeded', message);
/** Too much work queued already (image rendering): a passing condition, so 503 and retry. */
export const serverBusy = (retryAfterSeconds: number, message = 'The server is busy, please try again shortly') =>
  new HttpError(503, 'busy', message, undefined, { 'Retry-After': String(retryAfterSeconds) });
/** The disk under the database or the uploads is full: a server condition that passes, so 503 and retry. */
export const STORAGE_FULL_RETRY_SECONDS = 60;
export const storageFull = () =>
  new HttpError(503, 'storage_full', 'The server is out of storage space. Please try again later.', undefined, {
    'Retry-After': String(STORAGE_FULL_RETRY_SECONDS),
  });
/** The object store (S3) cannot be reached: a passing condition, so 503 and retry; never "the database". */
export const STORAGE_UNAVAILABLE_RETRY_SECONDS = 30;
export const storageUnavailable = () =>
  new HttpError(503, 'storage_unavailable', 'File storage is unavailable. Please try again shortly.', undefined, {
    'Retry-After': String(STORAGE_UNAVAILABLE_RETRY_SECONDS),
  });
