import type {
  AccountSchema,
  ApiErrorItem,
  BalanceLogRecordSchema,
  BalanceLogTypeSchema,
  CardTransactionSchema,
  VirtualAccountSchema,
} from '@flybook/schemas';
import type { z } from 'zod';
import type { FakeRequest } from './fake-api.ts';

type Account = z.input<typeof AccountSchema>;
type VirtualAccount = z.input<typeof VirtualAccountSchema>;
type BalanceLogType = z.input<typeof BalanceLogTypeSchema>;
type BalanceLogRecord = z.input<typeof BalanceLogRecordSchema>;
type CardTransaction = z.input<typeof CardTransactionSchema>;

const text = (en: string, de: string, fr: string, sq: string) => ({ en, de, fr, sq });

/** The record categories in the seed's order (ids 1…8). */
export const BALANCE_LOG_TYPES: BalanceLogType[] = [
  { id: 1, code: 'cashback', name: text('Cashback', 'Cashback', 'Cashback', 'Rimbursim') },
  {
    id: 2,
    code: 'prepaid_deposit',
    name: text('Prepaid deposit', 'Vorauszahlung', 'Dépôt prépayé', 'Depozitë e parapaguar'),
  },
  { id: 3, code: 'settlement', name: text('Settlement', 'Auszahlung', 'Règlement', 'Shlyerje') },
  { id: 4, code: 'payment', name: text('Payment', 'Zahlung', 'Paiement', 'Pagesë') },
  {
    id: 5,
    code: 'card_payment',
    name: text('Card payment', 'Kartenzahlung', 'Paiement par carte', 'Pagesë me kartë'),
  },
  {
    id: 6,
    code: 'charge_account',
    name: text('Account charge', 'Kontoaufladung', 'Recharge du compte', 'Rimbushje'),
  },
  { id: 7, code: 'refund', name: text('Refund', 'Rückerstattung', 'Remboursement', 'Rimbursim parash') },
  { id: 8, code: 'correction', name: text('Correction', 'Korrektur', 'Correction', 'Korrigjim') },
];

const FREE_CODES = new Set(['cashback', 'prepaid_deposit', 'settlement', 'correction']);

const userAccount = (
  id: number,
  userId: number,
  type: 'agent' | 'customer' | 'manager' | 'admin',
  displayName: string,
  balance: number,
): Account => ({
  id,
  displayName,
  balance,
  creditLimitTotalAmount: 0,
  debitOnBalance: false,
  type: 'liability',
  isActive: true,
  user: { id: userId, type, displayName, email: `${userId}@flybook.test`, birthday: null },
  virtualAccount: null,
});

const virtualAccount = (
  id: number,
  code: string,
  name: string,
  kind: VirtualAccount['kind'],
  type: VirtualAccount['type'],
  balance = 0,
): Account => ({
  id,
  displayName: name,
  balance,
  creditLimitTotalAmount: 0,
  debitOnBalance: type === 'asset' || type === 'expense',
  type,
  isActive: true,
  user: null,
  virtualAccount: { code, name, kind },
});

/** Accounts of the demo users (ids as USERS' accountId) and the airline's virtual accounts. */
export const ACCOUNTS = {
  admin: userAccount(11, 1, 'admin', 'Ada Admin', 0),
  manager: userAccount(12, 2, 'manager', 'Mira Krasniqi', 0),
  agent: userAccount(13, 3, 'agent', 'Alpen Reisen GmbH', 250),
  customer: userAccount(14, 4, 'customer', 'Arben Berisha', 40),
  otherCustomer: userAccount(15, 5, 'customer', 'Drita Gashi', 0),
  cashZurich: virtualAccount(101, 'CASH_ZRH', 'Cash desk Zurich', 'cash', 'asset', 1200),
  cashPristina: virtualAccount(102, 'CASH_PRN', 'Cash desk Pristina', 'cash', 'asset', 300),
  // An installation's own bank and transfer accounts: codes the catalogue does not name keep their name.
  bankEc: virtualAccount(103, 'BANK_UBS', 'UBS EC terminal', 'bank', 'asset', 800),
  transfer: virtualAccount(104, 'TRANSFER_POSTFINANCE', 'PostFinance transfer', 'transfer', 'asset', 5000),
  card: virtualAccount(105, 'DATATRANS', 'Card payments', 'card', 'asset', 900),
  revenue: virtualAccount(106, 'REVENUE_TICKETS', 'Ticket revenue', 'revenue', 'revenue', 9000),
  expense: virtualAccount(107, 'EXPENSE_CASHBACK', 'Cashback and discounts', 'expense', 'expense', 50),
} satisfies Record<string, Account>;

const ALL_ACCOUNTS: Account[] = Object.values(ACCOUNTS);

const typeOf = (code: string) =>
  BALANCE_LOG_TYPES.find((type) => type.code === code) ?? BALANCE_LOG_TYPES[0]!;

const side = (account: Account) => ({
  id: account.id,
  displayName: account.displayName,
  type: account.type,
  userId: account.user?.id ?? null,
  virtualCode: account.virtualAccount?.code ?? null,
});

let recordId = 0;
/** A record: money from `debit` to `credit` with both balances after it. */
export function record(
  debit: Account,
  credit: Account,
  amount: number,
  code: string,
  title: string,
  balances: { debit: number; credit: number },
  createdAt = '2031-03-12T13:05:00.000Z',
  description = '',
  /** What a title Flybook writes means; none for a title typed by hand. */
  meaning: { code: string; params: Record<string, string | number> } | null = null,
): BalanceLogRecord {
  recordId += 1;
  return {
    id: 1000 + recordId,
    debitAccount: side(debit),
    creditAccount: side(credit),
    amount,
    debitAccountBalance: balances.debit,
    creditAccountBalance: balances.credit,
    createdAt,
    type: typeOf(code),
    title,
    titleCode: meaning?.code ?? null,
    titleParams: meaning?.params ?? {},
    description,
    reservationId: null,
    createdBy: null,
  };
}

/** The demo ledger: the agent's deposit, a reservation paid from it, a customer's cashback. */
export function demoRecords(): BalanceLogRecord[] {
  const { agent, customer, cashZurich, revenue, expense } = ACCOUNTS;
  return [
    record(cashZurich, agent, 300, 'prepaid_deposit', 'Deposit at the Zurich desk', {
      debit: 1200,
      credit: 300,
    }),
    record(
      agent,
      revenue,
      50,
      'payment',
      'Reservation 77',
      { debit: 250, credit: 9000 },
      undefined,
      'account',
      { code: 'reservationPayment', params: { reservationId: 77, method: 'account' } },
    ),
    record(expense, customer, 40, 'cashback', 'Cashback for delay', { debit: 50, credit: 40 }),
  ];
}

export interface FakeLedger {
  records: BalanceLogRecord[];
  /** Summaries by account id (initial and final balance). */
  summaries: Record<number, { initialBalance: number; finalBalance: number }>;
  /** Card transactions the fake provider knows, by id. */
  transactions: Record<string, Partial<CardTransaction>>;
  /** The URL the fake payment page answers. */
  paymentPageUrl: string;
}

export function createFakeLedger(): FakeLedger {
  return {
    records: demoRecords(),
    summaries: {
      13: { initialBalance: 0, finalBalance: 250 },
      14: { initialBalance: 10.1, finalBalance: 40 },
      101: { initialBalance: 900, finalBalance: 1200 },
    },
    transactions: {},
    paymentPageUrl: 'http://localhost:4390/v1/start/TRX1',
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
export const apiFailure = (status: number, ...errors: ApiErrorItem[]) => json({ errors }, status);
const file = (fileName: string) =>
  new Response(new Blob(['%PDF fake']), {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${fileName}"`,
    },
  });

const idsOf = (query: URLSearchParams, name: string) =>
  [...query.getAll(`${name}[]`), ...query.getAll(name)].map(Number);

const ACCOUNT_OF_USER: Record<number, Account> = Object.fromEntries(
  ALL_ACCOUNTS.filter((account) => account.user).map((account) => [account.user?.id, account]),
);

/** A card transaction as the API answers it. */
export function cardTransaction(id: string, patch: Partial<CardTransaction> = {}): CardTransaction {
  return {
    transactionId: id,
    status: 'settled',
    amount: 100,
    source: 'agentAccount',
    reservationId: null,
    agentId: 3,
    routeName: '/invoice/balance-log',
    isBooked: true,
    paymentPageUrl: `http://localhost:4390/v1/start/${id}`,
    details: { fail: null },
    createdAt: '2031-03-12T13:05:00.000Z',
    ...patch,
  };
}

/**
 * Answers the ledger's calls (balance log, accounts, free transactions, card payments) like the API
 * would; `userId` is the caller (for the own-list calls). Undefined for any other call.
 */
export function handleLedger(ledger: FakeLedger, request: FakeRequest, userId: number): Response | undefined {
  const { method, path, query } = request;
  if (method === 'GET' && (path === 'balance-log/list' || path === 'user/me/balance-log/list')) {
    const own = path.startsWith('user/me');
    const selected = own ? ACCOUNT_OF_USER[userId]?.id : Number(query.get('selectedAccountId') ?? 0) || null;
    const related = idsOf(query, 'relatedAccountId');
    const types = idsOf(query, 'typeId');
    const search = query.get('query')?.toLowerCase() ?? '';
    let items = ledger.records.filter(
      (entry) =>
        (selected === null ||
          selected === undefined ||
          entry.debitAccount.id === selected ||
          entry.creditAccount.id === selected) &&
        (related.length === 0 ||
          related.includes(entry.debitAccount.id) ||
          related.includes(entry.creditAccount.id)) &&
        (types.length === 0 || types.includes(entry.type.id)) &&
        (search === '' || entry.title.toLowerCase().includes(search)),
    );
    if (query.get('sortBy') === 'amount') items = [...items].sort((a, b) => a.amount - b.amount);
    if (query.get('sortOrder') === 'DESC') items = [...items].reverse();
    const page = Number(query.get('page') ?? 0);
    const pageSize = Number(query.get('pageSize') ?? 10);
    return json({ items: items.slice(page * pageSize, (page + 1) * pageSize), total: items.length });
  }
  if (
    method === 'GET' &&
    (path === 'balance-log/summary-info' || path === 'user/me/balance-log/summary-info')
  ) {
    const accountId = path.startsWith('user/me')
      ? (ACCOUNT_OF_USER[userId]?.id ?? 0)
      : Number(query.get('selectedAccountId'));
    const summary = ledger.summaries[accountId] ?? { initialBalance: 0, finalBalance: 0 };
    return json({ accountId, ...summary });
  }
  if (method === 'GET' && path === 'balance-log/type/list') return json({ items: BALANCE_LOG_TYPES });
  if (method === 'GET' && path === 'payment/free/type/list') {
    return json({ items: BALANCE_LOG_TYPES.filter((type) => FREE_CODES.has(type.code)) });
  }
  if (method === 'GET' && path === 'balance-log/overview/pdf') return file('TransactionOverview.pdf');
  if (method === 'GET' && /^balance-log\/\d+\/cashback\/pdf\/(de|en|fr|sq)$/.test(path)) {
    return file('Cashback.pdf');
  }
  if (method === 'GET' && (path === 'account/free-list' || path === 'account/list')) {
    const search = query.get('query')?.toLowerCase() ?? '';
    const items = ALL_ACCOUNTS.filter(
      (account) =>
        (path === 'account/list' ||
          account.user?.type === 'agent' ||
          account.user?.type === 'customer' ||
          account.virtualAccount) &&
        (search === '' || account.displayName.toLowerCase().includes(search)),
    );
    return json(path === 'account/list' ? { items, total: items.length } : { items });
  }
  if (method === 'GET' && path === 'virtual-account/list') {
    return json({
      items: ALL_ACCOUNTS.filter((account) => account.virtualAccount).map((account) => ({
        id: account.id,
        code: account.virtualAccount?.code ?? '',
        name: account.virtualAccount?.name ?? '',
        kind: account.virtualAccount?.kind ?? 'cash',
        type: account.type,
        balance: account.balance,
        isActive: true,
      })),
    });
  }
  if (method === 'GET' && path === 'account/payment-list') {
    const kind = query.get('paymentType');
    const items = ALL_ACCOUNTS.filter((account) => account.virtualAccount?.kind === kind);
    return json({ items, total: items.length });
  }
  const userAccountMatch = /^user\/(\d+)\/account$/.exec(path);
  if (method === 'GET' && userAccountMatch) {
    const account = ACCOUNT_OF_USER[Number(userAccountMatch[1])];
    return account ? json(account) : apiFailure(404, { code: 'ERROR_NOT_FOUND', message: 'Not found.' });
  }
  if (method === 'POST' && (path === 'payment/free/basic' || path === 'payment/free/advanced')) {
    return json({ id: 5001 }, 201);
  }
  if (method === 'POST' && path === 'payment/datatrans/agent/init')
    return json({ transactionId: 'TRX1' }, 201);
  if (method === 'POST' && path === 'payment/datatrans/reservation/init') {
    return json({ transactionId: 'TRX2' }, 201);
  }
  if (method === 'POST' && path === 'public/payment/datatrans/start') {
    const body = request.body as { transactionId: string };
    return json({ transactionId: body.transactionId, paymentPageUrl: ledger.paymentPageUrl });
  }
  if (
    method === 'POST' &&
    (path === 'payment/datatrans/transaction/confirm' || path === 'payment/datatrans/transaction/update')
  ) {
    const body = request.body as { transactionId: string };
    const known = ledger.transactions[body.transactionId];
    if (!known) {
      return apiFailure(404, {
        code: 'ERROR_TRANSACTION_NOT_FOUND',
        message: 'No such transaction exists, the reservation has probably expired.',
      });
    }
    return json(cardTransaction(body.transactionId, known));
  }
  return undefined;
}
