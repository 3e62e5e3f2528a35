import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, skipToken, type DehydratedState, type QueryClient, type QueryKey, type QueryObserverOptions } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { prerenderToNodeStream } from 'react-dom/static';
import { createQueryClient } from './queryClient';
import { App } from './App';
import { renderedClock } from './lib/clock';
import { setServerRequest, type ServerRequest } from './lib/environment';
import { createAppRouter } from './router';
import type { SsrState } from './ssr-state';

/*
 * Server rendering of the public pages (docs/performance.md, "Server rendering"). The server calls
 * render() for a page; the app runs here as in the browser, its API calls going to the server itself
 * with the visitor's cookie. The HTML goes into the shell with the query cache that produced it, so
 * the browser's first render starts from the same answers without asking again.
 */

const requests = new AsyncLocalStorage<ServerRequest>();
setServerRequest(() => requests.getStore());

/** Renders that discover queries the loaders did not start, before giving up on them. */
const MAX_PASSES = 3;
/** React's mark of a Suspense boundary whose content follows later in the stream. */
const PENDING_BOUNDARY = '<!--$?-->';

export interface RenderedPage {
  /** The markup for #root. */
  html: string;
  /** What the browser starts from (pwa/ssr-state.ts). */
  state: SsrState;
  /** Source modules of the matched routes' screens (their CSS and JS go in the head). */
  modules: string[];
}

/**
 * The page at `url` (path and query), or undefined when it is not one the server renders (not a
 * public screen, not found, or an API call failed: the browser then renders it as before).
 */
export async function render(url: string, request: ServerRequest): Promise<RenderedPage | undefined> {
  const answers = new Map<string, unknown>();
  const answered = (path: string, data: unknown) => answers.set(path, data);
  const renderedAt = Date.now();
  return requests.run({ ...request, answered }, async () => {
    const queryClient = createQueryClient();
    const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [url] }));
    await router.load();
    const matches = router.state.matches;
    const modules = matches.map((match) => match.staticData?.module);
    const leaf = matches.at(-1);
    if (!leaf || leaf.status !== 'success' || !modules.at(-1)) return undefined;

    const app = <App queryClient={queryClient} router={router} clock={renderedClock(renderedAt)} />;
    const wanted = recordWantedQueries(queryClient);
    let html = '';
    let complete = false;
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      await settled(queryClient);
      if (failed(queryClient)) return undefined;
      html = await prerender(app);
      // Queries a screen asked for while rendering (not started by its loader) are fetched and the
      // screen rendered again, so nothing is left loading. So is a screen that waited for code (a
      // lazy part): React sends such a part apart, revealed by an inline script that the content
      // security policy would refuse; by the next pass the code is here.
      const missing = [...wanted.values()].filter((options) => queryClient.getQueryState(options.queryKey)?.status === 'pending');
      complete = !html.includes(PENDING_BOUNDARY);
      if (missing.length === 0 && complete) break;
      await Promise.all(missing.map((options) => queryClient.prefetchQuery(options)));
    }
    if (failed(queryClient) || !complete) return undefined;
    return { html, state: ssrState(dehydrate(queryClient), answers, renderedAt), modules: modules.filter((m): m is string => Boolean(m)) };
  });
}

/**
 * The dehydrated cache, and which API answer each query holds, so the device keeps them: an answer a
 * query holds as it is is named by path (not sent twice); one it reshaped goes whole.
 */
function ssrState(queries: DehydratedState, answers: Map<string, unknown>, renderedAt: number): SsrState {
  const paths: SsrState['paths'] = {};
  const held = new Map([...answers].map(([path, data]) => [data, path]));
  for (const query of queries.queries) {
    // A paged list (infinite query) holds each page's answer as it is.
    const pages = (query.state.data as { pages?: unknown } | undefined)?.pages;
    const pagePaths = Array.isArray(pages) ? pages.map((page) => held.get(page)) : undefined;
    if (pagePaths?.length && pagePaths.every((path) => path !== undefined)) {
      paths[query.queryHash] = pagePaths as string[];
      pagePaths.forEach((path) => answers.delete(path!));
      continue;
    }
    const path = held.get(query.state.data);
    if (path !== undefined) {
      paths[query.queryHash] = path;
      answers.delete(path);
    }
  }
  return { queries, paths, answers: [...answers], renderedAt };
}

type WantedQuery = QueryObserverOptions<unknown, Error, unknown, unknown, QueryKey>;

/**
 * The queries the screens ask for with useQuery while rendering, with the options they ask with
 * (the cache alone does not know whether a query is enabled). A query that runs on the device
 * (meta.device: the offline store) is left to the browser.
 */
function recordWantedQueries(queryClient: QueryClient): Map<string, WantedQuery> {
  const wanted = new Map<string, WantedQuery>();
  const defaults = queryClient.defaultQueryOptions.bind(queryClient);
  queryClient.defaultQueryOptions = ((options: WantedQuery) => {
    const resolved = defaults(options);
    const enabled = typeof resolved.enabled === 'function' ? true : resolved.enabled !== false;
    if (enabled && resolved.queryFn !== skipToken && !resolved.meta?.device) wanted.set(resolved.queryHash, resolved as WantedQuery);
    return resolved;
  }) as typeof queryClient.defaultQueryOptions;
  return wanted;
}

/** The whole markup, lazy parts included (prerender waits for them, unlike renderToString). */
async function prerender(app: React.ReactNode): Promise<string> {
  // One piece: a large boundary would otherwise be sent apart, to be put in place by an inline script.
  const { prelude } = await prerenderToNodeStream(app, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

async function settled(queryClient: QueryClient): Promise<void> {
  const fetching = queryClient.getQueryCache().findAll({ fetchStatus: 'fetching' });
  await Promise.all(fetching.map((q) => q.promise?.catch(() => undefined)));
}

const failed = (queryClient: QueryClient) =>
  queryClient.getQueryCache().findAll({ predicate: (q) => q.state.status === 'error' }).length > 0;
