import type { MemberRef } from '../../../contracts/profile';
import { Avatar } from '../../components/Avatar';
import { MemberLink } from '../content';

/**
 * 'By {name}, {title}' under an article's heading, the name linking to the author's page. Nothing
 * when the author has no public page (account deleted or deactivated: the API sends null).
 */
export function AuthorByline({ author }: { author: MemberRef | null | undefined }) {
  if (!author) return null;
  return (
    <p className="byline">
      <Avatar person={author} size="sm" />
      <span>
        By <MemberLink person={author} className="byline__name" />
        {author.title ? <span className="byline__title">, {author.title}</span> : null}
      </span>
    </p>
  );
}
