import { useQuery } from '@tanstack/react-query';
import { moderationQueries } from '../../../api/moderation';
import { LinkButton } from '../../../components/Button';

/** The control panel's link to the queue, with how many reported items wait (editors and admins). */
export function ModerationLink() {
  const count = useQuery(moderationQueries.count());
  const open = count.data?.open ?? 0;
  return (
    <LinkButton to="/admin/moderation" variant="secondary">
      Moderation{open ? ` (${open})` : ''}
    </LinkButton>
  );
}
