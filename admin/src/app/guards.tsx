import {
  canOpenAdminRoute,
  firstPermittedTab,
  hasAdminSiteAccess,
  type MainMenuEntry,
} from '@flybook/domain';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useServices } from './context.tsx';
import { PublicLayout } from './layouts.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { DENY_PAGE_PATH, loginPathFor } from './paths.ts';
import { useCurrentUser } from './use-current-user.ts';

/**
 * The route guard of spec 01 §6 on every back-office path, decided by @flybook/domain:
 * logged out → login with the original location in `?to=`, not allowed → deny page, unknown path →
 * Not Found, allowed → the page (or Not Found while the page is not built yet).
 */
export function AdminGuard() {
  const { user } = useCurrentUser();
  const location = useLocation();
  const { lastAdminPath } = useServices();
  const access = canOpenAdminRoute(user, location.pathname);
  const path = `${location.pathname}${location.search}${location.hash}`;

  useEffect(() => {
    if (access === 'allow') lastAdminPath.current = path;
  }, [access, path, lastAdminPath]);

  switch (access) {
    case 'login':
      return <Navigate to={loginPathFor(location)} replace />;
    case 'deny':
      return <Navigate to={DENY_PAGE_PATH} replace />;
    case 'not-found':
      // Back-office users keep their menu around Not Found; everybody else sees the public frame.
      return user && hasAdminSiteAccess(user) ? (
        <Outlet />
      ) : (
        <PublicLayout>
          <NotFoundPage />
        </PublicLayout>
      );
    default:
      return <Outlet />;
  }
}

/** A bare section route (/flight, /user…) goes to the first tab the user may open, else to the deny page. */
export function SectionRedirect({ section }: { section: MainMenuEntry['section'] }) {
  const { user } = useCurrentUser();
  const { search } = useLocation();
  const target = firstPermittedTab(user, section);
  return <Navigate to={target ? `${target}${search}` : DENY_PAGE_PATH} replace />;
}
