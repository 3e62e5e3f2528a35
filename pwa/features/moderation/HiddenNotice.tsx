import { HIDDEN_PLACEHOLDER } from '../../../contracts/moderation-constants';
import type { HiddenState } from '../../../contracts/moderation';
import './moderation.css';

/**
 * In place of a hidden comment or reply's words. Others get no words from the server and
 * read the placeholder; its author and moderators read the words, marked, with the reason.
 */
export function HiddenNotice({ hidden, hasWords }: { hidden: HiddenState; hasWords: boolean }) {
  if (!hasWords) return <p className="hidden-notice">{HIDDEN_PLACEHOLDER}</p>;
  return (
    <p className="hidden-notice hidden-notice--marked">
      Hidden by a moderator{hidden.reason ? `: ${hidden.reason}` : '.'} Only you and the moderators can see it.
    </p>
  );
}
