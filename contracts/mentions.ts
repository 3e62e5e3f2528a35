/*
 * The mention syntax (docs/notifications.md): what the composer's autocomplete writes and both the
 * server (who to notify) and the client (how to draw it) read. Zod-free, so the PWA's reading pages
 * import it without the schema library; contracts/notifications.ts re-exports it.
 */

/**
 * The stored form of a mention: `@[Display Name](<member uuid>)`. The name is what the author saw
 * when they picked the member (kept so the text reads well anywhere); the id is who is meant.
 * A name holds no `]` and no line break; the id is a UUID.
 */
const MENTION = /@\[([^\]\r\n]{1,100})\]\(([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\)/g;

/** A piece of a text with mentions: plain text, or a mention with its shown name and member id. */
export type MentionSegment = { kind: 'text'; text: string } | { kind: 'mention'; name: string; id: string };

/** Splits `text` into plain runs and mentions, in order (the client renderer draws mentions as links). */
export function splitMentions(text: string): MentionSegment[] {
  const out: MentionSegment[] = [];
  let last = 0;
  for (const m of text.matchAll(MENTION)) {
    if (m.index > last) out.push({ kind: 'text', text: text.slice(last, m.index) });
    out.push({ kind: 'mention', name: m[1], id: m[2].toLowerCase() });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
}

/** The distinct member ids mentioned in `text`, in order of first appearance. */
export function mentionedIds(text: string): string[] {
  const ids = splitMentions(text).flatMap((s) => (s.kind === 'mention' ? [s.id] : []));
  return [...new Set(ids)];
}

/** What the composer inserts for a picked member (the name made safe for the syntax). */
export function mentionMarkup(name: string, id: string): string {
  const shown = name.replace(/[\]\r\n]/g, ' ').trim().slice(0, 100) || 'member';
  return `@[${shown}](${id})`;
}

/** The text as plain words: every mention becomes `@Name` (mail bodies, excerpts). */
export function mentionsAsText(text: string): string {
  return splitMentions(text)
    .map((s) => (s.kind === 'text' ? s.text : `@${s.name}`))
    .join('');
}

/**
 * The text with each mention named as `names` says (member id → their name now); a mention of an id
 * not in `names` (no such member, or not active) becomes plain `@Name`. The server stores replies and
 * comments through this, so a link to a member page always shows that member's own name.
 */
export function resolveMentions(text: string, names: ReadonlyMap<string, string>): string {
  return splitMentions(text)
    .map((s) => {
      if (s.kind === 'text') return s.text;
      const name = names.get(s.id);
      return name === undefined ? `@${s.name}` : mentionMarkup(name, s.id);
    })
    .join('');
}
