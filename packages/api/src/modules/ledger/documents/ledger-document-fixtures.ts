import type { TransactionOverviewInput, TransactionOverviewRecord } from './transaction-overview-pdf.ts';

/** Test data shared by the ledger document tests (not used by the renderers). */

const CATEGORIES = ['Zahlung', 'Cashback', 'Vorauszahlung', 'Abrechnung'] as const;
const COUNTER_ACCOUNTS = ['Kasse Zürich', 'Bankzahlung / EC-Terminal', 'Ertrag Tickets', 'Kasse Prishtinë'];

/**
 * The liability account of an agency (its balance grows on credit) and `count` records in June 2026,
 * every third a debit, with each balance after computed from the one before: the summary's final
 * balance is the initial balance plus the credits less the debits.
 */
export function agencyOverview(
  count: number,
  initialBalance = 125_000,
): Omit<TransactionOverviewInput, 'locale' | 'generatedAt'> {
  let balance = initialBalance;
  const records: TransactionOverviewRecord[] = [];
  for (let index = 0; index < count; index++) {
    const direction = index % 3 === 2 ? 'debit' : 'credit';
    const amount = 2_500 + ((index * 7_919) % 40_000);
    balance += direction === 'credit' ? amount : -amount;
    records.push({
      id: 9_000 + index,
      // Every 8 hours from 1 June 06:00 UTC (08:00 in Zürich).
      createdAt: new Date(Date.UTC(2026, 5, 1, 6 + 8 * index)),
      typeName: CATEGORIES[index % CATEGORIES.length]!,
      title: `Buchung ${index + 1}`,
      description: index % 2 === 0 ? `Reservation FB-${String(200 + index).padStart(6, '0')}` : '',
      counterAccount: COUNTER_ACCOUNTS[index % COUNTER_ACCOUNTS.length]!,
      direction,
      amount,
      balanceAfter: balance,
    });
  }
  return {
    account: { id: 42, displayName: 'Reisebüro Çelik & Großmann', type: 'liability' },
    period: { from: '2026-06-01', to: '2026-06-30' },
    summary: { initialBalance, finalBalance: balance },
    records,
  };
}
