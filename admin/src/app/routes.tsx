import { type AdminRouteName, adminRouteByName, MAIN_MENU } from '@flybook/domain';
import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { ALLOTMENT_ROUTES } from '../allotments/routes.ts';
import { FLIGHT_ROUTES } from '../flights/routes.ts';
import { ACCOUNTING_ROUTES } from '../ledger/routes.ts';
import { MESSAGE_ROUTES } from '../messages/routes.ts';
import { PASSENGER_ROUTES } from '../passengers/routes.ts';
import { RATE_ROUTES } from '../rates/routes.ts';
import { RESERVATION_ROUTES } from '../reservations/routes.ts';
import { SETTINGS_ROUTES } from '../settings/routes.ts';
import { USER_ROUTES } from '../users/routes.ts';
import { DenyPage } from './DenyPage.tsx';
import { AdminGuard, SectionRedirect } from './guards.tsx';
import { AdminLayoutRoute } from './layouts.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { DEFAULT_ADMIN_PATH } from './paths.ts';
import { RefineRoot, RouteLoading } from './RefineRoot.tsx';

/** A page of an area, loaded on first visit so the shell stays small. */
export interface AreaRoute {
  /** The route of @flybook/domain's ADMIN_ROUTES the page renders; its path and guard come from there. */
  name: AdminRouteName;
  load: () => Promise<{ Component: ComponentType }>;
}

/**
 * The pages of the areas. Each area adds its pages here as it is built, e.g.
 *
 *   { name: 'flightList', load: () => import('../flights/FlightListPage.tsx').then((m) => ({ Component: m.FlightListPage })) },
 *
 * A route without a page shows Not Found (to a user who may open it) until its page is added.
 */
export const AREA_ROUTES: readonly AreaRoute[] = [
  ...ACCOUNTING_ROUTES,
  ...ALLOTMENT_ROUTES,
  ...FLIGHT_ROUTES,
  ...PASSENGER_ROUTES,
  ...RESERVATION_ROUTES,
  ...RATE_ROUTES,
  ...USER_ROUTES,
  ...SETTINGS_ROUTES,
  ...MESSAGE_ROUTES,
];

/** The router table under /admin: login, password update, deny, and every guarded back-office path. */
export function createAdminRoutes(areaRoutes: readonly AreaRoute[] = AREA_ROUTES): RouteObject[] {
  return [
    {
      element: <RefineRoot />,
      hydrateFallbackElement: <RouteLoading />,
      children: [
        // Only logged-out visitors need the login form (and its form library): it loads on demand.
        {
          path: 'login',
          lazy: () => import('./LoginPage.tsx').then((module) => ({ Component: module.LoginPage })),
        },
        // The recovery e-mail's link, open to everyone whether logged in or not, so outside the guard
        // (@flybook/domain's route table does not know it). Lazy for the same reason as login.
        {
          path: 'updatePassword/:recoveryToken',
          lazy: () =>
            import('./UpdatePasswordPage.tsx').then((module) => ({ Component: module.UpdatePasswordPage })),
        },
        { path: 'deny', element: <DenyPage /> },
        // /admin itself has no page of its own: it opens the default page (or login)
        { index: true, element: <Navigate to={DEFAULT_ADMIN_PATH} replace /> },
        {
          element: <AdminGuard />,
          children: [
            {
              element: <AdminLayoutRoute />,
              children: [
                ...MAIN_MENU.map((entry) => ({
                  path: entry.path.slice(1),
                  element: <SectionRedirect section={entry.section} />,
                })),
                ...areaRoutes.map((route) => ({
                  path: adminRouteByName(route.name).path.slice(1),
                  lazy: route.load,
                })),
                { path: '*', element: <NotFoundPage /> },
              ],
            },
          ],
        },
      ],
    },
  ];
}
