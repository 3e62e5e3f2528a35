import type { ContentStatus } from '../../../contracts/common';
import { PlainButton, PlainLinkButton } from '../../components/PlainButton';
import { EditIcon } from '../../components/icons';

/** What the tools need of a status or archive mutation (a TanStack Query mutation result fits). */
interface ToolMutation<T> {
  isPending: boolean;
  mutate: (value: T) => void;
}

export interface StatusToolsProps {
  item: { id: string; title: string; status: ContentStatus; isArchived: boolean };
  /** The item's editor route. */
  editTo: '/news/$id/edit' | '/podcasts/$id/edit';
  status: ToolMutation<ContentStatus>;
  archive: ToolMutation<boolean>;
}

/**
 * Spec 2's editor tools on a news or episode card: edit link, Publish/Unpublish and
 * Archive/Unarchive, each inert while its request runs.
 */
export function StatusTools({ item, editTo, status, archive }: StatusToolsProps) {
  const isPublished = item.status === 'published';
  return (
    <>
      <PlainLinkButton to={editTo} params={{ id: item.id }} variant="ghost" size="icon" aria-label={`Edit "${item.title}"`}>
        <EditIcon />
      </PlainLinkButton>
      <PlainButton
        variant="secondary"
        size="sm"
        isPending={status.isPending}
        onPress={() => status.mutate(isPublished ? 'draft' : 'published')}
      >
        {isPublished ? 'Unpublish' : 'Publish'}
        <span className="visually-hidden"> "{item.title}"</span>
      </PlainButton>
      <PlainButton variant="secondary" size="sm" isPending={archive.isPending} onPress={() => archive.mutate(!item.isArchived)}>
        {item.isArchived ? 'Unarchive' : 'Archive'}
        <span className="visually-hidden"> "{item.title}"</span>
      </PlainButton>
    </>
  );
}
