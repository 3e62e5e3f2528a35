/**
 * The home page's pick (spec 2): up to 3 featured items; if none is featured, the first 3.
 * Lists arrive newest first from the API, so 'first' means newest.
 */
export function pickShowcase<T extends { isFeatured: boolean }>(items: readonly T[], count = 3): T[] {
  const featured = items.filter((item) => item.isFeatured);
  return (featured.length > 0 ? featured : items).slice(0, count);
}
