import type { AreaRoute } from '../app/routes.tsx';

/** The settings section's pages; each loads on first visit. */
export const SETTINGS_ROUTES: readonly AreaRoute[] = [
  {
    name: 'settingsAccount',
    load: () => import('./MyAccountPage.tsx').then((m) => ({ Component: m.MyAccountPage })),
  },
  {
    name: 'permissionList',
    load: () => import('./PermissionListPage.tsx').then((m) => ({ Component: m.PermissionListPage })),
  },
  {
    name: 'userPermissions',
    load: () => import('./UserPermissionsPage.tsx').then((m) => ({ Component: m.UserPermissionsPage })),
  },
  {
    name: 'entityLogList',
    load: () => import('./EntityLogListPage.tsx').then((m) => ({ Component: m.EntityLogListPage })),
  },
];
