import type { Revision, RevisionSummary } from '../../../contracts/revisions';
import { revisionData, revisionTime, type RevisionRow } from './repo';

export function presentRevisionSummary(row: RevisionRow): RevisionSummary {
  return { id: row.id, author: { id: row.author_id, name: row.author_name }, createdAt: revisionTime(row) };
}

export function presentRevision(row: RevisionRow): Revision {
  return { ...presentRevisionSummary(row), data: revisionData(row) };
}
