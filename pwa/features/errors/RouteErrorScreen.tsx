import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { OfflineNotice } from '../../components/OfflineNotice';
import { PlainButton } from '../../components/PlainButton';
import { OfflineError } from '../../lib/errors';
import { useOnline } from '../../offline/useOnline';

/**
 * What a route shows when its screen cannot be shown, inside the layout (the header, the player and the
 * outbox stay): offline, a screen never opened on this device says so and opens itself once the connection is
 * back; anything else says the page could not be shown, with Try again.
 */
export function RouteErrorScreen({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const online = useOnline();
  const notOnDevice = error instanceof OfflineError;
  useEffect(() => {
    if (notOnDevice && online) {
      reset();
      void router.invalidate();
    }
  }, [notOnDevice, online, reset, router]);

  if (notOnDevice) return <OfflineNotice what="page" level={1} />;
  return (
    <section className="not-found" aria-labelledby="route-error-title">
      <h1 id="route-error-title">Something went wrong</h1>
      <p>This page could not be shown. Try again, or go back to the home page.</p>
      <div className="form-actions-row">
        <PlainButton
          variant="primary"
          onPress={() => {
            reset();
            void router.invalidate();
          }}
        >
          Try again
        </PlainButton>
        <Link to="/" className="button">
          Back to Home
        </Link>
      </div>
    </section>
  );
}
