import { mentionMarkup, splitMentions } from '../../contracts/mentions';

/*
 * The composer's text model for @mentions (docs/notifications.md, "Mentions in the composer"). The
 * textarea shows `@Ada Lovelace`; the member it means is remembered beside the text as a picked
 * mention at an offset, and follows the text as it is edited. Only on submit does a picked mention
 * still standing where it was become the stored markup `@[Ada Lovelace](<id>)`. Positions rather than
 * names: two members with one name, or the same name typed by hand beside a picked one, stay apart.
 */

/** A member picked from the suggestions: `@` + `name` starts at `start` in the shown text. */
export interface PickedMention {
  start: number;
  name: string;
  id: string;
}

/** Letters, digits and `_`: a mention starts after none of them (not inside an email) and ends before none. */
const WORD_CHAR = /[\p{L}\p{M}\p{N}_]/u;
const isWordChar = (char: string | undefined) => char !== undefined && WORD_CHAR.test(char);

const mentionEnd = (mention: PickedMention) => mention.start + 1 + mention.name.length;

/** Whether the text still holds `@Name` at the mention's place, as a whole word. */
function stands(text: string, mention: PickedMention): boolean {
  return (
    text.startsWith(`@${mention.name}`, mention.start) && !isWordChar(text[mention.start - 1]) && !isWordChar(text[mentionEnd(mention)])
  );
}

/**
 * The text to send: each picked mention still standing becomes `mentionMarkup(name, id)`; everything
 * else, a typed `@Name` never picked included, stays as written.
 */
export function toStoredText(text: string, mentions: readonly PickedMention[]): string {
  let out = '';
  let at = 0;
  for (const mention of [...mentions].sort((a, b) => a.start - b.start)) {
    if (mention.start < at || !stands(text, mention)) continue;
    out += text.slice(at, mention.start) + mentionMarkup(mention.name, mention.id);
    at = mentionEnd(mention);
  }
  return out + text.slice(at);
}

/** Stored text (with markup) as the composer shows it, and its mentions: for editing a saved text. */
export function fromStoredText(stored: string): { text: string; mentions: PickedMention[] } {
  let text = '';
  const mentions: PickedMention[] = [];
  for (const segment of splitMentions(stored)) {
    if (segment.kind === 'text') {
      text += segment.text;
    } else {
      mentions.push({ start: text.length, name: segment.name, id: segment.id });
      text += `@${segment.name}`;
    }
  }
  return { text, mentions };
}

/**
 * The mentions after the text changed from `before` to `after` with the caret at `caret`: those
 * before the edit stay, those after it move with the text, one the edit touched is dropped (a name
 * changed by hand is plain text). The caret ends the edit, which tells where it was when the diff
 * alone cannot ("@Ada @Ada" to "@Ada": which one went?).
 */
export function followEdit(before: string, after: string, caret: number, mentions: readonly PickedMention[]): PickedMention[] {
  if (before === after) return [...mentions];
  const shorter = Math.min(before.length, after.length);
  let suffix = 0;
  const suffixMax = Math.min(shorter, after.length - caret);
  while (suffix < suffixMax && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix++;
  let prefix = 0;
  while (prefix < shorter - suffix && before[prefix] === after[prefix]) prefix++;
  const changedEnd = before.length - suffix;
  const shift = after.length - before.length;
  return mentions.flatMap((mention) => {
    if (mentionEnd(mention) <= prefix) return [mention];
    if (mention.start >= changedEnd) return [{ ...mention, start: mention.start + shift }];
    return [];
  });
}

/** The `@query` being typed at the caret: where its `@` is and the words after it. */
export interface MentionQuery {
  start: number;
  end: number;
  /** What follows the `@` up to the caret: a name's start, up to three words ("Ada Lo"). */
  typed: string;
}

/** `@` at a word start, a letter, then name characters; up to two spaces so a full name can be typed. */
const TYPED_QUERY = /(?:^|[^\p{L}\p{M}\p{N}_])@(\p{L}[\p{L}\p{M}\p{N}'’.-]*(?: [\p{L}\p{M}\p{N}'’.-]*){0,2})$/u;
const QUERY_MAX = 50;

/** The query being typed at `caret`, or null: not after `@` + a letter, or inside a picked mention. */
export function mentionQueryAt(text: string, caret: number, mentions: readonly PickedMention[]): MentionQuery | null {
  const match = TYPED_QUERY.exec(text.slice(0, caret));
  const typed = match?.[1];
  if (!typed || typed.length > QUERY_MAX) return null;
  const start = caret - typed.length - 1;
  if (mentions.some((mention) => mention.start <= start && start < mentionEnd(mention))) return null;
  return { start, end: caret, typed };
}

/** What the server is asked (`q`: one name's prefix, the first word typed). */
export const serverQuery = (typed: string) => typed.split(' ')[0]!;

/** Whether a suggested name fits all that was typed: a word of it starts with the typed words. */
export function nameMatches(name: string, typed: string): boolean {
  const wanted = typed.toLocaleLowerCase();
  const words = name.toLocaleLowerCase().split(/\s+/);
  return words.some((_, i) => words.slice(i).join(' ').startsWith(wanted));
}

/**
 * Picks `member` for the query: `@Name` and a space replace the typed `@query`, the mention is
 * remembered, the others move with the text, and the caret goes after the space.
 */
export function pickMention(
  text: string,
  mentions: readonly PickedMention[],
  query: Pick<MentionQuery, 'start' | 'end'>,
  member: { id: string; name: string },
): { text: string; mentions: PickedMention[]; caret: number } {
  const rest = text.slice(query.end);
  const inserted = `@${member.name}${/^\s/.test(rest) ? '' : ' '}`;
  const next = text.slice(0, query.start) + inserted + rest;
  const caret = query.start + inserted.length;
  const moved = followEdit(text, next, caret, mentions);
  return { text: next, mentions: [...moved, { start: query.start, name: member.name, id: member.id }], caret };
}
