import type { Me } from '@flybook/schemas';
import { useGetIdentity } from '@refinedev/core';
import { useSyncExternalStore } from 'react';
import { useServices } from './context.tsx';
import { identityQueryKey } from './services.ts';

export type CurrentUser =
  | { status: 'loading'; user: null }
  | { status: 'error'; user: null; retry: () => void }
  | { status: 'ready'; user: Me | null };

/** The session token, re-rendering when it changes (login, logout, expiry, another tab). */
export function useSessionToken(): string | null {
  const { session } = useServices();
  return useSyncExternalStore(session.subscribe, session.getToken, session.getToken);
}

/**
 * The logged-in user from `user/me`. The query is keyed by the token, so a new login never shows
 * the previous user's cached data, and a cleared token means "logged out" at once.
 */
export function useCurrentUser(): CurrentUser {
  const token = useSessionToken();
  const identity = useGetIdentity<Me | null>({
    queryOptions: { queryKey: [...identityQueryKey(), token], enabled: token !== null, staleTime: 60_000 },
  });
  if (token === null) return { status: 'ready', user: null };
  if (identity.isPending) return { status: 'loading', user: null };
  if (identity.isError) return { status: 'error', user: null, retry: () => void identity.refetch() };
  return { status: 'ready', user: identity.data ?? null };
}
