import { IDEMPOTENCY_KEY_HEADER, NEXT_CURSOR_HEADER, SESSION_ENDED_HEADER } from '../../contracts/constants';
import { serverRequest } from '../lib/environment';
import { ApiError } from '../lib/errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiFetchOptions {
  method?: HttpMethod;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (`Idempotency-Key`: sendIdempotent). */
  headers?: Record<string, string>;
}

/** How a GET answer is fetched: straight from the network, or through a store that keeps it. */
export type ReadThrough = <T>(path: string, fetchAnswer: () => Promise<T>) => Promise<T>;

let readThrough: ReadThrough = (_path, fetchAnswer) => fetchAnswer();

/** Told the server's `Session-Ended` reason (e.g. 'site-reset') when an answer carries one. */
let sessionEnded: (reason: string) => void = () => {};

/**
 * The session module (pwa/session/session.ts) listens for answers saying why this browser's
 * session ended, whichever request brought it: registered from above, like routeReadsThrough.
 */
export function followSessionEnds(listener: (reason: string) => void): void {
  sessionEnded = listener;
}

/**
 * The offline store (pwa/offline/store.ts) takes the GETs over when it is loaded (the app loads it at
 * start): from then on each answer is kept on the device and given back when the network fails.
 * Registered from above so this lowest layer imports nothing of the offline code.
 */
export function routeReadsThrough(store: ReadThrough): void {
  readThrough = store;
}

/**
 * The one fetch wrapper. Every call sends cookies; a JSON body (with its content type) goes out only
 * when there is a payload; responses are parsed as JSON. A non-ok response throws ApiError whose
 * message is "<status>: <body text or status text>" (spec section 8).
 * GETs go through the offline store once it is loaded (routeReadsThrough).
 */
export function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  // On the server (rendering a page) there is no device to keep answers on.
  if ((options.method ?? 'GET') !== 'GET' || serverRequest()) return request<T>(path, options);
  return readThrough(path, () => request<T>(path, options));
}

/** A write as the outbox keeps it: its id is the request's `Idempotency-Key`. */
export interface IdempotentWrite {
  id: string;
  method: Exclude<HttpMethod, 'GET'>;
  path: string;
  body?: unknown;
}

/**
 * Sends a write the outbox sends now or replays later (pwa/outbox/outbox.ts): every attempt carries
 * the same `Idempotency-Key`, so a write whose answer was lost is never applied twice.
 */
export function sendIdempotent<T>({ id, method, path, body }: IdempotentWrite): Promise<T> {
  return apiFetch<T>(path, { method, body, headers: { [IDEMPOTENCY_KEY_HEADER]: id } });
}

/**
 * One page of a paged list (GET /api/news, /api/podcasts): the body's items and the cursor of the
 * next page from the `X-Next-Cursor` header (null on the last page). Kept on the device whole, so
 * a page read offline still knows whether another follows.
 */
export interface ListPage<T> {
  items: T[];
  nextCursor: string | null;
}

/** GET a page of a paged list, through the offline store like apiFetch. */
export function apiFetchPage<T, Body = T[]>(
  path: string,
  options: Pick<ApiFetchOptions, 'signal'> & {
    /** Where the items are in a body that is not the bare array (`{ entries }` of the audit log). */
    itemsOf?: (body: Body) => T[];
  } = {},
): Promise<ListPage<T>> {
  const itemsOf = options.itemsOf ?? ((body: Body) => body as unknown as T[]);
  const fetchPage = () =>
    send<Body>(path, options).then(({ data, response }) =>
      answered(path, { items: data == null ? [] : itemsOf(data), nextCursor: response.headers.get(NEXT_CURSOR_HEADER) }),
    );
  return serverRequest() ? fetchPage() : readThrough(path, fetchPage);
}

async function request<T>(path: string, options: ApiFetchOptions): Promise<T> {
  const { data } = await send<T>(path, options);
  return (options.method ?? 'GET') === 'GET' ? answered(path, data) : data;
}

/** On the server, each answer the page was rendered from is noted, so the browser keeps it too. */
function answered<T>(path: string, data: T): T {
  serverRequest()?.answered?.(path, data);
  return data;
}

async function send<T>(path: string, { method = 'GET', body, signal, headers }: ApiFetchOptions): Promise<{ data: T; response: Response }> {
  const hasPayload = body !== undefined;
  const response = await (serverRequest()?.fetch ?? fetch)(path, {
    method,
    credentials: 'include',
    headers: hasPayload ? { 'Content-Type': 'application/json', ...headers } : headers,
    body: hasPayload ? JSON.stringify(body) : undefined,
    signal,
  });
  const text = await response.text();
  const ended = response.headers.get(SESSION_ENDED_HEADER);
  if (ended && !serverRequest()) sessionEnded(ended);

  if (!response.ok) {
    const isJson = response.headers.get('Content-Type')?.includes('json') ?? false;
    throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`, isJson ? parseJsonOrUndefined(text) : undefined);
  }
  // An empty success body (204) has nothing to parse.
  const data = (text === '' ? undefined : JSON.parse(text)) as T;
  return { data, response };
}

function parseJsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
