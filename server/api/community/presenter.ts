import type { Contributor } from '../../../contracts/community';
import { fromJson, toInt } from '../../db/dialect';

/** The public profile columns a ranking needs; email, role and password hash are never selected. */
export interface ContributorRow {
  id: string;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  title: string | null;
  company: string | null;
  expertise_tags: unknown;
  points: unknown;
}

export function presentContributor(row: ContributorRow): Contributor {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    profileImageUrl: row.profile_image_url,
    title: row.title,
    company: row.company,
    expertiseTags: fromJson<string[]>(row.expertise_tags, []),
    points: toInt(row.points),
  };
}
