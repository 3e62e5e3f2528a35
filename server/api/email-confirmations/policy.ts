/** Whether a user row's current address is confirmed (docs/security.md §13). */
export function isEmailConfirmed(row: { email_confirmed_at?: unknown }): boolean {
  return Boolean(row.email_confirmed_at);
}
