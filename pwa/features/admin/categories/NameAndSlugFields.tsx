import { useRef, type ReactNode } from 'react';
import { TextField } from '../../../components/TextField';
import { bind } from '../../../lib/entityForm';

/** What `bind` needs of a TanStack Form field holding text. */
interface TextFieldApi {
  name: string;
  state: { value: string };
  handleChange: (value: string) => void;
}

/**
 * The part of a `useEntityForm` form these fields use: its `Field` component for the form's
 * `name` and `slug`, both text. Any form with those two string fields fits.
 */
export interface NameAndSlugForm {
  // Returns what TanStack Form's own `Field` is typed to return.
  Field: (props: { name: 'name' | 'slug'; children: (field: TextFieldApi) => ReactNode }) => ReactNode | Promise<ReactNode>;
}

export interface NameAndSlugFieldsProps {
  form: NameAndSlugForm;
  /** The help text under Slug. */
  slugHint: string;
  slugify: (name: string) => string;
  /** A new item's slug follows its name until the slug is edited by hand; an existing one's never does. */
  isNew: boolean;
}

/** Name and Slug of a category or a show: the admin lists' items that links name by slug. */
export function NameAndSlugFields({ form, slugHint, slugify, isNew }: NameAndSlugFieldsProps) {
  const followsName = useRef(isNew);
  return (
    <form.Field name="slug">
      {(slugField) => {
        const slug = bind(slugField);
        return (
          <form.Field name="name">
            {(nameField) => {
              const name = bind(nameField);
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
            }}
          </form.Field>
        );
      }}
    </form.Field>
  );
}
