import type { ObjectPathResponse, UploadKind, UploadUrlResponse } from '../../contracts/uploads';
import { ApiError } from '../lib/errors';
import { apiFetch } from './client';

/*
 * The upload flow of spec 4 (server/api/uploads/routes.ts): ask for a single-use upload URL, PUT the
 * raw file to it, then ask the server to finalise it, which answers with the object's public path
 * (`/objects/<id>`) that forms store in their image or audio field.
 */

export interface UploadOptions {
  /** Called with the fraction sent (0–1) as the bytes go out. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Which step failed: sending the file ('transfer', which includes getting its upload URL) or
 * finalising it ('finalize'); the upload field words its message by step (spec 8). `cause` is the
 * ApiError (status 0 when there was no answer at all) or the abort reason.
 */
export class UploadError extends Error {
  override readonly name = 'UploadError';

  constructor(
    readonly step: 'transfer' | 'finalize',
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : 'Upload failed');
  }
}

/** Every step of the flow in order; resolves with the object path or rejects with an UploadError. */
export async function uploadFile(kind: UploadKind, file: File, options: UploadOptions = {}): Promise<string> {
  return (await uploadFileWithDetails(kind, file, options)).objectPath;
}

/**
 * uploadFile, answering what finalising said as well: the object path, and for audio its duration
 * in seconds as the server read it from the file (null when it could not say).
 */
export async function uploadFileWithDetails(kind: UploadKind, file: File, { onProgress, signal }: UploadOptions = {}): Promise<ObjectPathResponse> {
  let uploadURL: string;
  try {
    ({ uploadURL } = await apiFetch<UploadUrlResponse>('/api/objects/upload', { method: 'POST', body: { kind }, signal }));
    await putFile(uploadURL, file, { onProgress, signal });
  } catch (error) {
    throw new UploadError('transfer', error);
  }
  try {
    return await finalizeUpload(kind, uploadURL, signal);
  } catch (error) {
    throw new UploadError('finalize', error);
  }
}

/**
 * The raw PUT. This is the one request that does not go through apiFetch: fetch cannot report upload
 * progress, XMLHttpRequest can. Same origin, so the session cookie goes along.
 */
function putFile(url: string, file: File, { onProgress, signal }: UploadOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const done = () => signal?.removeEventListener('abort', abort);

    xhr.open('PUT', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve();
        return;
      }
      const text = xhr.responseText;
      reject(new ApiError(xhr.status, `${xhr.status}: ${text || xhr.statusText}`, parseJson(text)));
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, 'Network error', undefined));
    };
    xhr.onabort = () => {
      done();
      reject(signal?.reason ?? new DOMException('Upload aborted', 'AbortError'));
    };
    xhr.send(file);
  });
}

/** Images go to PUT /api/articles/images (also podcast covers and profile images), audio to PUT /api/podcasts/audio. */
function finalizeUpload(kind: UploadKind, uploadURL: string, signal?: AbortSignal): Promise<ObjectPathResponse> {
  return kind === 'image'
    ? apiFetch<ObjectPathResponse>('/api/articles/images', { method: 'PUT', body: { imageURL: uploadURL }, signal })
    : apiFetch<ObjectPathResponse>('/api/podcasts/audio', { method: 'PUT', body: { audioURL: uploadURL }, signal });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
