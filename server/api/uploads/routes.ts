import type Router from '@koa/router';
import { caseSensitiveRouter } from '../../middleware/canonical-path';
import type Koa from 'koa';
import type { Knex } from 'knex';
import {
  FinalizeAudioInput,
  FinalizeImageInput,
  UPLOAD_LIMITS,
  UPLOAD_TYPES,
  UPLOAD_URL_TTL_SECONDS,
  UploadRequestInput,
  type ObjectPathResponse,
  type UploadKind,
  type UploadParameters,
  type UploadReceipt,
} from '../../../contracts/uploads';
import { objectVariantUrl, type UploadVariantFormat } from '../../../contracts/covers';
import { UnreadableImage } from '../../images/resize';
import { badRequest, forbidden, gone, HttpError, notFound, quotaExceeded, unprocessable } from '../../errors';
import { toIso } from '../../db/dialect';
import { currentUser, requireUser } from '../../middleware/auth';
import { validateBody, type WithBody } from '../../middleware/validate';
import { siteOrigin } from '../../middleware/security';
import type { ObjectStorage } from '../../storage/index';
import type { WriteLimiter } from '../../middleware/write-limits';
import type { CurrentUser } from '../../middleware/auth';
import { canUploadKind, formatBytes, quotaFor, type UploadQuota } from './quota';
import { discardRestOfBody, receiveUpload, tooLarge } from './receive';
import {
  claimUploadToken,
  createUploadToken,
  finalizeObject,
  findUploadToken,
  newObjectId,
  recordUpload,
  bytesStoredBy,
  findObject,
  recordDuration,
  TOKEN_PATTERN,
  type UploadTokenRow,
  type ObjectRow,
} from './repo';
import type { UploadedImages } from './images';
import { AudioTooLong, readAudioDuration, storedDuration, UnreadableAudio } from './audio';
import { AUDIO_TOO_LONG } from '../../../contracts/podcasts';

export interface UploadDeps {
  db: Knex;
  storage: ObjectStorage;
  writeLimits: WriteLimiter;
  quota: UploadQuota;
  images: UploadedImages;
}

const AUDIO_FOR_STAFF = 'Only editors and admins can upload audio';

const UPLOAD_PATH = '/api/uploads/';

const isExpired = (row: UploadTokenRow) => new Date(toIso(row.expires_at)!).getTime() <= Date.now();

/**
 * The upload flow of spec 4: `POST /api/objects/upload` hands out a single-use URL on this server,
 * valid 15 minutes and bound to the signed-in user; the browser PUTs the raw file to it; then
 * `PUT /api/articles/images` or `PUT /api/podcasts/audio` finalises the upload, which makes it public
 * at `/objects/<id>`. A failed PUT uses the URL up too: the client asks for a new one per attempt.
 */
export function uploadRoutes({ db, storage, writeLimits, quota, images }: UploadDeps): Router {
  const router = caseSensitiveRouter();

  /** The uploader's space left, and the error for a request that needs more. */
  async function remainingQuota(user: CurrentUser) {
    const allowed = quotaFor(quota, user.role);
    const used = await bytesStoredBy(db, user.id);
    return {
      remainingBytes: Math.max(0, allowed - used),
      exceeded: () =>
        quotaExceeded(`Not enough upload space: you have used ${formatBytes(used)} of your ${formatBytes(allowed)}.`),
    };
  }

  const kindAllowed: WithBody<UploadRequestInput> = async (ctx, next) => {
    const { kind } = ctx.state.body;
    if (!canUploadKind(currentUser(ctx).role, kind)) throw forbidden(AUDIO_FOR_STAFF);
    await next();
  };

  router.get('/api/upload-parameters', (ctx) => {
    const body: UploadParameters = {
      method: 'PUT',
      maxNumberOfFiles: 1,
      urlTtlSeconds: UPLOAD_URL_TTL_SECONDS,
      maxFileSize: { ...UPLOAD_LIMITS },
      allowedTypes: { image: [...UPLOAD_TYPES.image], audio: [...UPLOAD_TYPES.audio] },
    };
    ctx.body = body;
  });

  // Checked in this order: who may upload this kind, how often (counted), how much they keep.
  router.post('/api/objects/upload', requireUser, validateBody(UploadRequestInput), kindAllowed, writeLimits.limit('upload'), async (ctx) => {
    const { kind } = ctx.state.body;
    const space = await remainingQuota(currentUser(ctx));
    if (space.remainingBytes <= 0) throw space.exceeded();
    const token = await createUploadToken(db, currentUser(ctx).id, kind);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { uploadURL: `${siteOrigin(ctx)}${UPLOAD_PATH}${token}` };
  });

  router.put(`${UPLOAD_PATH}:token`, requireUser, async (ctx) => {
    const token = String(ctx.params.token);
    const row = TOKEN_PATTERN.test(token) ? await findUploadToken(db, token) : undefined;
    if (!row) throw notFound('Upload URL not found');
    if (row.user_id !== currentUser(ctx).id) throw forbidden('This upload URL belongs to someone else');
    if (row.used_at) throw gone('This upload URL has already been used');
    if (isExpired(row)) throw gone('This upload URL has expired');
    const kind = row.kind as UploadKind;
    const declared = Number(ctx.get('content-length'));
    if (Number.isFinite(declared) && declared > UPLOAD_LIMITS[kind]) {
      // Refused before reading a byte; Node drops the unread body, and the connection then closes.
      ctx.set('Connection', 'close');
      throw tooLarge(kind);
    }
    const space = await remainingQuota(currentUser(ctx));
    if (Number.isFinite(declared) && declared > space.remainingBytes) {
      ctx.set('Connection', 'close');
      throw space.exceeded();
    }
    if (!(await claimUploadToken(db, token))) throw gone('This upload URL has already been used');

    const temp = await storage.createTemp();
    let received;
    try {
      received = await receiveUpload(ctx.req, temp, kind, space);
    } catch (err) {
      await temp.discard();
      if (err instanceof HttpError) {
        ctx.set('Connection', 'close');
        discardRestOfBody(ctx.req, UPLOAD_LIMITS[kind]);
      }
      throw err;
    }
    const id = newObjectId();
    try {
      await temp.commit(id);
      await recordUpload(db, token, { id, userId: row.user_id, kind, ...received });
    } catch (err) {
      await temp.discard();
      await storage.delete(id);
      throw err;
    }
    const body: UploadReceipt = { ok: true, ...received };
    ctx.body = body;
  });

  router.put('/api/articles/images', requireUser, validateBody(FinalizeImageInput), async (ctx) => {
    const { imageURL } = ctx.state.body;
    ctx.body = await finalize(ctx, imageURL, 'image');
  });

  router.put('/api/podcasts/audio', requireUser, validateBody(FinalizeAudioInput), async (ctx) => {
    const { audioURL } = ctx.state.body;
    ctx.body = await finalize(ctx, audioURL, 'audio');
  });

  /** The URL must be one of this user's completed uploads of the right kind. */
  async function finalize(ctx: Koa.Context, url: string, kind: UploadKind): Promise<ObjectPathResponse> {
    const token = uploadTokenOf(url);
    const row = token ? await findUploadToken(db, token) : undefined;
    if (!row) throw badRequest('That is not an upload URL of this site');
    if (row.user_id !== currentUser(ctx).id) throw forbidden('This upload belongs to someone else');
    if (!row.object_id) throw badRequest('That upload has not been completed');
    // Unfinalised uploads are swept once their URL has expired (sweep.ts): too late to publish
    // then, though finalising an already public one again still answers its path.
    if (isExpired(row) && !(await findObject(db, row.object_id))?.finalized_at) throw gone('This upload URL has expired; please upload the file again');
    if (row.kind !== kind) throw badRequest(kind === 'image' ? 'That upload is not an image' : 'That upload is not an audio file');
    // Also here: an audio URL handed out before a demotion must not publish audio after it.
    if (!canUploadKind(currentUser(ctx).role, kind)) throw forbidden(AUDIO_FOR_STAFF);
    const objectPath = `/objects/${row.object_id}`;
    const object = (await findObject(db, row.object_id))!;
    if (kind === 'audio') {
      const durationSeconds = await audioDuration(object);
      await finalizeObject(db, row.object_id);
      return { objectPath, durationSeconds };
    }
    const sizes = await imageSizes(object);
    await finalizeObject(db, row.object_id);
    return { objectPath, variants: sizes.map((v) => ({ ...v, url: objectVariantUrl(objectPath, v.width, v.format) })) };
  }

  /**
   * Audio is read before it is published: its duration is kept for the episodes that name it, and a
   * file that only starts like audio is refused here, as images are.
   */
  async function audioDuration(object: ObjectRow): Promise<number | null> {
    const stored = storedDuration(object);
    if (stored !== undefined) return stored;
    try {
      const seconds = await readAudioDuration(storage, object);
      await recordDuration(db, object.id, seconds);
      return seconds;
    } catch (error) {
      if (!(error instanceof UnreadableAudio || error instanceof AudioTooLong)) throw error;
      // Published before durations were read (or checked): finalising it again still answers its path.
      if (object.finalized_at) return null;
      if (error instanceof AudioTooLong) throw unprocessable(AUDIO_TOO_LONG);
      throw unprocessable('The file could not be read as audio. Please upload an MP3, M4A, WAV or Ogg file.');
    }
  }

  /**
   * An image is decoded before it is published: a file that only starts like an image is refused
   * here. Its sizes are made now (server/images/resize.ts), and an original carrying metadata is
   * replaced by its clean copy before anyone can fetch it.
   */
  async function imageSizes(object: ObjectRow) {
    try {
      const rows = await images.sizesOf(object, { cleanOriginal: !object.finalized_at });
      return rows.map((v) => ({ width: v.width, height: v.height, format: v.format as UploadVariantFormat }));
    } catch (error) {
      if (!(error instanceof UnreadableImage)) throw error;
      // Published before images were checked: finalising it again still answers its path.
      if (object.finalized_at) return [];
      throw unprocessable('The file could not be read as an image. Please upload a JPEG, PNG, WebP or GIF file.');
    }
  }

  return router;
}

/** The token of an upload URL, absolute (any origin: proxies rewrite it) or relative. */
function uploadTokenOf(url: string): string | undefined {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://localhost').pathname;
  } catch {
    return undefined;
  }
  if (!pathname.startsWith(UPLOAD_PATH)) return undefined;
  const token = pathname.slice(UPLOAD_PATH.length);
  return TOKEN_PATTERN.test(token) ? token : undefined;
}
