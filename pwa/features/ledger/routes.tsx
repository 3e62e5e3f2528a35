import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../routing/lazyScreen';
import { rootRoute, signInFirst } from '../../routing/root';
import { cpdQueries, verificationQueries } from '../../api/cpd';

/** `?year=2026`: a year the picker offers; anything else shows the CPD year today falls in. */
export function validateLedgerSearch(search: Record<string, unknown>): { year?: number } {
  const year = Number(search.year);
  return Number.isInteger(year) && year >= 2000 && year <= 2100 ? { year } : {};
}

/** The member's CPD ledger (docs/cpd.md): visitors sign in first and come back here. */
export const ledgerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/cpd',
  validateSearch: validateLedgerSearch,
  beforeLoad: signInFirst,
  loaderDeps: ({ search }) => ({ year: search.year }),
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(cpdQueries.year(deps.year));
  },
  component: lazyScreen(() => import('./LedgerScreen'), 'LedgerScreen'),
});

/** An entry's evidence for an auditor: public, no sign-in, kept out of search engines. */
export const verifyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/verify/$code',
  loader: ({ context: { queryClient }, params }) => {
    void queryClient.prefetchQuery(verificationQueries.code(params.code));
  },
  component: lazyScreen(() => import('./VerifyScreen'), 'VerifyScreen'),
});
