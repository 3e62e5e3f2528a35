import type { Article } from '../../../contracts/news';
import { Badge } from '../../components/Badge';

/** Category badges in their colours; a legacy single label, else 'General', when there are none. */
export function CategoryBadges({
  categories,
  legacyCategory,
}: {
  categories: Article['categories'];
  legacyCategory?: string | null;
}) {
  return (
    <ul className="badge-list" aria-label="Categories">
      {categories.length > 0 ? (
        categories.map((category) => (
          <li key={category.id}>
            <Badge color={category.color}>{category.name}</Badge>
          </li>
        ))
      ) : (
        <li>
          <Badge>{legacyCategory?.trim() || 'General'}</Badge>
        </li>
      )}
    </ul>
  );
}
