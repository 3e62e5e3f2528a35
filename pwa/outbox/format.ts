const dateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** 'Nov 22, 6:15 PM': written and posted times of a synced comment are often the same day. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** A comment or reply written offline shows both times when it was posted more than a minute later. */
export function postedLate(writtenAt: string | null | undefined, createdAt: string): writtenAt is string {
  return Boolean(writtenAt) && Date.parse(createdAt) - Date.parse(writtenAt!) > 60_000;
}
