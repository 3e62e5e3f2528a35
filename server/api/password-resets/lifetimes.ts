/*
 * How long a reset link lives, apart from the repo that writes the links: email confirmation links
 * follow the same rules without reaching the module that ends a member's links.
 */

/** A reset link works for an hour after it was issued. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
/** Used and expired links are kept this long (so a late click hears "used" or "expired"), then swept. */
export const PASSWORD_RESET_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
