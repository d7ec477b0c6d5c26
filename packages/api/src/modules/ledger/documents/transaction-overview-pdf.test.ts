import { describe, expect, it } from 'vitest';
import { amountsIn, chf, line, readPdf, sum } from '../../reservations/documents/document-fixtures.ts';
import { agencyOverview } from './ledger-document-fixtures.ts';
import { renderTransactionOverview } from './transaction-overview-pdf.ts';

const generatedAt = new Date('2026-07-01T10:00:00Z');

describe('the transaction overview PDF', () => {
  it('lists each record with its debit or credit and balance after, and the totals add up (English)', async () => {
    const overview = agencyOverview(5);
    const { text, pages, info } = readPdf(
      await renderTransactionOverview({ ...overview, locale: 'en', generatedAt }),
    );

    expect(info).toMatch(/Title:\s+Transaction overview Reisebüro Çelik & Großmann/);
    expect(pages).toHaveLength(1);
    expect(text).toContain('Flybook AG');
    expect(text).toMatch(/^Transaction overview\s*$/m);
    expect(text).toMatch(/^Reisebüro Çelik & Großmann\s*$/m);
    expect(text).toMatch(line('Account', 'Reisebüro Çelik & Großmann'));
    expect(text).toMatch(line('Account no.', '42'));
    expect(text).toMatch(line('Account type', 'Liability account'));
    expect(text).toMatch(line('Period', '01.06.2026 – 30.06.2026'));
    expect(text).toMatch(line('Printed on', '01.07.2026 12:00'));
    expect(text).toContain('The balance of this account rises with credits and falls with debits.');

    expect(text).toMatch(
      line(
        'No.',
        'Date/time',
        'Category',
        'Title / description',
        'Counter account',
        'Debit',
        'Credit',
        'Balance after',
      ),
    );
    expect(text).toMatch(line('Initial balance', 'CHF 1,250.00'));
    // Times in Zürich (summer time): 06:00 UTC is 08:00, 22:00 UTC is 00:00 the next day.
    expect(text).toMatch(
      line('9000', '01.06.2026 08:00', 'Zahlung', 'Buchung 1', 'Kasse Zürich', 'CHF 25.00', 'CHF 1,275.00'),
    );
    expect(text).toMatch(/^\s+Reservation FB-000200\s*$/m);
    expect(text).toMatch(
      line(
        '9001',
        '01.06.2026 16:00',
        'Cashback',
        'Buchung 2',
        'Bankzahlung / EC-Terminal',
        'CHF 104.19',
        'CHF 1,379.19',
      ),
    );
    // A debit lowers the agency's balance.
    expect(text).toMatch(
      line(
        '9002',
        '02.06.2026 00:00',
        'Vorauszahlung',
        'Buchung 3',
        'Ertrag Tickets',
        'CHF 183.38',
        'CHF 1,195.81',
      ),
    );
    expect(text).toMatch(
      line('9003', '02.06.2026 08:00', 'Abrechnung', 'Buchung 4', 'Kasse Prishtinë', 'CHF 262.57'),
    );

    const debits = sum(overview.records.filter((r) => r.direction === 'debit').map((r) => r.amount));
    const credits = sum(overview.records.filter((r) => r.direction === 'credit').map((r) => r.amount));
    expect([debits, credits]).toEqual([18_338, 73_352]);
    expect(text).toMatch(line('Total', chf(debits, 'en'), chf(credits, 'en')));
    expect(text).toMatch(line('Final balance', 'CHF 1,800.14'));

    const summary = text.slice(text.lastIndexOf('Summary'));
    expect(summary).toMatch(line('Initial balance', 'CHF 1,250.00'));
    expect(summary).toMatch(line('Total debits', 'CHF 183.38'));
    expect(summary).toMatch(line('Total credits', 'CHF 733.52'));
    expect(summary).toMatch(line('Final balance', 'CHF 1,800.14'));
    expect(summary).toMatch(line('Change', 'CHF 550.14'));
    // For a liability account: initial + credits − debits = final, and final − initial = change.
    const [initial, totalDebits, totalCredits, final, change] = amountsIn(summary, 'en');
    expect(initial! + totalCredits! - totalDebits!).toBe(final);
    expect(final! - initial!).toBe(change);
  });

  it('prints the German texts and Swiss amounts', async () => {
    const { text } = readPdf(
      await renderTransactionOverview({ ...agencyOverview(5), locale: 'de', generatedAt }),
    );

    expect(text).toMatch(/^Transaktionsübersicht\s*$/m);
    expect(text).toMatch(line('Kontoart', 'Passivkonto'));
    expect(text).toMatch(line('Zeitraum', '01.06.2026 – 30.06.2026'));
    expect(text).toMatch(
      line(
        'Nr.',
        'Datum/Zeit',
        'Kategorie',
        'Titel / Beschreibung',
        'Gegenkonto',
        'Soll',
        'Haben',
        'Saldo danach',
      ),
    );
    expect(text).toMatch(line('Anfangssaldo', "CHF 1'250.00"));
    expect(text).toMatch(
      line('9004', '02.06.2026 16:00', 'Zahlung', 'Buchung 5', 'Kasse Zürich', 'CHF 341.76', "CHF 1'800.14"),
    );
    expect(text).toMatch(line('Total', 'CHF 183.38', 'CHF 733.52'));
    expect(text).toMatch(line('Schlusssaldo', "CHF 1'800.14"));
    expect(text).toMatch(line('Veränderung', 'CHF 550.14'));
  });

  it('says there are no transactions in an empty period and keeps the balance (French, open end)', async () => {
    const overview = agencyOverview(0);
    const { text } = readPdf(
      await renderTransactionOverview({
        ...overview,
        period: { from: '2026-06-01', to: null },
        locale: 'fr',
        generatedAt,
      }),
    );

    expect(text).toMatch(/^Aperçu des transactions\s*$/m);
    expect(text).toMatch(line('Période', 'À partir du 01.06.2026'));
    expect(text).toContain('Aucune transaction pendant cette période.');
    expect(text).not.toContain('Contrepartie');
    expect(text).toMatch(line('Solde initial', "CHF 1'250.00"));
    expect(text).toMatch(line('Total des débits', 'CHF 0.00'));
    expect(text).toMatch(line('Total des crédits', 'CHF 0.00'));
    expect(text).toMatch(line('Solde final', "CHF 1'250.00"));
    expect(text).toMatch(line('Variation', 'CHF 0.00'));
  });

  it('names an open period and prints the empty line in English too', async () => {
    const { text } = readPdf(
      await renderTransactionOverview({
        ...agencyOverview(0),
        account: { id: 7, displayName: 'Kasse Zürich', type: 'asset' },
        period: { from: null, to: null },
        locale: 'en',
        generatedAt,
      }),
    );
    expect(text).toMatch(line('Period', 'All records'));
    expect(text).toMatch(line('Account type', 'Asset account'));
    expect(text).toContain('The balance of this account rises with debits and falls with credits.');
    expect(text).toContain('No transactions in this period.');
  });

  it('runs 80 records over several pages with the table header repeated', async () => {
    const overview = agencyOverview(80);
    const { text, pages } = readPdf(
      await renderTransactionOverview({ ...overview, locale: 'en', generatedAt }),
    );

    expect(pages.length).toBeGreaterThan(1);
    const header = line(
      'No.',
      'Date/time',
      'Category',
      'Title / description',
      'Counter account',
      'Debit',
      'Credit',
      'Balance after',
    );
    for (const page of pages) expect(page).toMatch(header);
    // The letterhead is only on the first page; the second starts with the table's header row.
    expect(pages[1]).not.toContain('Thurgauerstrasse');
    expect(pages[1]!.trimStart().split('\n')[0]).toMatch(header);
    expect(pages[0]).toContain('Page 1 of');
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);

    // Every record is printed once, in order.
    const ids = [...text.matchAll(/^\s*(9\d{3})\s/gm)].map((match) => Number(match[1]));
    expect(ids).toEqual(overview.records.map((record) => record.id));
    const last = overview.records.at(-1)!;
    expect(text).toMatch(line(String(last.id), '27.06.2026 16:00', 'Abrechnung', 'Buchung 80'));
    expect(pages.at(-1)).toMatch(line('Final balance', chf(overview.summary.finalBalance, 'en')));
  });
});
