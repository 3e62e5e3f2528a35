import { describe, expect, it } from 'vitest';
import { followEdit, fromStoredText, mentionQueryAt, nameMatches, pickMention, serverQuery, toStoredText, type PickedMention } from './mentions';

const ADA = '0190a1b2-0000-7000-8000-000000000001';
const ADA_TWO = '0190a1b2-0000-7000-8000-000000000002';
const BOB = '0190a1b2-0000-7000-8000-000000000003';

/** Types `typed` at the caret as a textarea would, the mentions following the edit. */
function type(text: string, caret: number, mentions: PickedMention[], typed: string) {
  const next = text.slice(0, caret) + typed + text.slice(caret);
  return { text: next, mentions: followEdit(text, next, caret + typed.length, mentions), caret: caret + typed.length };
}

/** Deletes `count` characters before the caret (Backspace). */
function backspace(text: string, caret: number, mentions: PickedMention[], count = 1) {
  const next = text.slice(0, caret - count) + text.slice(caret);
  return { text: next, mentions: followEdit(text, next, caret - count, mentions), caret: caret - count };
}

describe('the composer text', () => {
  it('round-trips stored text: markup is shown as @Name and comes back the same', () => {
    const stored = `Thanks @[Ada Lovelace](${ADA}) and @[Bob](${BOB}), see @[Ada Lovelace](${ADA}).`;
    const shown = fromStoredText(stored);
    expect(shown.text).toBe('Thanks @Ada Lovelace and @Bob, see @Ada Lovelace.');
    expect(shown.mentions).toEqual([
      { start: 7, name: 'Ada Lovelace', id: ADA },
      { start: 25, name: 'Bob', id: BOB },
      { start: 35, name: 'Ada Lovelace', id: ADA },
    ]);
    expect(toStoredText(shown.text, shown.mentions)).toBe(stored);
  });

  it('picks a name with spaces in place of the typed query, with a space after it', () => {
    const typed = 'Hi @ada';
    const query = mentionQueryAt(typed, typed.length, []);
    expect(query).toEqual({ start: 3, end: 7, typed: 'ada' });
    const picked = pickMention(typed, [], query!, { id: ADA, name: 'Ada Lovelace' });
    expect(picked).toEqual({ text: 'Hi @Ada Lovelace ', mentions: [{ start: 3, name: 'Ada Lovelace', id: ADA }], caret: 17 });
    const more = type(picked.text, picked.caret, picked.mentions, 'how are you?');
    expect(toStoredText(more.text, more.mentions)).toBe(`Hi @[Ada Lovelace](${ADA}) how are you?`);
  });

  it('keeps a typed @Name that was never picked as plain text, even beside the same name picked', () => {
    expect(toStoredText('Hi @Ada Lovelace', [])).toBe('Hi @Ada Lovelace');
    const picked = pickMention('@Ad', [], { start: 0, end: 3 }, { id: ADA, name: 'Ada Lovelace' });
    const typed = type(picked.text, picked.caret, picked.mentions, 'and @Ada Lovelace by hand');
    expect(toStoredText(typed.text, typed.mentions)).toBe(`@[Ada Lovelace](${ADA}) and @Ada Lovelace by hand`);
  });

  it('keeps two members with the same name apart, wherever the second was picked', () => {
    let draft = pickMention('@Ad', [], { start: 0, end: 3 }, { id: ADA, name: 'Ada Lovelace' });
    draft = { ...draft, ...type(draft.text, draft.caret, draft.mentions, 'meet ') };
    // The second Ada is typed in front of the first one.
    const front = type(draft.text, 0, draft.mentions, '@Ad');
    draft = pickMention(front.text, front.mentions, mentionQueryAt(front.text, front.caret, front.mentions)!, { id: ADA_TWO, name: 'Ada Lovelace' });
    expect(draft.text).toBe('@Ada Lovelace @Ada Lovelace meet ');
    expect(toStoredText(draft.text, draft.mentions)).toBe(`@[Ada Lovelace](${ADA_TWO}) @[Ada Lovelace](${ADA}) meet `);
    // Deleting the first leaves the second its own member, although the text of both was the same.
    const deleted = draft.text.slice('@Ada Lovelace '.length);
    const after = followEdit(draft.text, deleted, 0, draft.mentions);
    expect(toStoredText(deleted, after)).toBe(`@[Ada Lovelace](${ADA}) meet `);
  });

  it('drops a removed mention, and one whose name was edited by hand', () => {
    const picked = pickMention('cc @Bo', [], { start: 3, end: 6 }, { id: BOB, name: 'Bob' });
    // Backspace into the name: the mention is gone, retyping the letter does not bring it back.
    const broken = backspace(picked.text, picked.caret - 1, picked.mentions);
    expect(broken.mentions).toEqual([]);
    const retyped = type(broken.text, broken.caret, broken.mentions, 'b');
    expect(toStoredText(retyped.text, retyped.mentions)).toBe('cc @Bob ');
    // The whole mention selected and deleted.
    expect(followEdit(picked.text, 'cc  ', 3, picked.mentions)).toEqual([]);
  });

  it('moves mentions with the text typed before them and keeps them through text typed after', () => {
    const picked = pickMention('@Bo', [], { start: 0, end: 3 }, { id: BOB, name: 'Bob' });
    const before = type(picked.text, 0, picked.mentions, 'Hello ');
    expect(before.mentions).toEqual([{ start: 6, name: 'Bob', id: BOB }]);
    const possessive = type(before.text, 10, before.mentions, "'s");
    expect(toStoredText(possessive.text, possessive.mentions)).toBe(`Hello @[Bob](${BOB})'s `);
    // Letters glued to the name make another word: plain, until they are deleted again.
    const glued = type(before.text, 10, before.mentions, 'by');
    expect(toStoredText(glued.text, glued.mentions)).toBe('Hello @Bobby ');
    const unglued = backspace(glued.text, glued.caret, glued.mentions, 2);
    expect(toStoredText(unglued.text, unglued.mentions)).toBe(`Hello @[Bob](${BOB}) `);
  });

  it('makes a name safe for the syntax when it is stored', () => {
    expect(toStoredText('@Odd]Name', [{ start: 0, name: 'Odd]Name', id: ADA }])).toBe(`@[Odd Name](${ADA})`);
  });
});

describe('the query being typed', () => {
  it('starts at an @ at a word start followed by a letter', () => {
    expect(mentionQueryAt('@', 1, [])).toBeNull();
    expect(mentionQueryAt('@1', 2, [])).toBeNull();
    expect(mentionQueryAt('mail me at maya@example', 23, [])).toBeNull();
    expect(mentionQueryAt('(@Jo', 4, [])).toEqual({ start: 1, end: 4, typed: 'Jo' });
    expect(mentionQueryAt('line\n@Ada Lo', 12, [])).toEqual({ start: 5, end: 12, typed: 'Ada Lo' });
    // Up to the caret only, and not beyond three words.
    expect(mentionQueryAt('@Ada Lovelace', 4, [])).toEqual({ start: 0, end: 4, typed: 'Ada' });
    expect(mentionQueryAt('@Ada is here and', 16, [])).toBeNull();
  });

  it('is not offered inside a picked mention', () => {
    const mentions = [{ start: 0, name: 'Ada Lovelace', id: ADA }];
    expect(mentionQueryAt('@Ada Lovelace', 13, mentions)).toBeNull();
    expect(mentionQueryAt('@Ada Lovelace', 4, mentions)).toBeNull();
  });

  it('asks the server for the first word and matches the rest on the names', () => {
    expect(serverQuery('Ada Lo')).toBe('Ada');
    expect(nameMatches('Ada Lovelace', 'ada lo')).toBe(true);
    expect(nameMatches('Ada Lovelace', 'Love')).toBe(true);
    expect(nameMatches('Ada Byron', 'ada lo')).toBe(false);
  });
});
