import { isStaffRole, type RoleId } from '../../../contracts/constants';

/**
 * `?redirect=` is where a signed-in user goes next: only a path of this site. `//host` and `/\host`
 * are other sites to a browser, and it drops tabs and line breaks from a URL (so `/\t/host` is
 * `//host`): none of them is taken, nor anything with a scheme (`https:`, `javascript:`).
 */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || /[\u0000-\u001f\u007f\s]/.test(value)) return undefined;
  return /^\/(?![/\\])/.test(value) ? value : undefined;
}

/** The staff's day starts at the control panel's Overview (editors and admins both work there). */
export const STAFF_LANDING = '/admin';

/**
 * Where the sign-in form goes once signed in: where the person was going when sign-in was asked of
 * them, else the desk for staff (editors and admins) and home for members.
 */
export function landingAfterSignIn(role: RoleId | null | undefined, redirect: string | undefined): string {
  return safeRedirect(redirect) ?? (isStaffRole(role) ? STAFF_LANDING : '/');
}

/** A new account is a member's first visit: the welcome screen, never "Welcome back". */
export const SIGN_UP_LANDING = '/welcome';
