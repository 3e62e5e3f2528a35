/**
 * The reading list's background download (docs/offline.md, "Reading list across devices"),
 * shared by the page, which registers it, and the service worker, which runs it.
 */

/** The Periodic Background Sync tag. */
export const READING_LIST_SYNC_TAG = 'reading-list';

/**
 * How often at most the browser is asked to run it. Twelve hours: the list picks up what was saved
 * on another device during the day by the evening, and overnight for the morning's train. The browser
 * decides the real interval (Chromium: from how much the app is used, never more often than daily
 * for a little-used one) and runs it only on a network.
 */
export const READING_LIST_SYNC_MIN_INTERVAL_MS = 12 * 60 * 60 * 1000;

/** What the worker posts to the open pages after a background download, so their Saved shows it. */
export const READING_LIST_SYNCED = 'READING_LIST_SYNCED';
