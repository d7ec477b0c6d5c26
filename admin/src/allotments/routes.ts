import type { AreaRoute } from '../app/routes.tsx';

/** The allotment section's pages: allotments, allotment invoices and an invoice's payment. */
export const ALLOTMENT_ROUTES: readonly AreaRoute[] = [
  {
    name: 'allotmentList',
    load: () => import('./AllotmentListPage.tsx').then((m) => ({ Component: m.AllotmentListPage })),
  },
  {
    name: 'allotmentInvoiceList',
    load: () =>
      import('./AllotmentInvoiceListPage.tsx').then((m) => ({ Component: m.AllotmentInvoiceListPage })),
  },
  {
    name: 'allotmentInvoicePayment',
    load: () =>
      import('./AllotmentInvoicePaymentPage.tsx').then((m) => ({ Component: m.AllotmentInvoicePaymentPage })),
  },
];
