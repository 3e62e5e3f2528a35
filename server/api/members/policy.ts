import { toBool } from '../../db/dialect';

/**
 * Who has a public page: active members only. A deactivated account's page is "not found" to
 * everyone (admins manage accounts on their own screens), and bylines leave it unlinked.
 */
export function hasPublicPage(member: { is_active: unknown }): boolean {
  return toBool(member.is_active);
}
