import type { Role } from '../../../contracts/common';
import type { UploadKind } from '../../../contracts/uploads';
import { isStaffRole } from '../../../contracts/constants';

/** How many bytes of uploads each member may keep (docs/security.md §12). */
export interface UploadQuota {
  memberBytes: number;
  /** Editors and admins upload the site's images and episodes. */
  staffBytes: number;
}

const MB = 1_048_576;

export const DEFAULT_UPLOAD_QUOTA: UploadQuota = { memberBytes: 200 * MB, staffBytes: 10_000 * MB };

export const quotaFor = (quota: UploadQuota, role: Role) => (isStaffRole(role) ? quota.staffBytes : quota.memberBytes);

/** Audio is only ever an episode, and only editors and admins publish episodes. */
export const canUploadKind = (role: Role, kind: UploadKind) => kind !== 'audio' || isStaffRole(role);

/** `200 MB`, `1.5 MB`, `48 KB`: how the quota message says an amount. */
export function formatBytes(bytes: number): string {
  if (bytes < MB) return `${Math.round(bytes / 1024)} KB`;
  return `${Number((bytes / MB).toFixed(bytes < 10 * MB ? 1 : 0))} MB`;
}
