import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import { UPLOAD_URL_TTL_SECONDS, type UploadKind } from '../../../contracts/uploads';
import { now, toInt } from '../../db/dialect';

export interface UploadTokenRow {
  token_hash: string;
  user_id: string;
  kind: string;
  expires_at: unknown;
  used_at: unknown;
  object_id: string | null;
  created_at: unknown;
}

export interface ObjectRow {
  id: string;
  user_id: string | null;
  kind: string;
  content_type: string;
  size: number | string;
  path: string;
  finalized_at: unknown;
  created_at: unknown;
  /** Audio only: whole seconds, read from the file when it was finalised. */
  duration_seconds?: number | null;
}

/** Only the hash is stored; the token itself exists only in the URL given to the user. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** 32 random bytes, base64url: 43 characters. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export async function createUploadToken(db: Knex, userId: string, kind: UploadKind): Promise<string> {
  // Tidy as we go: this user's expired URLs that never carried a file are of no further use.
  await db('upload_tokens').where({ user_id: userId }).whereNull('object_id').where('expires_at', '<=', now()).delete();
  const token = randomBytes(32).toString('base64url');
  await db('upload_tokens').insert({
    token_hash: hashToken(token),
    user_id: userId,
    kind,
    expires_at: new Date(Date.now() + UPLOAD_URL_TTL_SECONDS * 1000).toISOString(),
    created_at: now(),
  });
  return token;
}

export async function findUploadToken(db: Knex, token: string): Promise<UploadTokenRow | undefined> {
  return db<UploadTokenRow>('upload_tokens').where({ token_hash: hashToken(token) }).first();
}

/**
 * Marks the token used, if it still is unused and unexpired. One conditional update: of two
 * requests racing with the same URL, exactly one wins.
 */
export async function claimUploadToken(db: Knex, token: string): Promise<boolean> {
  const n = await db('upload_tokens')
    .where({ token_hash: hashToken(token) })
    .whereNull('used_at')
    .where('expires_at', '>', now())
    .update({ used_at: now() });
  return n > 0;
}

/** Records a received file and ties it to the token that carried it, in one transaction. */
export async function recordUpload(
  db: Knex,
  token: string,
  object: { id: string; userId: string; kind: UploadKind; contentType: string; size: number },
): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('objects').insert({
      id: object.id,
      user_id: object.userId,
      kind: object.kind,
      content_type: object.contentType,
      size: object.size,
      path: object.id,
      created_at: now(),
    });
    await trx('upload_tokens').where({ token_hash: hashToken(token) }).update({ object_id: object.id });
  });
}

export const newObjectId = () => uuidv7();

export async function findObject(db: Knex, id: string): Promise<ObjectRow | undefined> {
  return db<ObjectRow>('objects').where({ id }).first();
}

/** Makes the object public (served at /objects/<id>); finalising twice keeps the first time. */
export async function finalizeObject(db: Knex, id: string): Promise<void> {
  await db('objects').where({ id }).whereNull('finalized_at').update({ finalized_at: now() });
}

/** Records an audio object's duration (read from the file before it is finalised). */
export async function recordDuration(db: Knex, id: string, seconds: number): Promise<void> {
  await db('objects').where({ id }).update({ duration_seconds: seconds });
}

/**
 * Bytes this user's uploads take on disk: finalised objects and received ones not yet finalised
 * (those are swept once their URL has expired, `sweepUnfinalisedUploads`).
 */
export async function bytesStoredBy(db: Knex, userId: string): Promise<number> {
  const row = await db('objects').where({ user_id: userId }).sum({ total: 'size' }).first();
  return toInt(row?.total);
}

/**
 * Upload leftovers: received files never finalised although their URL expired before
 * `expiredBefore` (their rows are deleted and the storage keys of their files returned, so the
 * caller deletes those: the upload and any sizes made of it by a finalise that did not finish),
 * and URLs that carried no file and expired before `idleBefore` (later, since such a URL may still
 * be streaming a long upload that began before it expired). Deletes by age only, so any process
 * may run it while others serve uploads. Finalised objects and their URLs are left alone.
 */
export async function deleteExpiredUnfinalisedUploads(
  db: Knex,
  { expiredBefore, idleBefore }: { expiredBefore: string; idleBefore: string },
): Promise<{ objects: number; keys: string[] }> {
  return db.transaction(async (trx) => {
    const rows: Array<{ id: string; path: string }> = await trx('objects')
      .join('upload_tokens', 'upload_tokens.object_id', 'objects.id')
      .whereNull('objects.finalized_at')
      .where('upload_tokens.expires_at', '<=', expiredBefore)
      .select('objects.id', 'objects.path');
    const ids = rows.map((r) => r.id);
    let keys = rows.map((r) => r.path);
    // Their tokens go too (the object_id link would be set null by the foreign key anyway).
    if (ids.length) {
      keys = [...keys, ...((await trx('object_variants').whereIn('object_id', ids).pluck('path')) as string[])];
      await trx('upload_tokens').whereIn('object_id', ids).delete();
      await trx('objects').whereIn('id', ids).delete();
    }
    await trx('upload_tokens').whereNull('object_id').where('expires_at', '<=', idleBefore).delete();
    return { objects: ids.length, keys };
  });
}

// ---------------------------------------------------------------- sizes of uploaded images

export interface VariantRow {
  object_id: string;
  width: number;
  format: string;
  height: number;
  content_type: string;
  size: number | string;
  path: string;
}

/** The sizes made of an object, narrowest first. */
export async function variantsOf(db: Knex, objectId: string): Promise<VariantRow[]> {
  return db<VariantRow>('object_variants').where({ object_id: objectId }).orderBy('width').orderBy('format');
}

/**
 * Records the sizes made of an object and, when its original was re-encoded without metadata,
 * its new size, in one transaction. A second finalise racing this one made the same files: its
 * rows are ignored.
 */
export async function recordVariants(
  db: Knex,
  objectId: string,
  variants: Array<Omit<VariantRow, 'object_id'>>,
  cleanedSize?: number,
): Promise<void> {
  await db.transaction(async (trx) => {
    if (variants.length) {
      await trx('object_variants')
        .insert(variants.map((v) => ({ ...v, object_id: objectId, created_at: now() })))
        .onConflict(['object_id', 'width', 'format'])
        .ignore();
    }
    if (cleanedSize !== undefined) await trx('objects').where({ id: objectId }).update({ size: cleanedSize });
  });
}
