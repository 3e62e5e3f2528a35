import { createHmac, timingSafeEqual } from 'node:crypto';
import { Id } from '../../../contracts/common';
import { NotificationType } from '../../../contracts/notifications';

/*
 * The one-click unsubscribe token of notification mail (RFC 8058; docs/notifications.md): who and
 * which mail it stops, signed with an HMAC under the server's secret (SESSION_SECRET), so nobody can
 * make one for another member or another type. It needs no row and does not expire: the link in an
 * old mail keeps working, and all it can do is turn that mail off.
 */

/** What a token stops: one type's mail, or (`digest`) the daily digest of every type. */
export type UnsubscribeScope = NotificationType | 'digest';

function signature(secret: string, userId: string, scope: UnsubscribeScope): Buffer {
  return createHmac('sha256', secret).update(`notification-unsubscribe\n${userId}\n${scope}`).digest();
}

export function unsubscribeToken(secret: string, userId: string, scope: UnsubscribeScope): string {
  return `${userId}.${scope}.${signature(secret, userId, scope).toString('base64url')}`;
}

/** The member and scope a token names, or undefined when it is malformed or its signature is not ours. */
export function readUnsubscribeToken(secret: string, token: string): { userId: string; scope: UnsubscribeScope } | undefined {
  const [userId, scope, sig, ...rest] = token.split('.');
  if (rest.length || !Id.safeParse(userId).success || !sig) return undefined;
  if (scope !== 'digest' && !NotificationType.safeParse(scope).success) return undefined;
  const given = Buffer.from(sig, 'base64url');
  const expected = signature(secret, userId, scope as UnsubscribeScope);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return { userId, scope: scope as UnsubscribeScope };
}
