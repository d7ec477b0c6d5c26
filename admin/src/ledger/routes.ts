import type { AreaRoute } from '../app/routes.tsx';

/** The ledger section's pages (balance log, new transaction) and the charge-account return page. */
export const ACCOUNTING_ROUTES: readonly AreaRoute[] = [
  {
    name: 'balanceLog',
    load: () => import('./BalanceLogPage.tsx').then((m) => ({ Component: m.BalanceLogPage })),
  },
  {
    name: 'newTransaction',
    load: () => import('./NewTransactionPage.tsx').then((m) => ({ Component: m.NewTransactionPage })),
  },
  {
    name: 'agentPayment',
    load: () => import('./AgentPaymentPage.tsx').then((m) => ({ Component: m.AgentPaymentPage })),
  },
];
