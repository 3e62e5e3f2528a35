import { z } from './zod';
import { safeText, WRITTEN_AT_FLOOR, WRITTEN_AT_SKEW_MS } from './common';

/**
 * The listening record (docs/offline.md, "Listening across devices"): per signed-in member and
 * episode, how far they listened, kept on the server so another device resumes there. Every write
 * carries the time the member made the change on their device (`deviceTime`), because a write queued
 * offline arrives late: the latest `deviceTime` wins, whatever order the writes arrive in.
 */

export const DEVICE_TIME_MESSAGES = {
  format: 'deviceTime must be an ISO-8601 timestamp',
  tooEarly: 'deviceTime is too far in the past',
  future: "deviceTime is in the future: check this device's clock",
} as const;

/** The share of an episode that counts as finished, when the client does not say so itself. */
export const FINISHED_SHARE = 0.95;

/** Longer than any episode (a day): a bigger number is a client's mistake, not a position. */
export const LISTENING_MAX_SECONDS = 24 * 60 * 60;

/**
 * When the member made the change (the device's clock), normalised to the app's ISO text so both
 * engines compare it alike. Bounded like the reading list's `changedAt`: refused before the floor or
 * more than the skew ahead of this clock; the server clamps a time within the skew to its own.
 */
export const DeviceTime = z.iso
  .datetime({ offset: true, error: DEVICE_TIME_MESSAGES.format, abort: true })
  .refine((v) => Date.parse(v) >= Date.parse(WRITTEN_AT_FLOOR), { error: DEVICE_TIME_MESSAGES.tooEarly, abort: true })
  .refine((v) => Date.parse(v) <= Date.now() + WRITTEN_AT_SKEW_MS, { error: DEVICE_TIME_MESSAGES.future })
  .transform((v) => new Date(v).toISOString());

const seconds = (field: string, min: 'zero' | 'positive') => {
  const message = `${field} must be a number of seconds from ${min === 'zero' ? 0 : 'above 0'} to ${LISTENING_MAX_SECONDS}`;
  const base = z.number({ error: message }).max(LISTENING_MAX_SECONDS, message);
  return min === 'zero' ? base.min(0, message) : base.positive(message);
};

/** `PUT /api/podcasts/{id}/listening`: where the member is in the episode. */
export const ListeningInput = z.object({
  positionSeconds: seconds('positionSeconds', 'zero'),
  /** The audio's own length as the player read it; when absent, the last one sent, else the episode's. */
  durationSeconds: seconds('durationSeconds', 'positive').optional(),
  /** The player reached the end; otherwise finished is reaching FINISHED_SHARE of the duration. */
  finished: z.boolean({ error: 'finished must be true or false' }).optional(),
  deviceTime: DeviceTime,
});
export type ListeningInput = z.infer<typeof ListeningInput>;

/** `GET /api/listening`: newest change first; `X-Next-Cursor` names the next page, passed back as `cursor`. */
export const ListeningListQuery = z.object({
  cursor: safeText().max(200).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a positive integer' })
    .int('limit must be a positive integer')
    .min(1, 'limit must be a positive integer')
    .default(50)
    .transform((n) => Math.min(n, 100)),
});
export type ListeningListQuery = z.infer<typeof ListeningListQuery>;

/** A member's record for one episode: what the PUT answers (also when its change was older) and the GET. */
export interface ListeningRecord {
  episodeId: string;
  positionSeconds: number;
  durationSeconds: number | null;
  finished: boolean;
  /** The device time of the change the record holds (clamped to the server's clock). */
  deviceTime: string;
  updatedAt: string;
}

/** One entry of `GET /api/listening`: the record with what the list shows of its episode. */
export interface ListeningItem extends ListeningRecord {
  title: string;
  imageUrl: string | null;
}
