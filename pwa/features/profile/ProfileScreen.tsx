import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { User } from '../../../contracts/auth';
import { PROFILE_EXPORT_URL, profileQueries } from '../../api/profile';
import { buttonClassName } from '../../components/buttonClassName';
import { OfflineError, serverMessage } from '../../lib/errors';
import { Button, LinkButton } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Skeleton, SkeletonGroup } from '../../components/Skeleton';
import { OfflineNotice } from '../../components/OfflineNotice';
import { useOnline } from '../../offline/useOnline';
import { UnconfirmedEmailNotice } from '../auth';
import { DetailsForm } from './DetailsForm';
import { PasswordForm } from './PasswordForm';
import { PhotoSection } from './PhotoSection';
import { TwoFactorSection } from './TwoFactorSection';
import { ProfileCard } from './ProfileCard';
import './profile.css';

/**
 * /profile: the signed-in member edits their name, title, company, bio, expertise tags,
 * photo and password. The route sends visitors to /login and back (pwa/router.tsx). Offline the
 * profile is read from the device, and every save says it needs a connection: profile edits are not
 * queued (docs/offline.md, "Profile edits").
 */
export function ProfileScreen() {
  const profile = useQuery(profileQueries.me());
  const online = useOnline();

  if (profile.isPending) {
    return (
      <div className="profile-page">
        <ProfileHeading />
        <SkeletonGroup label="Loading your profile" className="profile-skeleton">
          <Skeleton shape="circle" width="6rem" height="6rem" />
          <Skeleton shape="rect" height="16rem" />
        </SkeletonGroup>
      </div>
    );
  }
  if (profile.isError) {
    return (
      <div className="profile-page">
        {profile.error instanceof OfflineError ? (
          <OfflineNotice what="profile" />
        ) : (
          <>
            <ProfileHeading />
            <EmptyState
              title="Your profile could not be loaded."
              description={serverMessage(profile.error, 'Please try again in a moment.')}
              action={
                <Button variant="secondary" onPress={() => void profile.refetch()}>
                  Try again
                </Button>
              }
            />
          </>
        )}
      </div>
    );
  }

  const user = profile.data;
  return (
    <div className="profile-page">
      <ProfileHeading
        action={
          <div className="profile-actions">
            <LinkButton to="/members/$id" params={{ id: user.id }} variant="secondary" size="sm">
              View your public page
            </LinkButton>
            <LinkButton to="/cpd" variant="secondary" size="sm">
              CPD ledger
            </LinkButton>
          </div>
        }
      />
      <UnconfirmedEmailNotice user={user} />
      {online ? null : (
        <p className="notice-panel profile-offline" role="status">
          You're offline. Your profile is shown as last loaded on this device; saving changes needs a connection.
        </p>
      )}
      <div className="profile-layout">
        <PhotoSection user={user} online={online} />
        <div className="profile-layout__main">
          {/* Starts again from the server's values when they change (a save, another tab), not for a new photo. */}
          <DetailsForm key={detailsKey(user)} user={user} online={online} />
          <PasswordForm email={user.email} online={online} />
          <TwoFactorSection email={user.email} online={online} />
          <YourDataSection />
        </div>
      </div>
    </div>
  );
}

/** The member's own copy of what the site holds about them (their profile, posts, ledger), as JSON. */
function YourDataSection() {
  return (
    <ProfileCard id="your-data-title" title="Your data">
      <p className="profile-card__intro">
        One JSON file with everything this site holds about you: your profile, what you wrote, your lists and your CPD ledger.
      </p>
      <a className={buttonClassName({ variant: 'secondary', size: 'sm' }, 'profile-data__download')} href={PROFILE_EXPORT_URL} download>
        Download my data
      </a>
    </ProfileCard>
  );
}

const detailsKey = (user: User) => JSON.stringify([user.firstName, user.lastName, user.title, user.company, user.bio, user.expertiseTags]);

function ProfileHeading({ action }: { action?: ReactNode }) {
  return (
    <header className="page-header heading-row heading-row--end">
      <div>
        <h1>Your Profile</h1>
        <p>Your name, photo, title, company, bio and expertise appear on your public member page and beside everything you write.</p>
      </div>
      {action}
    </header>
  );
}
