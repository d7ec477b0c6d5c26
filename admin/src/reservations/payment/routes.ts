import type { AreaRoute } from '../../app/routes.tsx';

/** The reservation payment page; it loads on first visit, as a chunk of its own. */
export const RESERVATION_PAYMENT_ROUTES: readonly AreaRoute[] = [
  {
    name: 'reservationPayment',
    load: () => import('./ReservationPaymentPage.tsx').then((m) => ({ Component: m.ReservationPaymentPage })),
  },
];
