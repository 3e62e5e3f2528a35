import type { ListeningItem, ListeningRecord } from '../../../contracts/listening';
import { toBool, toIso } from '../../db/dialect';
import type { ListeningListRow, ListeningRow } from './repo';

export function presentListening(row: ListeningRow): ListeningRecord {
  return {
    episodeId: row.episode_id,
    positionSeconds: Number(row.position_seconds),
    durationSeconds: row.duration_seconds === null || row.duration_seconds === undefined ? null : Number(row.duration_seconds),
    finished: toBool(row.finished),
    deviceTime: toIso(row.device_time)!,
    updatedAt: toIso(row.updated_at)!,
  };
}

export function presentListeningItem(row: ListeningListRow): ListeningItem {
  return { ...presentListening(row), title: row.title, imageUrl: row.image_url };
}
