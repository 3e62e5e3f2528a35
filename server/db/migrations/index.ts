import type { Knex } from 'knex';
import * as initial from './20261122000000_initial';
import * as uploads from './20261122010000_uploads';
import * as search from './20261122020000_search';
import * as idempotency from './20261122030000_idempotency';
import * as editorListIndex from './20261122040000_editor_list_index';
import * as invitationTokens from './20261124000000_invitation_tokens';
import * as rateLimits from './20261124010000_rate_limits';
import * as objectVariants from './20261124100000_object_variants';
import * as podcastShows from './20261124130000_podcast_shows';
import * as leases from './20261125000000_leases';
import * as mail from './20261126000000_mail';
import * as notifications from './20261127000000_notifications';
import * as readingList from './20261128000000_reading_list';
import * as emailConfirmations from './20261129010000_email_confirmations';
import * as twoFactor from './20261129020000_two_factor';
import * as episodeAudio from './20261201000000_episode_audio';
import * as audioDuration from './20261201010000_audio_duration';
import * as listeningPositions from './20261130000000_listening_positions';

/**
 * Migrations are listed here, in order, rather than discovered on disk, so that they load the same
 * way under tsx, vitest and any bundler. Never edit a landed migration: add a new one.
 */
const migrations: Record<string, Knex.Migration> = {
  '20261122000000_initial': initial,
  '20261122010000_uploads': uploads,
  '20261122020000_search': search,
  '20261122030000_idempotency': idempotency,
  '20261122040000_editor_list_index': editorListIndex,
  '20261124000000_invitation_tokens': invitationTokens,
  '20261124010000_rate_limits': rateLimits,
  '20261124100000_object_variants': objectVariants,
  '20261124130000_podcast_shows': podcastShows,
  '20261125000000_leases': leases,
  '20261126000000_mail': mail,
  '20261127000000_notifications': notifications,
  '20261128000000_reading_list': readingList,
  '20261129010000_email_confirmations': emailConfirmations,
  '20261129020000_two_factor': twoFactor,
  '20261130000000_listening_positions': listeningPositions,
  '20261201000000_episode_audio': episodeAudio,
  '20261201010000_audio_duration': audioDuration,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name],
};
