import type { Role } from '../../../../contracts/common';
import { Badge, ROLE_TONES } from '../../../components/Badge';
import { ROLE_LABELS } from '../labels';

/** Spec 6 role colours: subscriber blue, contributor green, editor purple, admin red. */
export function RoleBadge({ role }: { role: Role }) {
  return <Badge tone={ROLE_TONES[role]}>{ROLE_LABELS[role]}</Badge>;
}

export function ActiveBadge({ isActive }: { isActive: boolean }) {
  return <Badge tone={isActive ? 'green' : 'neutral'}>{isActive ? 'Active' : 'Inactive'}</Badge>;
}
