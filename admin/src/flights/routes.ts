import type { AreaRoute } from '../app/routes.tsx';

/** The flight area's pages; each loads on first visit. */
export const FLIGHT_ROUTES: readonly AreaRoute[] = [
  {
    name: 'flightList',
    load: () => import('./FlightListPage.tsx').then((m) => ({ Component: m.FlightListPage })),
  },
  {
    name: 'flightNew',
    load: () => import('./FlightFormPage.tsx').then((m) => ({ Component: m.FlightNewPage })),
  },
  {
    name: 'flightEdit',
    load: () => import('./FlightFormPage.tsx').then((m) => ({ Component: m.FlightEditPage })),
  },
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
  {
    name: 'cancelledFlightList',
    load: () =>
      import('./cancelled/CancelledFlightsPage.tsx').then((m) => ({ Component: m.CancelledFlightsPage })),
  },
  {
    name: 'aircraftTemplateList',
    load: () =>
      import('./aircraft-templates/AircraftTemplateListPage.tsx').then((m) => ({
        Component: m.AircraftTemplateListPage,
      })),
  },
  {
    name: 'aircraftTemplateNew',
    load: () =>
      import('./aircraft-templates/AircraftTemplateFormPage.tsx').then((m) => ({
        Component: m.AircraftTemplateNewPage,
      })),
  },
  {
    name: 'aircraftTemplateEdit',
    load: () =>
      import('./aircraft-templates/AircraftTemplateFormPage.tsx').then((m) => ({
        Component: m.AircraftTemplateEditPage,
      })),
  },
];
