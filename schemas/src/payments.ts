import { z } from 'zod';
import { IdSchema, MoneySchema } from './common.ts';
import { defineCall } from './http.ts';
import { InvoiceStatusSchema, ReservationSchema, ReservationStatusSchema } from './reservations.ts';

/** A positive amount in CHF. */
export const PositiveMoney = MoneySchema.refine((value) => value > 0, {
  message: 'Amount must be greater than 0',
  params: { code: 'ERROR_MONEY_NOT_POSITIVE' },
});

/** `POST payment/reservation/invoice` (spec 02 §3 Payment). */
export const ReservationPaymentBody = z.object({
  amount: PositiveMoney,
  /** account, cash, transfer, or the code of a bank (ec) virtual account. */
  paymentTypeCode: z.string().min(1).max(40),
  reservationInvoiceId: IdSchema,
  /** The cash desk, bank or transfer account the money goes to; not used for account payments. */
  accountId: IdSchema.optional(),
});

export const ReservationPaymentAnswer = z.object({
  id: z.number().int(),
  reservation: ReservationSchema,
});

/** Where a card payment was started from: the return pages use it to go back to the right place. */
export const CARD_PAYMENT_SOURCES = [
  'customerReservation',
  'reservationList',
  'reservationPayment',
  'invoiceOverview',
  'agentAccount',
] as const;
export const CardPaymentSourceSchema = z.enum(CARD_PAYMENT_SOURCES);

/** A card transaction's state as Flybook keeps it (the provider's, plus expired). */
export const CARD_TRANSACTION_STATUSES = [
  'initialized',
  'authorized',
  'settled',
  'canceled',
  'failed',
  'expired',
] as const;
export const CardTransactionStatusSchema = z.enum(CARD_TRANSACTION_STATUSES);

/** The provider's transaction id: digits and letters. */
export const TransactionIdSchema = z.string().regex(/^[0-9A-Za-z]{1,40}$/);

export const CardTransactionSchema = z.object({
  transactionId: z.string(),
  status: CardTransactionStatusSchema,
  amount: z.number(),
  source: CardPaymentSourceSchema,
  reservationId: z.number().int().nullable(),
  agentId: z.number().int().nullable(),
  routeName: z.string().nullable(),
  /** The payment has been booked in the ledger (once, whichever of confirm, webhook or poll came first). */
  isBooked: z.boolean(),
  paymentPageUrl: z.string(),
  details: z.object({ fail: z.object({ message: z.string() }).nullable() }),
  createdAt: z.string(),
});
export type CardTransaction = z.infer<typeof CardTransactionSchema>;

/** A guest booking's key, as its booking answer carried it (`guestKey` of ReservationSchema). */
const GuestKeySchema = z.string().max(100);

export const CardReservationInitBody = z.object({
  source: CardPaymentSourceSchema.exclude(['agentAccount']),
  reservationId: IdSchema,
  amount: PositiveMoney,
  /** Language of the payment page and of the return pages. */
  locale: z.enum(['de', 'en', 'fr', 'sq']).default('en'),
  /** A guest paying their guest booking without a session: the key its booking answer carried. */
  guestKey: GuestKeySchema.optional(),
  /** The access key of manage my booking (a find or an e-mail link): pays what is open of that booking. */
  accessKey: z.string().max(100).optional(),
});

export const CardAgentInitBody = z.object({
  source: z.literal('agentAccount'),
  amount: PositiveMoney,
  agentId: IdSchema,
  /** The back-office route to return to after the payment (`/agent/payment?route=…`). */
  routeName: z.string().max(200).default('/reservation/list'),
});

export const TransactionBody = z.object({ transactionId: TransactionIdSchema });
const TransactionParams = z.object({ id: TransactionIdSchema });

export const TransactionReservationQuery = z.object({
  /** The booking's guest key: with it (or a session that may read the booking) the people are shown too. */
  guestKey: GuestKeySchema.optional(),
});

/**
 * The reservation a card transaction pays, as the public card result pages get it. Knowing the
 * transaction id shows only what the page needs without people: status, flights, amounts and paid
 * state. Passengers, the booker's contact details, owner, reservator and comment come only with the
 * booking's guest key or a session that may read the reservation (docs/security.md).
 */
export const CardPageReservationSchema = ReservationSchema.omit({ guestKey: true }).partial({
  passengers: true,
  billingInformation: true,
  owner: true,
  reservator: true,
  comment: true,
});
export type CardPageReservation = z.infer<typeof CardPageReservationSchema>;

/** What the public card-result pages poll (spec 02 §2). */
export const CardPaymentStatusSchema = z.object({
  transactionId: z.string(),
  status: CardTransactionStatusSchema,
  isBooked: z.boolean(),
  reservationStatus: ReservationStatusSchema,
  invoiceStatus: InvoiceStatusSchema,
  /** Until when an unpaid card booking holds its seats; null once paid or not a card booking. */
  expiresAt: z.string().nullable(),
  minutesLeft: z.number().int().nullable(),
  failMessage: z.string().nullable(),
});
export type CardPaymentStatus = z.infer<typeof CardPaymentStatusSchema>;

export const paymentCalls = {
  payInvoice: defineCall({
    method: 'POST',
    path: 'payment/reservation/invoice',
    summary:
      'Pays a reservation invoice by account, cash, bank (ec) or transfer; each method needs its own role, a partial amount ROLE_RESERVATION_INVOICE_ADD_PARTIAL_PAYMENT',
    auth: 'user',
    roles: 'ROLE_RESERVATION_INVOICE_ADD_PAYMENT',
    body: ReservationPaymentBody,
    response: ReservationPaymentAnswer,
    status: 201,
  }),
  cardReservationInit: defineCall({
    method: 'POST',
    path: 'payment/datatrans/reservation/init',
    summary:
      'Starts a card payment of a reservation at the provider; guests for their own guest booking within its payment window',
    auth: 'public',
    keyed: true,
    body: CardReservationInitBody,
    response: z.object({ transactionId: z.string() }),
    status: 201,
  }),
  cardAgentInit: defineCall({
    method: 'POST',
    path: 'payment/datatrans/agent/init',
    summary: "Starts a card payment that charges an agent's account",
    auth: 'user',
    roles: 'ROLE_BALANCE_LOG_RECORD_BASIC_PAYMENT_CHARGE_ACCOUNT',
    body: CardAgentInitBody,
    response: z.object({ transactionId: z.string() }),
    status: 201,
  }),
  cardStart: defineCall({
    method: 'POST',
    path: 'public/payment/datatrans/start',
    summary: "The provider's payment page for a started transaction",
    auth: 'public',
    keyed: true,
    body: TransactionBody,
    response: z.object({ transactionId: z.string(), paymentPageUrl: z.string() }),
  }),
  cardConfirm: defineCall({
    method: 'POST',
    path: 'payment/datatrans/transaction/confirm',
    summary:
      'Reads the transaction from the provider, settles it and books the payment once; a repeat books nothing',
    auth: 'user',
    body: TransactionBody,
    response: CardTransactionSchema,
  }),
  cardUpdate: defineCall({
    method: 'POST',
    path: 'payment/datatrans/transaction/update',
    summary:
      'Reads a failed or cancelled transaction from the provider; the failure is at details.fail.message',
    auth: 'user',
    body: TransactionBody,
    response: CardTransactionSchema,
  }),
  cardTransaction: defineCall({
    method: 'GET',
    path: 'payment/datatrans/transaction/{id}',
    summary: 'A card transaction as Flybook knows it',
    auth: 'user',
    params: TransactionParams,
    response: CardTransactionSchema,
  }),
  transactionReservation: defineCall({
    method: 'GET',
    path: 'transaction/{id}/reservation',
    summary:
      'The reservation a card transaction pays, for the card result pages: without the guest key or a session that may read it, no passengers nor contact details',
    auth: 'public',
    keyed: true,
    params: TransactionParams,
    query: TransactionReservationQuery,
    response: CardPageReservationSchema,
  }),
  cardPaymentStatus: defineCall({
    method: 'GET',
    path: 'public/reservation/{reservationId}/transaction/{id}/status',
    summary:
      'Where a card payment stands, for the public result pages; settles and books an authorized payment like confirm',
    auth: 'public',
    keyed: true,
    params: z.object({ reservationId: IdSchema, id: TransactionIdSchema }),
    response: CardPaymentStatusSchema,
  }),
};
