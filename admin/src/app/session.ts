import { z } from 'zod';

/** Browser storage key of the login state; the version is part of the key (spec 01 §3: version 0.1). */
export const SESSION_STORAGE_KEY = 'flybook.session.v0.1';

// Only the token is persisted: loading flags or the user object would go stale across reloads.
const StoredSession = z.object({ token: z.string().min(1) });

export interface SessionStore {
  getToken(): string | null;
  /** Starts a session after a successful login. */
  setToken(token: string): void;
  /** Ends the session on purpose (logout). */
  clear(): void;
  /**
   * Ends the session because the server answered 401. Listeners of {@link onExpired} are told once,
   * even when several calls fail together; returns whether there was a session to end.
   */
  expire(): boolean;
  subscribe(listener: () => void): () => void;
  onExpired(listener: () => void): () => void;
}

function readToken(storage: Storage | null): string | null {
  const raw = storage?.getItem(SESSION_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed = StoredSession.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data.token : null;
  } catch {
    return null; // a hand-edited or foreign value is treated as logged out
  }
}

/** localStorage, or null where it is blocked (privacy mode, sandboxed frames): the session then lives in memory. */
export function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The login state, persisted under {@link SESSION_STORAGE_KEY} as `{ token }`. */
export function createSessionStore(storage: Storage | null = browserStorage()): SessionStore {
  let token = readToken(storage);
  const listeners = new Set<() => void>();
  const expiredListeners = new Set<() => void>();

  const write = (next: string | null) => {
    if (next === token) return;
    token = next;
    try {
      if (next === null) storage?.removeItem(SESSION_STORAGE_KEY);
      else storage?.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: next }));
    } catch {
      // storage full or blocked: the session still works for this tab
    }
    for (const listener of listeners) listener();
  };

  // A logout or login in another tab applies here too, so no tab keeps acting on a dead token.
  if (typeof window !== 'undefined' && storage) {
    window.addEventListener('storage', (event) => {
      if (event.key === SESSION_STORAGE_KEY) write(readToken(storage));
    });
  }

  return {
    getToken: () => token,
    setToken: (next) => write(next),
    clear: () => write(null),
    expire() {
      if (token === null) return false;
      write(null);
      for (const listener of expiredListeners) listener();
      return true;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onExpired(listener) {
      expiredListeners.add(listener);
      return () => expiredListeners.delete(listener);
    },
  };
}
