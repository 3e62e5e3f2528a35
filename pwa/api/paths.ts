/**
 * API paths that code without React needs too: the service worker's background download of the
 * reading list (pwa/sw/sw.ts, issue 22) reads the same answers as the page, and must not pull the
 * query library (and React with it) into the worker. The query modules build their requests from
 * these as well, so a path is spelt once.
 */

export const READING_LIST_PATH = '/api/reading-list';

export const readingListEntryPath = (articleId: string) => `${READING_LIST_PATH}/${encodeURIComponent(articleId)}`;

export const articlePath = (id: string) => `/api/news/${encodeURIComponent(id)}`;

export const articleCommentsPath = (id: string) => `${articlePath(id)}/comments`;
