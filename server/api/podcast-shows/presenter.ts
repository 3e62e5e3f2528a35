import type { PodcastShow } from '../../../contracts/podcasts';
import { toIso } from '../../db/dialect';

export interface PodcastShowRow {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  host_name: string | null;
  image_url: string | null;
  display_order: number;
  created_at: unknown;
  updated_at: unknown;
}

/** A show's episode statistics, from one grouped query (repo.showStats). */
export interface ShowStats {
  episodeCount: number;
  /** Highest episode number in the show, any status; null when none is numbered. */
  maxEpisodeNumber: number | null;
}

/** `withNextNumber`: editors and admins get the number the episode forms suggest. */
export function presentPodcastShow(row: PodcastShowRow, stats: ShowStats | undefined, withNextNumber: boolean): PodcastShow {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    hostName: row.host_name,
    imageUrl: row.image_url,
    displayOrder: Number(row.display_order) || 0,
    episodeCount: stats?.episodeCount ?? 0,
    ...(withNextNumber ? { nextEpisodeNumber: (stats?.maxEpisodeNumber ?? 0) + 1 } : {}),
    createdAt: toIso(row.created_at)!,
    updatedAt: toIso(row.updated_at)!,
  };
}
