/**
 * Where the app is running. In a browser this is `window`; while the server renders a page
 * (pwa/entry-server.tsx, docs/performance.md "Server rendering") it is the request being answered:
 * its origin and a fetch that reaches the API with the visitor's cookie.
 */
export interface ServerRequest {
  origin: string;
  fetch: typeof fetch;
  /** Told of each API answer (the browser keeps them on the device, as it would have had it fetched them). */
  answered?: (path: string, data: unknown) => void;
}

let currentServerRequest: () => ServerRequest | undefined = () => undefined;

/** Called once by the server entry: how to find the request being rendered. */
export function setServerRequest(get: () => ServerRequest | undefined): void {
  currentServerRequest = get;
}

export const serverRequest = (): ServerRequest | undefined => currentServerRequest();

/** The site's origin, in the browser or on the server. */
export function pageOrigin(): string {
  return typeof window === 'undefined' ? (serverRequest()?.origin ?? '') : window.location.origin;
}
