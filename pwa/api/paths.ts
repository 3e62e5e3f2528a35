/**
 * API paths spelt once. The request functions of pwa/api build from them; so do the features'
 * outbox items (a queued write carries its path) and code without React: the service worker's
 * background download of the reading list (pwa/sw) reads the same answers as the page, and
 * must not pull the query library (and React with it) into the worker.
 */

export const READING_LIST_PATH = '/api/reading-list';

export const readingListEntryPath = (articleId: string) => `${READING_LIST_PATH}/${encodeURIComponent(articleId)}`;

export const NEWS_PATH = '/api/news';

export const articlePath = (id: string) => `${NEWS_PATH}/${encodeURIComponent(id)}`;

/** What comments hang on: an article or an episode (the kind is the resource, as for likes). */
export type CommentKind = 'news' | 'podcasts';

/** An article's or episode's comments (GET oldest first, POST a new one). */
export const commentsPath = (kind: CommentKind, id: string) => `/api/${kind}/${encodeURIComponent(id)}/comments`;

export const articleCommentsPath = (id: string) => commentsPath('news', id);

/** One comment (DELETE), whichever article or episode it is on. */
export const commentPath = (commentId: string, kind: CommentKind = 'news') => `/api/${kind}/comments/${encodeURIComponent(commentId)}`;

export const PODCASTS_PATH = '/api/podcasts';

export const podcastPath = (id: string) => `${PODCASTS_PATH}/${encodeURIComponent(id)}`;

/** POST likes, DELETE unlikes an article or an episode (the kind is the resource: 'news', 'podcasts'). */
export const likePath = (kind: 'news' | 'podcasts', id: string) => `/api/${kind}/${encodeURIComponent(id)}/like`;

export const DISCUSSIONS_PATH = '/api/forum/discussions';

export const discussionPath = (id: string) => `${DISCUSSIONS_PATH}/${encodeURIComponent(id)}`;

export const REPLIES_PATH = '/api/forum/replies';
export const replyPath = (id: string) => `${REPLIES_PATH}/${encodeURIComponent(id)}`;

/** The member's listening record of one episode (PUT, GET). */
export const listeningPath = (episodeId: string) => `${podcastPath(episodeId)}/listening`;

/** The member's listening records, newest change first (GET, paged with X-Next-Cursor). */
export const LISTENING_PATH = '/api/listening';

/** The member's CPD ledger (docs/cpd.md): the year view, its time records, entries and exports. */
export const CPD_PATH = '/api/cpd';

export const CPD_TIME_PATH = `${CPD_PATH}/time`;

export const cpdEntryPath = (id: string) => `${CPD_PATH}/entries/${encodeURIComponent(id)}`;

/** The public check of an entry's verification code (the page is `/verify/<code>`). */
export const verificationPath = (code: string) => `/api/verify/${encodeURIComponent(code)}`;
