import { Link } from '@tanstack/react-router';
import { splitMentions } from '../../contracts/mentions';
import './MentionText.css';

/**
 * A comment's or reply's words with each mention drawn as a link to the member's page, `@Ada Lovelace`
 * (the stored markup, `@[Ada Lovelace](<id>)`, is never shown). The text is plain text, as before:
 * names and words are React text, never HTML, and the link's target is the id the syntax allows (a UUID).
 */
export function MentionText({ text }: { text: string }) {
  return splitMentions(text).map((segment, i) =>
    segment.kind === 'text' ? (
      segment.text
    ) : (
      <Link key={i} to="/members/$id" params={{ id: segment.id }} className="mention">
        @{segment.name}
      </Link>
    ),
  );
}
