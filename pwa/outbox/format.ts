import { formatDayTime } from '../lib/format';

/** 'Nov 22, 6:15 PM': written and posted times of a synced comment are often the same day. */
export const formatDateTime = (iso: string) => formatDayTime(iso);

/** A comment or reply written offline shows both times when it was posted more than a minute later. */
export function postedLate(writtenAt: string | null | undefined, createdAt: string): writtenAt is string {
  return Boolean(writtenAt) && Date.parse(createdAt) - Date.parse(writtenAt!) > 60_000;
}
