import { accountName, recordDescription, recordTitle } from '@flybook/locales/ledger';
import type { BalanceLogFilters, Locale } from '@flybook/schemas';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { ApiError } from '../../http/api-error.ts';
import { translator } from '../../platform/i18n.ts';
import { pdfAnswer } from '../../platform/pdf.ts';
import { accountFacts, findRecord, listRecords, summaryOf } from './balance-log.repository.ts';
import { toRecord } from './balance-log.service.ts';
import { renderCashbackConfirmation } from './documents/cashback-pdf.ts';
import { renderTransactionOverview } from './documents/transaction-overview-pdf.ts';

/** At most this many records go into one overview; a longer period is split by the dates. */
const OVERVIEW_MAX_RECORDS = 5000;

/** TransactionOverview.pdf and Cashback.pdf (spec 03 Accounting). */
export function createLedgerDocumentsService(db: Db) {
  return {
    async overviewPdf(filters: z.output<typeof BalanceLogFilters> & { locale: Locale }) {
      const accountId = filters.selectedAccountId;
      if (accountId === undefined)
        throw new ApiError('ERROR_NOT_SELECTED_ACCOUNT', 422, { field: 'selectedAccountId' });
      const account = await accountFacts(db, accountId);
      if (!account) throw ApiError.notFound('account', accountId);
      const rows = await listRecords(db, filters, {
        page: 0,
        pageSize: OVERVIEW_MAX_RECORDS,
        sortBy: 'createdAt',
        sortOrder: 'ASC',
      });
      const summary = await summaryOf(db, accountId, filters);
      const t = translator(filters.locale);
      const body = await renderTransactionOverview({
        account: { id: account.id, displayName: accountName(t, account), type: account.type },
        period: { from: filters.dateFrom ?? null, to: filters.dateTo ?? null },
        summary,
        records: rows.map((row) => {
          const direction = row.debit.id === accountId ? ('debit' as const) : ('credit' as const);
          const record = toRecord(row);
          return {
            id: row.record.id,
            createdAt: row.record.createdAt,
            typeName: row.type.name[filters.locale],
            title: recordTitle(t, record),
            description: recordDescription(t, record),
            counterAccount: accountName(
              t,
              direction === 'debit' ? record.creditAccount : record.debitAccount,
            ),
            direction,
            amount: row.record.amount,
            balanceAfter:
              direction === 'debit' ? row.record.debitAccountBalance : row.record.creditAccountBalance,
          };
        }),
        locale: filters.locale,
      });
      return pdfAnswer(body, 'TransactionOverview.pdf');
    },

    async cashbackPdf(id: number, locale: Locale) {
      const row = await findRecord(db, id);
      if (row?.type.code !== 'cashback') throw ApiError.notFound('cashback record', id);
      const [beneficiary] =
        row.credit.userId === null
          ? []
          : await db
              .select({ street: users.street, zip: users.zip, city: users.city })
              .from(users)
              .where(eq(users.id, row.credit.userId));
      const t = translator(locale);
      const record = toRecord(row);
      const body = await renderCashbackConfirmation({
        record: {
          id: row.record.id,
          createdAt: row.record.createdAt,
          amount: row.record.amount,
          description: recordDescription(t, record),
          title: recordTitle(t, record),
        },
        beneficiary: {
          displayName: accountName(t, record.creditAccount),
          addressLines: [
            beneficiary?.street,
            [beneficiary?.zip, beneficiary?.city].filter(Boolean).join(' '),
          ].filter((line): line is string => Boolean(line)),
        },
        issuedBy: row.createdBy?.displayName ?? null,
        locale,
      });
      return pdfAnswer(body, 'Cashback.pdf');
    },
  };
}
