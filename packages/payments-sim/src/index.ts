export { TEST_CARDS } from './cards.ts';
export { SIM_DEFAULTS } from './defaults.ts';
export type { PaymentsSimOptions } from './options.ts';
export { payWithTestCard, type TestPaymentOutcome } from './pay-with-test-card.ts';
export { signWebhookBody } from './signature.ts';
export { createPaymentsSim, paymentsSimRoutes } from './sim.ts';
export type {
  FailReason,
  HistoryEntry,
  TransactionStatus,
  TransactionStatusBody,
  TransactionType,
} from './transactions.ts';
