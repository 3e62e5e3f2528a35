import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';
import type { Agent } from './harness';

/**
 * 16 s of speech as a 32 kbit/s MP3 (an ID3 tag, an Info header, then frames): what uploads of the
 * commonest podcast format are tested with. The sample episodes themselves are Opus (server/db/seed/audio).
 */
export const SPEECH_MP3_PATH = fileURLToPath(new URL('./fixtures/speech-16s.mp3', import.meta.url));
export const SPEECH_MP3 = readFileSync(SPEECH_MP3_PATH);

/**
 * Small bodies the upload sniffer accepts as a PNG image and as a WAV file. The PNG is a real 1×1
 * image, since finalising decodes images; bytes appended after its end (as tests that need a given
 * size do) are ignored by decoders.
 */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/**
 * A real PNG of exactly `size` bytes: PNG_BYTES with a private ancillary chunk of filler (`fill`'s
 * bytes) before its end (decoders skip it). Bytes appended after a PNG's end would be cut off when it is finalised.
 */
export function paddedPng(size: number, fill: (length: number) => Buffer = (length) => Buffer.alloc(length, 7)): Buffer {
  const end = PNG_BYTES.length - 12; // the IEND chunk
  const fillerLength = size - PNG_BYTES.length - 12;
  if (fillerLength < 0) throw new Error(`a padded PNG is at least ${PNG_BYTES.length + 12} bytes`);
  const typeAndData = Buffer.concat([Buffer.from('paDd', 'latin1'), fill(fillerLength)]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(fillerLength);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([PNG_BYTES.subarray(0, end), length, typeAndData, crc, PNG_BYTES.subarray(end)]);
}
/** A real WAV file (finalising reads audio): one second of 8 kHz, 8-bit mono silence. */
export const WAV_BYTES = wavOfSilence(1);

/** A real WAV file of `seconds` seconds of 8 kHz, 8-bit mono silence. */
export function wavOfSilence(seconds: number): Buffer {
  const data = 8000 * seconds;
  const wav = Buffer.alloc(44 + data, 0x80);
  wav.write('RIFF', 0, 'latin1');
  wav.writeUInt32LE(36 + data, 4);
  wav.write('WAVEfmt ', 8, 'latin1');
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(8000, 24); // sample rate
  wav.writeUInt32LE(8000, 28); // bytes per second
  wav.writeUInt16LE(1, 32); // block align
  wav.writeUInt16LE(8, 34); // bits per sample
  wav.write('data', 36, 'latin1');
  wav.writeUInt32LE(data, 40);
  return wav;
}

/**
 * A tiny Ogg Opus file (about 120 bytes) whose last page's granule position claims `seconds` of
 * audio: an identification header, an empty comment header and one last page of a single silent
 * frame. Decoders take a stream's length from that position, so a few bytes can claim any length.
 */
export function oggOpusClaiming(seconds: number): Buffer {
  const page = (headerType: number, granule: bigint, sequence: number, data: Buffer) => {
    const header = Buffer.alloc(28);
    header.write('OggS', 0, 'latin1');
    header[5] = headerType; // 2: first page, 4: last page
    header.writeBigInt64LE(granule, 6);
    header.writeUInt32LE(1, 14); // stream serial number
    header.writeUInt32LE(sequence, 18);
    header[26] = 1; // one segment
    header[27] = data.length;
    return Buffer.concat([header, data]);
  };
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head[8] = 1; // version
  head[9] = 1; // mono
  head.writeUInt32LE(48000, 12);
  const tags = Buffer.alloc(16);
  tags.write('OpusTags', 0, 'latin1');
  // Opus counts granules at 48 kHz whatever the input rate.
  const granule = BigInt(Math.round(seconds)) * 48000n;
  return Buffer.concat([page(2, 0n, 0, head), page(0, 0n, 1, tags), page(4, granule, 2, Buffer.from([0xf8, 0xff, 0xfe]))]);
}

/** Asks for an upload URL as the agent's user (no `kind`: the server's default, an image). */
export async function uploadUrl(agent: Agent, kind?: 'image' | 'audio'): Promise<string> {
  const res = await agent.post('/api/objects/upload', kind ? { kind } : undefined);
  if (res.status !== 200) throw new Error(`no upload URL: ${res.status} ${res.text}`);
  return res.body.uploadURL;
}

/** An upload URL's path (`/api/uploads/<token>`). */
export async function uploadPath(agent: Agent, kind: 'image' | 'audio' = 'image'): Promise<string> {
  return new URL(await uploadUrl(agent, kind)).pathname;
}

/** PUTs a body (a buffer, or a stream sent as it is read) to an upload URL with the agent's cookies. */
export async function putFile(agent: Agent, url: string, body: Buffer | ReadableStream<Uint8Array>, contentType = 'application/octet-stream') {
  const res = await fetch(url, {
    method: 'PUT',
    headers: { cookie: agent.cookieHeader(), 'content-type': contentType, origin: agent.baseUrl },
    body: body as BodyInit,
    // Required by fetch for a streamed request body.
    duplex: 'half',
  } as RequestInit);
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

/** Uploads a file as the agent's user (not yet finalised); returns the upload URL's path. */
export async function completedUpload(agent: Agent, kind: 'image' | 'audio' = 'image'): Promise<string> {
  const path = await uploadPath(agent, kind);
  const res = await agent.request('PUT', path, {
    raw: kind === 'image' ? PNG_BYTES : WAV_BYTES,
    headers: { 'content-type': kind === 'image' ? 'image/png' : 'audio/wav' },
  });
  if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${res.text}`);
  return path;
}

/** A finalised, public image: returns its `/objects/<id>` path. */
export async function publicImage(agent: Agent): Promise<string> {
  const res = await agent.put('/api/articles/images', { imageURL: await completedUpload(agent) });
  if (res.status !== 200) throw new Error(`finalise failed: ${res.status} ${res.text}`);
  return res.body.objectPath;
}
