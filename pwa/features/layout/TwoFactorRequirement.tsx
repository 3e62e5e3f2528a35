import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { twoFactorSetupRequired } from '../../api/two-factor';

const SETUP_PATH = '/profile/two-factor';

/**
 * While the site requires two-step sign-in of staff (REQUIRE_2FA_FOR_STAFF), the server answers an
 * editor or admin without it 403 `two_factor_required` on everything but setting it up. Any read or
 * write that meets that answer sends them to the setup screen, which says why.
 */
export function TwoFactorRequirement() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  useEffect(() => {
    if (pathname === SETUP_PATH) return undefined;
    const goToSetup = (error: unknown) => {
      if (twoFactorSetupRequired(error)) void navigate({ to: SETUP_PATH, replace: true });
    };
    const fromQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') goToSetup(event.action.error);
    });
    const fromMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') goToSetup(event.action.error);
    });
    return () => {
      fromQueries();
      fromMutations();
    };
  }, [queryClient, navigate, pathname]);

  return null;
}
