import { ADMINS } from '../../../contracts/constants';
import type { RoleId } from '../../../contracts/constants';

/**
 * Editors and admins both open the dashboard, but member figures and recent sign-ups (names and
 * emails) are for admins only: managing members is the admins' job (spec: Users, User management).
 */
export function seesMembers(role: RoleId): boolean {
  return ADMINS.includes(role);
}
