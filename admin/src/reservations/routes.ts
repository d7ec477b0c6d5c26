import type { AreaRoute } from '../app/routes.tsx';

/** The reservation area's pages; each loads on first visit, as a chunk of its own. */
export const RESERVATION_ROUTES: readonly AreaRoute[] = [
  {
    name: 'reservationList',
    load: () => import('./list/ReservationListPage.tsx').then((m) => ({ Component: m.ReservationListPage })),
  },
  {
    name: 'reservationNew',
    load: () =>
      import('./wizard/ReservationWizardPage.tsx').then((m) => ({ Component: m.ReservationNewPage })),
  },
  {
    name: 'reservationEdit',
    load: () =>
      import('./wizard/ReservationWizardPage.tsx').then((m) => ({ Component: m.ReservationEditPage })),
  },
  {
    name: 'invoiceOverview',
    load: () =>
      import('./invoice-overview/InvoiceOverviewPage.tsx').then((m) => ({
        Component: m.InvoiceOverviewPage,
      })),
  },
  {
    name: 'reservationHistory',
    load: () =>
      import('./history/ReservationHistoryPage.tsx').then((m) => ({ Component: m.ReservationHistoryPage })),
  },
  {
    name: 'reservationPayment',
    load: () =>
      import('./payment/ReservationPaymentPage.tsx').then((m) => ({ Component: m.ReservationPaymentPage })),
  },
];
