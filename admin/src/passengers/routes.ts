import type { AreaRoute } from '../app/routes.tsx';

/** Departure control's pages (under the flight section); each loads on first visit. */
export const PASSENGER_ROUTES: readonly AreaRoute[] = [
  {
    name: 'passengerList',
    load: () => import('./PassengerListPage.tsx').then((m) => ({ Component: m.PassengerListPage })),
  },
];
