import { Link } from '@tanstack/react-router';
import { fullName, type PersonName } from '../../lib/format';
import './MemberLink.css';

export interface MemberLinkProps {
  /** The author or contributor; null for a deleted account. */
  person: (PersonName & { id?: string | null }) | null | undefined;
  /** What a person without a name is called (spec 2: 'Unknown User', 'Community Member'). */
  fallback?: string;
  className?: string;
}

/**
 * A person's name as a link to their public page (/members/{id}); plain text for a deleted account.
 * Used wherever a name appears: bylines, comments, discussions, replies, the leaderboard.
 */
export function MemberLink({ person, fallback = 'Unknown User', className }: MemberLinkProps) {
  const name = fullName(person, fallback);
  if (!person?.id) return <span className={className}>{name}</span>;
  return (
    <Link to="/members/$id" params={{ id: person.id }} className={['member-link', className].filter(Boolean).join(' ')}>
      {name}
    </Link>
  );
}
