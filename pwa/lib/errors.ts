/** A non-ok API answer (apiFetch): its status, "<status>: <body text or status text>" and the parsed JSON body. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    /** The parsed body when the server answered with JSON (normally `{ message, code, errors? }`). */
    readonly body: unknown,
  ) {
    super(message);
  }
}

/** The server's `message` from an ApiError body (`{ message, code, errors? }`), else `fallback`. */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && isRecord(error.body) && typeof error.body.message === 'string' && error.body.message) {
    return error.body.message;
  }
  return fallback;
}

/** The server's per-field messages (`errors: { field: [msg] }`), or {} when there are none. */
export function serverFieldErrors(error: unknown): Record<string, string[]> {
  if (!(error instanceof ApiError) || !isRecord(error.body) || !isRecord(error.body.errors)) return {};
  const result: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(error.body.errors)) {
    if (Array.isArray(messages)) result[field] = messages.filter((m): m is string => typeof m === 'string');
  }
  return result;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Thrown by a read that got no answer (offline, server unreachable) when nothing was kept on the
 * device for it: the offline store throws it, screens show the offline notice for it.
 */
export class OfflineError extends Error {
  override readonly name = 'OfflineError';

  constructor() {
    super('You are offline and this content is not saved on this device.');
  }
}
