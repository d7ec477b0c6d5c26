import { authCalls } from '@flybook/schemas/auth';
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { $session, client } from './session.ts';

/**
 * The account pages' login: without a session the visitor goes to the login page, which brings
 * them back here. `logout` ends the session on the server and goes home (not to the login page).
 */
export function useAccountSession({ loginPath, homePath }: { loginPath: string; homePath: string }) {
  const session = useStore($session);
  const leaving = useRef(false);

  useEffect(() => {
    if (!session && !leaving.current) {
      window.location.replace(`${loginPath}?next=${encodeURIComponent(window.location.pathname)}`);
    }
  }, [session, loginPath]);

  async function logout() {
    leaving.current = true;
    await client.call(authCalls.logout).catch(() => undefined); // the token ends here either way
    $session.set(undefined);
    window.location.assign(homePath);
  }

  return { session, logout };
}
