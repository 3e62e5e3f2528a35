import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { renderedClock, type Clock } from './lib/clock';
import { keepAnswers } from './offline/store';
import { followRenderedAnswer } from './session/session';

/** What a page rendered on the server carries for the browser (pwa/entry-server.tsx). */
export interface SsrState {
  /** The query cache the page was rendered from. */
  queries: DehydratedState;
  /** Query hash → the API path whose answer the query holds as it is (a paged list: one per page). */
  paths: Record<string, string | string[]>;
  /** API answers no query holds as they are (reshaped by the query), by path. */
  answers: Array<[path: string, data: unknown]>;
  /** When the page was rendered (ms): its relative times were counted from then (pwa/lib/clock.tsx). */
  renderedAt: number;
}

/**
 * When the page was rendered on the server: fills the query cache with what it was rendered from and
 * keeps the answers on the device, as if the app had fetched them; returns the clock the page was
 * rendered by. Undefined for the plain shell (the service worker's, or a page the server did not render).
 */
export function startFromServerState(queryClient: QueryClient): Clock | undefined {
  const element = document.getElementById('ssr-state');
  if (!element?.textContent) return undefined;
  const state = JSON.parse(element.textContent) as SsrState;
  element.remove();
  hydrate(queryClient, state.queries);
  // The server's answer about the user, as fresh as one the app fetches.
  followRenderedAnswer(queryClient);
  const byHash = new Map(state.queries.queries.map((query) => [query.queryHash, query.state.data]));
  const held = Object.entries(state.paths).flatMap(([hash, path]): Array<[string, unknown]> => {
    const data = byHash.get(hash);
    if (!Array.isArray(path)) return [[path, data]];
    const pages = (data as { pages: unknown[] }).pages;
    return path.map((pagePath, i) => [pagePath, pages[i]]);
  });
  keepAnswers([...held, ...state.answers]);
  return renderedClock(state.renderedAt);
}
