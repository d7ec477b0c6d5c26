import type { AreaRoute } from '../app/routes.tsx';

/** The flight area's pages built so far (airline companies); each loads on first visit. */
export const FLIGHT_ROUTES: readonly AreaRoute[] = [
  {
    name: 'flightCompanyList',
    load: () => import('./AirlineCompanyListPage.tsx').then((m) => ({ Component: m.AirlineCompanyListPage })),
  },
  {
    name: 'flightCompanyNew',
    load: () => import('./AirlineCompanyFormPage.tsx').then((m) => ({ Component: m.AirlineCompanyNewPage })),
  },
  {
    name: 'flightCompanyEdit',
    load: () => import('./AirlineCompanyFormPage.tsx').then((m) => ({ Component: m.AirlineCompanyEditPage })),
  },
];
