import type { User } from '../../../contracts/auth';
import { presentUser, type UserRow } from '../users/presenter';

/**
 * The member's own profile: their user record as `/api/auth/session` gives it (their own email and
 * role included, shown read-only), never the password hash.
 */
export function presentProfile(row: UserRow): User {
  return presentUser(row);
}
