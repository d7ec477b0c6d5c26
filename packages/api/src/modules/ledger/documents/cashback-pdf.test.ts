import { describe, expect, it } from 'vitest';
import { amountsIn, line, readPdf } from '../../reservations/documents/document-fixtures.ts';
import { type CashbackConfirmationInput, renderCashbackConfirmation } from './cashback-pdf.ts';

const cashback = (changes: Partial<CashbackConfirmationInput> = {}): CashbackConfirmationInput => ({
  record: {
    id: 7731,
    // 13:45 UTC is 15:45 in Zürich (summer time).
    createdAt: new Date('2026-06-15T13:45:00Z'),
    amount: 125_050,
    title: 'Cashback Sommer 2026',
    description: 'Gutschrift für Gruppenbuchung von Françoise Çelik',
  },
  beneficiary: { displayName: 'Arbën Gashi', addressLines: ['Weissenbühlweg 12', '3007 Bern', 'Schweiz'] },
  issuedBy: 'Jürgen Großmann',
  locale: 'en',
  generatedAt: new Date('2026-06-16T08:00:00Z'),
  ...changes,
});

const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('the cashback confirmation PDF', () => {
  it('confirms the amount credited to the beneficiary, with record number, date and issuer (English)', async () => {
    const { text, pages, info } = readPdf(await renderCashbackConfirmation(cashback()));

    expect(info).toMatch(/Title:\s+Cashback confirmation 7731/);
    expect(pages).toHaveLength(1);
    expect(text).toContain('Flughofstrasse 50, CH-8152 Glattbrugg');
    expect(text).toMatch(/^Cashback confirmation\s*$/m);
    expect(text).toMatch(line('Beneficiary', 'Record no.', '7731'));
    expect(text).toMatch(line('Arbën Gashi', 'Booked on', '15.06.2026 15:45'));
    expect(text).toMatch(line('Weissenbühlweg 12', 'Printed on', '16.06.2026 10:00'));
    expect(text).toMatch(/^3007 Bern\s*$/m);
    expect(text).toMatch(line('Title', 'Cashback Sommer 2026'));
    expect(text).toMatch(line('Description', 'Gutschrift für Gruppenbuchung von Françoise Çelik'));
    expect(text).toMatch(line('Amount', 'CHF 1,250.50'));
    expect(flat(text)).toContain(
      'The amount of CHF 1,250.50 has been credited to the customer account of Arbën Gashi with Flybook AG.',
    );
    expect(text).toMatch(line('Issued by', 'Jürgen Großmann'));
    expect(amountsIn(text, 'en')).toEqual([125_050, 125_050]);
  });

  it('prints the German texts and names the company as issuer when nobody is known', async () => {
    const { text } = readPdf(await renderCashbackConfirmation(cashback({ locale: 'de', issuedBy: null })));

    expect(text).toMatch(/^Cashback-Bestätigung\s*$/m);
    expect(text).toMatch(line('Empfänger', 'Beleg-Nr.', '7731'));
    expect(text).toMatch(line('Betrag', "CHF 1'250.50"));
    expect(flat(text)).toContain(
      "Der Betrag von CHF 1'250.50 wurde dem Kundenkonto von Arbën Gashi bei Flybook AG gutgeschrieben.",
    );
    expect(text).toMatch(line('Ausgestellt von', 'Flybook AG'));
  });

  it('prints the French sentence with the holder after the account, never "de Arbën"', async () => {
    const { text } = readPdf(await renderCashbackConfirmation(cashback({ locale: 'fr' })));

    expect(text).toMatch(/^Confirmation de cashback\s*$/m);
    expect(flat(text)).toContain(
      "Le montant de CHF 1'250.50 a été crédité sur le compte client (titulaire : Arbën Gashi) auprès de Flybook AG.",
    );
  });

  it('prints the Albanian texts and leaves out an empty description', async () => {
    const base = cashback();
    const { text } = readPdf(
      await renderCashbackConfirmation({
        ...base,
        record: { ...base.record, amount: 5_000, description: '' },
        locale: 'sq',
      }),
    );

    expect(text).toMatch(/^Konfirmimi i cashback-ut\s*$/m);
    expect(text).toMatch(line('Shuma', 'CHF 50.00'));
    expect(text).not.toContain('Përshkrimi');
    expect(text).toMatch(line('Lëshuar nga', 'Jürgen Großmann'));
  });
});
