import { createClient } from '@flybook/client';
import { persistentAtom } from '@nanostores/persistent';
import { SESSION_EXPIRED_KEY, SESSION_STORAGE_KEY } from './storage-keys.ts';

export interface StoredSession {
  token: string;
}

/**
 * Only the token is kept: loading flags or the user would go stale across reloads. Logged out is
 * `undefined`, which removes the key from storage (the back office reads the same key).
 */
export const $session = persistentAtom<StoredSession | undefined>(SESSION_STORAGE_KEY, undefined, {
  encode: (value) => JSON.stringify(value),
  decode: (raw) => {
    try {
      const parsed: unknown = JSON.parse(raw);
      return typeof parsed === 'object' &&
        parsed !== null &&
        typeof (parsed as StoredSession).token === 'string'
        ? { token: (parsed as StoredSession).token }
        : undefined;
    } catch {
      return undefined; // a hand-edited or foreign value counts as logged out
    }
  },
});

/**
 * A 401 to a logged-in visitor ended their session (spec 01 §4): the login they are sent to says
 * so once ("The session has expired. Login again.").
 */
function endExpiredSession() {
  if ($session.get()) {
    try {
      sessionStorage.setItem(SESSION_EXPIRED_KEY, '1');
    } catch {
      // storage blocked: the login simply opens without the notice
    }
  }
  $session.set(undefined);
}

/** Whether the last session ended by expiring; asking clears it, so the notice shows once. */
export function sessionExpiredOnce(): boolean {
  try {
    const expired = sessionStorage.getItem(SESSION_EXPIRED_KEY) !== null;
    sessionStorage.removeItem(SESSION_EXPIRED_KEY);
    return expired;
  } catch {
    return false;
  }
}

/** The API as the islands call it: with the session's token; a 401 ends the session. */
export const client = createClient({
  baseUrl: '/api',
  getToken: () => $session.get()?.token ?? null,
  onUnauthorized: endExpiredSession,
});
