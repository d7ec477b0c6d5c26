import { createClient } from '@flybook/client';
import { persistentAtom } from '@nanostores/persistent';
import { SESSION_STORAGE_KEY } from './storage-keys.ts';

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

/** The API as the islands call it: with the session's token; a 401 ends the session. */
export const client = createClient({
  baseUrl: '/api',
  getToken: () => $session.get()?.token ?? null,
  onUnauthorized: () => $session.set(undefined),
});
