import type { Role } from '../../../contracts/common';
import { ROLE_NAMES, ROLES } from '../../../contracts/constants';

export const ROLE_LABELS: Record<Role, string> = ROLE_NAMES;

export const ROLE_OPTIONS = ROLES.map((role) => ({ id: role, label: ROLE_LABELS[role] }));

export function isRole(value: unknown): value is Role {
  return (ROLES as readonly unknown[]).includes(value);
}
