import type { SessionResponse } from '../../contracts/auth';
import { apiFetch } from './client';

/**
 * Who the server says is signed in. The offline store never keeps this answer: the session module
 * (pwa/session/session.ts) records the user itself and answers from that record offline.
 */
export function fetchSession(signal?: AbortSignal): Promise<SessionResponse> {
  return apiFetch<SessionResponse>('/api/auth/session', { signal });
}
