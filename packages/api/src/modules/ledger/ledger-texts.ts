import { LOCALES, type Locale, resources } from '@flybook/locales';
import { BALANCE_LOG_TITLE_CODES } from '@flybook/schemas';
import { and, type Column, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { balanceLogRecords } from '../../db/schema/index.ts';
import { keysNamed } from '../../platform/i18n.ts';

/**
 * A record's title in one language, rendered in SQL from its code and parameters with the
 * catalogue's text (`ledger.recordTitles`), null for a title typed by hand. A basic
 * transaction's title ("debit → credit") is left out: the search finds it by its accounts' names.
 */
function titleIn(locale: Locale): SQL {
  const texts: Record<string, string> = resources[locale].translation.ledger.recordTitles;
  const cases = BALANCE_LOG_TITLE_CODES.filter((code) => code !== 'accountTransfer').map((code) => {
    // "Refund reservation {{reservationId}}" → literal, parameter name, literal, …
    const parts = (texts[code] ?? '').split(/\{\{\s*(\w+)\s*\}\}/);
    const pieces = parts.map((part, index) =>
      index % 2 === 0 ? sql`${part}::text` : sql`(${balanceLogRecords.titleParams} ->> ${part}::text)`,
    );
    return sql`when ${code}::text then concat(${sql.join(pieces, sql`, `)})`;
  });
  return sql`(case ${balanceLogRecords.titleCode} ${sql.join(cases, sql` `)} end)`;
}

/** The titles Flybook wrote, in all four languages at once: what a title search looks through. */
export const renderedTitles = sql`concat_ws(' | ', ${sql.join(LOCALES.map(titleIn), sql`, `)})`;

/**
 * Records whose payment method (shown as their description) is named by the typed text in any
 * language ("Bar", "Karte", "espèces"), or null when no method's name contains it.
 */
export function methodNamed(text: string): SQL | null {
  const methods = keysNamed(text, (catalogue) => catalogue.payments.methods);
  return methods.length === 0
    ? null
    : and(
        isNotNull(balanceLogRecords.titleCode),
        inArray(sql`${balanceLogRecords.titleParams} ->> 'method'`, methods),
      )!;
}

/**
 * Virtual accounts whose name in any language contains the typed text ("Kasse", "Arka"), by their
 * code column, or null when none does.
 */
export function virtualAccountNamed(text: string, virtualCode: Column): SQL | null {
  const codes = keysNamed(text, (catalogue) => catalogue.ledger.virtualAccounts);
  return codes.length === 0 ? null : inArray(virtualCode, codes);
}
