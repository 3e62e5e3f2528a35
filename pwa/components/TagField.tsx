import { useId, useState, type KeyboardEvent } from 'react';
import { Button as RACButton, Input, Label, Tag, TagGroup, TagList, TextField as RACTextField } from 'react-aria-components';
import { Button } from './Button';
import './TagField.css';

export interface TagFieldProps {
  /** Names the chips and the field that adds one, e.g. 'Expertise'. */
  label: string;
  value: readonly string[];
  onChange: (tags: string[]) => void;
  /** Most tags; the field says how many are used and stops adding at it. */
  max: number;
  /** Why `tag` cannot be added next to `others` (the contract's rule), or undefined. */
  check?: (tag: string, others: readonly string[]) => string | undefined;
  description?: string;
  /** An error from the surrounding form (the server's, or the form's own check). */
  errorMessage?: string;
  isDisabled?: boolean;
}

/**
 * Removable chips plus a field that adds one (Enter or Add): `<TagField label="Expertise" value={tags}
 * onChange={setTags} max={10} />`. The chips are a react-aria tag group: arrow keys move between
 * them, Delete or Backspace (or each chip's × button) removes one.
 */
export function TagField({ label, value, onChange, max, check, description, errorMessage, isDisabled }: TagFieldProps) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const full = value.length >= max;

  const add = () => {
    const tag = draft.trim();
    if (!tag) return;
    const refused = full ? `You can add at most ${max}` : check?.(tag, value);
    setProblem(refused);
    if (refused) return;
    onChange([...value, tag]);
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // Enter adds the tag instead of submitting the surrounding form.
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };
  const remove = (keys: Set<unknown>) => {
    onChange(value.filter((tag) => !keys.has(tag)));
    setProblem(undefined);
  };
  const error = problem ?? errorMessage;

  return (
    <div className="field tag-field" data-invalid={error ? true : undefined}>
      <TagGroup className="tag-field__group" onRemove={remove} aria-describedby={`${id}-count`}>
        <Label className="field__label">{label}</Label>
        <TagList className="tag-field__chips" renderEmptyState={() => <span className="tag-field__empty">None yet</span>}>
          {value.map((tag) => (
            <Tag key={tag} id={tag} textValue={tag} className="tag-chip" isDisabled={isDisabled}>
              <span className="tag-chip__text">{tag}</span>
              <RACButton slot="remove" className="tag-chip__remove" aria-label="Remove">
                <span aria-hidden="true">×</span>
              </RACButton>
            </Tag>
          ))}
        </TagList>
      </TagGroup>
      <div className="tag-field__add">
        <RACTextField
          className="tag-field__input"
          value={draft}
          onChange={(next) => {
            setDraft(next);
            setProblem(undefined);
          }}
          isDisabled={isDisabled || full}
          isInvalid={Boolean(error)}
          aria-describedby={`${id}-count ${id}-error`}
        >
          <Label className="visually-hidden">Add to {label}</Label>
          <Input className="field__input" placeholder={full ? `${max} of ${max} added` : 'Type one, press Enter'} onKeyDown={onKeyDown} />
        </RACTextField>
        <Button variant="secondary" onPress={add} isDisabled={isDisabled || full || !draft.trim()}>
          Add<span className="visually-hidden"> to {label}</span>
        </Button>
      </div>
      <p id={`${id}-count`} className="field__description">
        {description ? `${description} ` : null}
        {value.length} of {max} used.
      </p>
      <p id={`${id}-error`} className="field__error" aria-live="polite">
        {error}
      </p>
    </div>
  );
}
