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
import * as listeningPositions from './20261130000000_listening_positions';
import * as episodeAudio from './20261201000000_episode_audio';
import * as audioDuration from './20261201010000_audio_duration';
import * as adminDesk from './20261202000000_admin_desk';
import * as dashboard from './20261202010000_dashboard';
import * as revisions from './20261202020000_revisions';
import * as contentList from './20261202030000_content_list';
import * as episodeNotifications from './20261202050000_episode_notifications';
import * as postEdits from './20261202060000_post_edits';
import * as communityHealth from './20261203000000_community_health';
import * as solved from './20261203010000_solved';
import * as reports from './20261203020000_reports';
import * as dashboardCounters from './20261203040000_dashboard_counters';
import * as reportSources from './20261204020000_report_sources';
import * as events from './20261205000000_events';
import * as cpd from './20261206000000_cpd';
import * as memberHome from './20261207000000_member_home';
import * as digestTopics from './20261207030000_digest_topics';
import * as transcripts from './20261208000000_transcripts';

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
  '20261202000000_admin_desk': adminDesk,
  '20261202010000_dashboard': dashboard,
  '20261202020000_revisions': revisions,
  '20261202030000_content_list': contentList,
  '20261202050000_episode_notifications': episodeNotifications,
  '20261202060000_post_edits': postEdits,
  '20261203000000_community_health': communityHealth,
  '20261203010000_solved': solved,
  '20261203020000_reports': reports,
  '20261203040000_dashboard_counters': dashboardCounters,
  '20261204020000_report_sources': reportSources,
  '20261205000000_events': events,
  '20261206000000_cpd': cpd,
  '20261207000000_member_home': memberHome,
  '20261207030000_digest_topics': digestTopics,
  '20261208000000_transcripts': transcripts,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name],
};
