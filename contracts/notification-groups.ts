/** A name as a group line shows it: the first name, else the last, else "Someone" (a deleted account). */
export function shortName(person: { firstName: string | null; lastName: string | null } | null): string {
  return person?.firstName?.trim() || person?.lastName?.trim() || 'Someone';
}

/**
 * Who acted, for a group's sentence: "Maya", "Maya and Tom", "Maya and 2 others" (the newest
 * actor named first). Shared by the list and the digest mail so both say the same.
 */
export function actorsPhrase(actors: ReadonlyArray<{ firstName: string | null; lastName: string | null } | null>, actorCount: number): string {
  const first = shortName(actors[0] ?? null);
  if (actorCount <= 1) return first;
  if (actorCount === 2) return `${first} and ${shortName(actors[1] ?? null)}`;
  return `${first} and ${actorCount - 1} others`;
}
