import { useRef } from 'react';
import { TextField } from '../../components/TextField';

/** A text field's value and setter, as `bind(field)` gives them. */
interface BoundText {
  name: string;
  value: string;
  onChange: (value: string) => void;
}

export interface NameAndSlugFieldsProps {
  name: BoundText;
  slug: BoundText;
  /** The help text under Slug. */
  slugHint: string;
  slugify: (name: string) => string;
  /** A new item's slug follows its name until the slug is edited by hand; an existing one's never does. */
  isNew: boolean;
}

/** Name and Slug of a category or a show: the admin lists' items that links name by slug. */
export function NameAndSlugFields({ name, slug, slugHint, slugify, isNew }: NameAndSlugFieldsProps) {
  const followsName = useRef(isNew);
  return (
    <>
      <TextField
        label="Name"
        {...name}
        onChange={(value) => {
          name.onChange(value);
          if (followsName.current) slug.onChange(slugify(value));
        }}
        isRequired
        autoFocus
      />
      <TextField
        label="Slug"
        {...slug}
        onChange={(value) => {
          followsName.current = false;
          slug.onChange(value);
        }}
        isRequired
        description={slugHint}
      />
    </>
  );
}
