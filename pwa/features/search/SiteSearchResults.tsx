import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Fragment, useEffect, useState } from 'react';
import type { HighlightedText, SearchKind, SearchResult } from '../../../contracts/search';
import { searchQueries } from '../../api/search';
import { searchAnswers } from '../../offline/search';
import { storedAnswers } from '../../offline/store';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Skeleton, SkeletonGroup } from '../../components/Skeleton';
import { useSiteName } from '../site';
import './search.css';
import { useOnline } from '../../offline/useOnline';

/** Wait this long after the last keystroke before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;
/** Shorter queries match too much to be useful; the in-page filter handles them. */
export const SEARCH_MIN_LENGTH = 2;

const KIND_LABELS: Record<SearchKind, string> = { article: 'Article', podcast: 'Podcast', discussion: 'Discussion', resource: 'Resource' };

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Text with its highlighted ranges in <mark>: built from ranges, never from markup. */
function Highlighted({ value }: { value: HighlightedText }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [start, end] of value.highlights) {
    if (start < at || end <= start) continue;
    parts.push(value.text.slice(at, start), <mark key={start}>{value.text.slice(start, end)}</mark>);
    at = end;
  }
  parts.push(value.text.slice(at));
  return <>{parts.map((p, i) => (typeof p === 'string' ? <Fragment key={`t${i}`}>{p}</Fragment> : p))}</>;
}

function ResultLink({ result }: { result: SearchResult }) {
  const title = <Highlighted value={result.title} />;
  if (result.kind === 'article') return <Link to="/news/$id" params={{ id: result.id }}>{title}</Link>;
  if (result.kind === 'discussion') return <Link to="/forums/$id" params={{ id: result.id }}>{title}</Link>;
  if (result.kind === 'podcast') return <Link to="/podcasts/$id" params={{ id: result.id }}>{title}</Link>;
  return <Link to="/resources">{title}</Link>;
}

/** The results list: the server's, or the device's own when offline (the same shape). */
function ResultList({ results, busy }: { results: SearchResult[]; busy: boolean }) {
  return (
    <ol className="grid-list" aria-busy={busy}>
      {results.map((r) => (
        <li key={`${r.kind}:${r.id}`} className="site-search__result">
          <p className="site-search__meta">
            <Badge tone="neutral">{KIND_LABELS[r.kind]}</Badge>
            {r.isDraft ? <Badge tone="amber">Draft</Badge> : null}
          </p>
          <h3 className="site-search__title">
            <ResultLink result={r} />
          </h3>
          {r.snippet.text ? (
            <p className="site-search__snippet">
              <Highlighted value={r.snippet} />
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/**
 * 'Search all of <site>': server results for what is typed in a list's search box,
 * below that list's instant in-page filter. Offline, it searches what the device has stored
 * (lists and items read before, saved articles) and says so.
 */
export function SiteSearchResults({ query }: { query: string }) {
  const siteName = useSiteName();
  const online = useOnline();
  const q = useDebounced(query.trim(), SEARCH_DEBOUNCE_MS);
  const search = useQuery({ ...searchQueries.results(q), enabled: online && q.length >= SEARCH_MIN_LENGTH });
  const onDevice = useQuery({
    queryKey: ['search', 'device', q],
    queryFn: async () => searchAnswers(await storedAnswers(), q),
    enabled: !online && q.length >= SEARCH_MIN_LENGTH,
    // React Query holds queries back while offline; this one needs no network.
    networkMode: 'always',
    staleTime: 0,
  });
  if (query.trim().length < SEARCH_MIN_LENGTH) return null;

  const heading = `Search all of ${siteName}`;
  let body;
  if (!online) {
    const later = `${heading} is available when you are online.`;
    if (onDevice.isPending) body = null;
    else if (onDevice.isError || !onDevice.data.length) {
      body = <p className="site-search__note">{onDevice.isError ? later : `No results for "${q}" on this device. ${later}`}</p>;
    } else {
      body = (
        <>
          <p className="site-search__note">You are offline: these results are from what this device has stored.</p>
          <ResultList results={onDevice.data} busy={onDevice.isFetching} />
        </>
      );
    }
  } else if (search.isPending || (search.isPlaceholderData && search.isFetching && !search.data?.results.length)) {
    body = (
      <SkeletonGroup label="Searching" className="site-search__loading">
        <Skeleton width="60%" />
        <Skeleton width="90%" />
        <Skeleton width="50%" />
      </SkeletonGroup>
    );
  } else if (search.isError) {
    body = (
      <div className="site-search__note">
        <p>Search is unavailable right now.</p>
        <Button variant="secondary" size="sm" onPress={() => void search.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (!search.data.results.length) {
    body = <p className="site-search__note">No results for "{q}" across {siteName}.</p>;
  } else {
    body = <ResultList results={search.data.results} busy={search.isFetching} />;
  }
  return (
    <section className="site-search" aria-labelledby="site-search-title">
      <h2 id="site-search-title">{heading}</h2>
      {body}
    </section>
  );
}
