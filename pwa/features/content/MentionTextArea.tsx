import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Autocomplete, Label, ListBox, ListBoxItem, Text, TextArea, TextField, type Key } from 'react-aria-components';
import type { MentionSuggestion } from '../../../contracts/notifications';
import { memberQueries } from '../../api/members';
import { followEdit, fromStoredText, mentionQueryAt, nameMatches, pickMention, serverQuery, toStoredText, type PickedMention } from '../../lib/mentions';
import { Avatar } from '../../components/Avatar';
import './MentionTextArea.css';

/** What the composer holds: the text as shown, the mentions picked in it, and the caret. */
interface DraftState {
  text: string;
  mentions: PickedMention[];
  caret: number;
}

export interface MentionDraft {
  state: DraftState;
  setState: (state: DraftState) => void;
  /** The text as the member sees it (`@Ada Lovelace`). */
  text: string;
  /** The text to send: each picked mention still in it as its markup (lib/mentions.ts). */
  stored: () => string;
  clear: () => void;
}

/** A composer's draft: `stored` is a saved text to edit (its markup shown as `@Name`), else empty. */
export function useMentionDraft(stored = ''): MentionDraft {
  const [state, setState] = useState<DraftState>(() => ({ ...fromStoredText(stored), caret: 0 }));
  return {
    state,
    setState,
    text: state.text,
    stored: () => toStoredText(state.text, state.mentions),
    clear: () => setState({ text: '', mentions: [], caret: 0 }),
  };
}

export interface MentionTextAreaProps {
  label: string;
  draft: MentionDraft;
  placeholder?: string;
  rows?: number;
  /** The writer's own id: mentioning oneself tells nobody, so they are not offered. */
  authorId?: string;
}

/** Typing pauses this long before the server is asked. */
const DEBOUNCE_MS = 150;

/**
 * A textarea where `@` and the start of a name offers members to mention (GET /api/members/mentions),
 * in a listbox under it: ArrowUp/Down move, Enter or Tab picks, Escape closes, a tap picks. The text
 * shows `@Name`; the draft remembers who was picked and turns them into markup when sent. Without a
 * network or a session the query fails quietly and the field is a plain textarea.
 */
export function MentionTextArea({ label, draft, placeholder, rows = 3, authorId }: MentionTextAreaProps) {
  const { text, mentions, caret } = draft.state;
  const textarea = useRef<HTMLTextAreaElement>(null);
  const listbox = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState(false);
  // Escape closes the list for this `@` until another one is typed.
  const [dismissed, setDismissed] = useState<number | null>(null);
  // Where the caret goes once a picked name is in the textarea.
  const caretAfterPick = useRef<number | null>(null);

  const query = mentionQueryAt(text, caret, mentions);
  const q = useDebounced(query ? serverQuery(query.typed) : '', DEBOUNCE_MS);
  const answer = useQuery({ ...memberQueries.mentions(q), enabled: q !== '', placeholderData: keepPreviousData });
  const suggestions = query && answer.data ? answer.data.filter((member) => member.id !== authorId && nameMatches(member.name, query.typed)) : [];
  const isOpen = focused && query !== null && query.start !== dismissed && suggestions.length > 0;

  useEffect(() => {
    if (query === null && dismissed !== null) setDismissed(null);
  }, [query, dismissed]);

  useLayoutEffect(() => {
    const at = caretAfterPick.current;
    if (at === null || !textarea.current) return;
    caretAfterPick.current = null;
    textarea.current.focus();
    textarea.current.setSelectionRange(at, at);
  });

  const caretNow = () => textarea.current?.selectionStart ?? text.length;

  const onInput = (next: string) => {
    const at = caretNow();
    draft.setState({ text: next, mentions: followEdit(text, next, at, mentions), caret: at });
  };

  const pick = (member: MentionSuggestion | undefined) => {
    if (!member || !query) return;
    const picked = pickMention(text, mentions, query, member);
    caretAfterPick.current = picked.caret;
    draft.setState(picked);
  };
  const byKey = (key: Key | null | undefined) => suggestions.find((member) => member.id === key);

  const onKeyDown = (event: KeyboardEvent) => {
    if (!isOpen) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      setDismissed(query.start);
    } else if (event.key === 'Tab' && !event.shiftKey) {
      // Tab picks the highlighted member, as Enter does (the autocomplete handles Enter).
      const active = textarea.current?.getAttribute('aria-activedescendant');
      const member = byKey(active ? document.getElementById(active)?.dataset.member : undefined);
      if (member) {
        event.preventDefault();
        pick(member);
      }
    }
  };

  return (
    <div className="mention-field">
      <Autocomplete inputValue={text} onInputChange={onInput}>
        <TextField
          className="field"
          // The autocomplete turns these off for a search box; a comment wants them as usual.
          spellCheck="true"
          autoCorrect="on"
          autoComplete="off"
          enterKeyHint="enter"
          onKeyDown={onKeyDown}
          onFocus={() => setFocused(true)}
          onBlur={(event) => setFocused(listbox.current?.contains(event.relatedTarget as Node | null) ?? false)}
        >
          <Label className="field__label">{label}</Label>
          <TextArea
            ref={textarea}
            className="field__input field__input--multiline"
            rows={rows}
            placeholder={placeholder}
            onSelect={() => {
              const at = caretNow();
              if (at !== caret) draft.setState({ ...draft.state, caret: at });
            }}
          />
          <Text slot="description" className="field__description">
            Type @ and a name to mention a member.
          </Text>
        </TextField>
        {isOpen ? (
          <ListBox
            ref={listbox}
            className="listbox mention-list"
            aria-label="Members to mention"
            items={suggestions}
            onAction={(key) => pick(byKey(key))}
          >
            {(member) => (
              <ListBoxItem id={member.id} textValue={member.name} className="listbox__item mention-list__item" data-member={member.id}>
                <Avatar person={nameParts(member.name, member.profileImageUrl)} size="sm" />
                <span>{member.name}</span>
              </ListBoxItem>
            )}
          </ListBox>
        ) : null}
      </Autocomplete>
    </div>
  );
}

/** The avatar's initials come from a first and a last name. */
function nameParts(name: string, profileImageUrl: string | null) {
  const words = name.split(' ');
  return { firstName: words[0], lastName: words.length > 1 ? words.at(-1) : null, profileImageUrl };
}

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
