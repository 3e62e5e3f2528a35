import { useQuery } from '@tanstack/react-query';
import { Form } from 'react-aria-components';
import {
  NOTIFICATION_TYPES,
  NotificationSettingsInput,
  type NotificationChannel,
  type NotificationSettings,
  type NotificationType,
} from '../../../contracts/notifications';
import { notificationQueries } from '../../api/notifications';
import { siteQueries } from '../../api/site';
import { BackLink } from '../../components/BackLink';
import { Button } from '../../components/Button';
import { Select } from '../../components/Select';
import { Skeleton, SkeletonGroup } from '../../components/Skeleton';
import { useEntityForm } from '../../lib/entityForm';
import { LoadFailure } from '../content';
import { useOnline } from '../../offline/useOnline';
import { authQueries } from '../../session/queries';
import { UnconfirmedEmailNotice } from '../auth';
import { useSaveNotificationSettings } from './mutations';
import './notifications.css';

const TYPE_LABELS: Record<NotificationType, string> = {
  discussion_reply: 'Replies to your discussions',
  mention: 'Mentions of you',
  article_comment: 'Comments on your articles',
  article_published: 'Your article published',
  article_featured: 'Your article featured',
  answer_marked: 'Your reply marked as the answer',
  watched_reply: 'Replies in discussions you watch',
  watched_discussion: 'New discussions in categories you watch',
  moderation: 'Moderators’ decisions on your posts',
  report_outcome: 'What became of your reports',
};

const CHANNELS: ReadonlyArray<{ id: NotificationChannel; label: string }> = [
  { id: 'in_app', label: 'In app' },
  { id: 'email', label: 'Email immediately' },
  { id: 'digest', label: 'Daily email digest' },
  { id: 'off', label: 'Off' },
];
const MAIL_CHANNELS: NotificationChannel[] = ['email', 'digest'];

/**
 * /notifications/settings (the link in every notification mail's footer): for each type,
 * in app, a mail at once, the daily digest, or off. Saved with one PUT; the server's field errors
 * show under their type. Where the site sends no mail (production without SMTP_URL) it says so and
 * the mail choices cannot be picked; the server treats a saved mail choice as in app there.
 */
export function NotificationSettingsScreen() {
  const settings = useQuery(notificationQueries.settings());
  const { data: site } = useQuery(siteQueries.info());
  const { data: user } = useQuery(authQueries.user());

  let body;
  if (settings.isPending) {
    body = (
      <SkeletonGroup label="Loading your notification settings" className="notification-settings">
        {NOTIFICATION_TYPES.map((type) => (
          <Skeleton key={type} shape="rect" height="4.5rem" />
        ))}
      </SkeletonGroup>
    );
  } else if (settings.isError) {
    body = <LoadFailure error={settings.error} title="Your notification settings could not be loaded." retry={() => void settings.refetch()} level={2} />;
  } else {
    // Starts again from the server's values when they change (a save, another tab).
    body = <SettingsForm key={JSON.stringify(settings.data)} settings={settings.data} mailEnabled={site?.mailEnabled !== false} />;
  }

  return (
    <div className="notifications-page">
      <BackLink to="/notifications">Back to Notifications</BackLink>
      <header className="page-header">
        <h1>Notification Settings</h1>
        <p>Choose how you hear about each kind of notification.</p>
      </header>
      {site?.mailEnabled === false ? (
        <p className="notice-panel" role="note">
          This site does not send email at the moment, so notifications show in the app only.
        </p>
      ) : null}
      <UnconfirmedEmailNotice user={user} />
      {body}
    </div>
  );
}

function SettingsForm({ settings, mailEnabled }: { settings: NotificationSettings; mailEnabled: boolean }) {
  const save = useSaveNotificationSettings();
  const online = useOnline();
  const { form, formProps } = useEntityForm({
    defaultValues: settings,
    schema: NotificationSettingsInput,
    onSubmit: (input) => save.mutateAsync(input),
  });

  return (
    <Form {...formProps} className="form notification-settings">
      {NOTIFICATION_TYPES.map((type) => (
        <form.Field key={type} name={type}>
          {(field) => (
            <Select
              label={TYPE_LABELS[type]}
              options={CHANNELS}
              disabledKeys={mailEnabled ? undefined : MAIL_CHANNELS}
              name={field.name}
              value={field.state.value}
              // The keys are CHANNELS' ids; a Select without an empty choice never hands back null.
              onChange={(key) => key !== null && field.handleChange(String(key) as NotificationChannel)}
            />
          )}
        </form.Field>
      ))}
      {online ? null : <p role="status">You're offline. Saving your settings needs a connection.</p>}
      <div>
        <Button type="submit" isDisabled={!online} isPending={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save settings'}
        </Button>
      </div>
    </Form>
  );
}
