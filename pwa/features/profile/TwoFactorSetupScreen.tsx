import { useQuery } from '@tanstack/react-query';
import { twoFactorQueries } from '../../api/two-factor';
import { LinkButton } from '../../components/Button';
import { useOnline } from '../../offline/useOnline';
import { useViewer } from '../../session/viewer';
import { TwoFactorSection } from './TwoFactorSection';
import './profile.css';

/**
 * /profile/two-factor: where an editor or admin is sent while the site requires two-step sign-in
 * of staff (REQUIRE_2FA_FOR_STAFF) and theirs is off; until it is on, the server refuses them
 * everything else. Members who open it find the same section as on their profile.
 */
export function TwoFactorSetupScreen() {
  const { user } = useViewer();
  const status = useQuery(twoFactorQueries.status());
  const online = useOnline();
  if (!user) return null;
  return (
    <div className="profile-page two-factor-page">
      <header className="page-header">
        <h1>Set up two-step sign-in</h1>
        {user.twoFactorEnabled ? (
          <p>Two-step sign-in is on for your account.</p>
        ) : (
          <p>
            This site requires two-step sign-in for editors and admins. Set it up to continue: until it is on, you can only set it up or
            sign out.
          </p>
        )}
      </header>
      <TwoFactorSection email={user.email} online={online} />
      {status.data?.enabled ? (
        <div className="profile-card__actions two-factor-page__continue">
          <LinkButton to="/">Continue to the site</LinkButton>
        </div>
      ) : null}
    </div>
  );
}
