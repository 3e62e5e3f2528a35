/**
 * The current user's query key: the session module owns the query (pwa/session/queries.ts); lower
 * layers that only set or refresh it (a profile edit) use the key from here.
 */
export const USER_QUERY_KEY = ['auth', 'user'] as const;
