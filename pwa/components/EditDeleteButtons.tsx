import { PlainButton } from './PlainButton';

export interface EditDeleteButtonsProps {
  /** The item's title: screen readers hear 'Edit "…"', 'Delete "…"'. */
  title: string;
  onEdit: () => void;
  onDelete: () => void;
}

/** An item's small Edit and Delete buttons on its card (a discussion, a resource); Delete in the danger colour. */
export function EditDeleteButtons({ title, onEdit, onDelete }: EditDeleteButtonsProps) {
  return (
    <>
      <PlainButton variant="secondary" size="sm" onPress={onEdit}>
        Edit<span className="visually-hidden"> "{title}"</span>
      </PlainButton>
      <PlainButton variant="secondary" size="sm" className="btn--danger-text" onPress={onDelete}>
        Delete<span className="visually-hidden"> "{title}"</span>
      </PlainButton>
    </>
  );
}
