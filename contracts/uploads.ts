import { z } from './zod';
import { LIMITS, safeText } from './common';

/**
 * Uploads (spec 4 "Upload flow", 7 "Uploads and maintenance", 9 limits): ask for an upload URL, PUT
 * the raw file to it, then ask the server to finalise it, which returns the object's public path.
 */

export const UPLOAD_KINDS = ['image', 'audio'] as const;
export const UploadKind = z.enum(UPLOAD_KINDS);
export type UploadKind = z.infer<typeof UploadKind>;

/** Accepted types, recognised from each file's first bytes (the declared Content-Type is not trusted). */
export const UPLOAD_TYPES = {
  image: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
  audio: ['audio/mpeg', 'audio/mp4', 'audio/wav', 'audio/ogg'],
} as const satisfies Record<UploadKind, readonly string[]>;

export const UPLOAD_LIMITS: Record<UploadKind, number> = {
  image: LIMITS.imageBytes,
  audio: LIMITS.audioBytes,
};

/** An upload URL is single-use and valid for this long. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;

export const UploadRequestInput = z.object({ kind: UploadKind.default('image') });
export type UploadRequestInput = z.infer<typeof UploadRequestInput>;

export const UploadUrlResponse = z.object({ uploadURL: z.string() });
export type UploadUrlResponse = z.infer<typeof UploadUrlResponse>;

/** Answer to the raw PUT: the upload is stored but not public until it is finalised. */
export const UploadReceipt = z.object({ ok: z.literal(true), size: z.number().int(), contentType: z.string() });
export type UploadReceipt = z.infer<typeof UploadReceipt>;

export const FinalizeImageInput = z.object({ imageURL: safeText('imageURL is required').min(1, 'imageURL is required').max(2048) });
export type FinalizeImageInput = z.infer<typeof FinalizeImageInput>;

export const FinalizeAudioInput = z.object({ audioURL: safeText('audioURL is required').min(1, 'audioURL is required').max(2048) });
export type FinalizeAudioInput = z.infer<typeof FinalizeAudioInput>;

/** One size of a finalised image: `url` is `/objects/<id>?w=<width>&fmt=<format>`. */
export const ImageVariant = z.object({ width: z.number().int(), height: z.number().int(), format: z.enum(['webp', 'jpg']), url: z.string() });

/**
 * `/objects/<id>`: where a finalised upload is served. Images also list the sizes made of them;
 * audio answers its duration in whole seconds, read from the file (null for a file published before
 * durations were read). Both are absent for the other kind, so older clients that read only
 * `objectPath` are unaffected.
 */
export const ObjectPathResponse = z.object({
  objectPath: z.string(),
  variants: z.array(ImageVariant).optional(),
  durationSeconds: z.number().int().nullable().optional(),
});
export type ObjectPathResponse = z.infer<typeof ObjectPathResponse>;

export const UploadParameters = z.object({
  method: z.literal('PUT'),
  maxNumberOfFiles: z.literal(1),
  urlTtlSeconds: z.number().int(),
  maxFileSize: z.object({ image: z.number().int(), audio: z.number().int() }),
  allowedTypes: z.object({ image: z.array(z.string()), audio: z.array(z.string()) }),
});
export type UploadParameters = z.infer<typeof UploadParameters>;
