import { LOCALES } from '@flybook/locales';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../app/i18n.ts';
import { ALL_CATALOGUES } from '../test/catalogues.ts';
import { TARIFFS } from '../test/fake-catalogue.ts';
import { type RateFormValues, rateFieldOf, rateFormSchema, rateFormValues } from './rate-form.ts';

const row = (tariffId: number, priceStandard = '100', fuelFee = '20', airportFee = '10') => ({
  tariffId,
  priceStandard,
  priceRound: priceStandard,
  priceChildPercent: '75',
  priceInfantPercent: '10',
  airportFee,
  fuelFee,
});
const blank = (tariffId: number) => ({
  tariffId,
  priceStandard: '',
  priceRound: '',
  priceChildPercent: '',
  priceInfantPercent: '',
  airportFee: '',
  fuelFee: '',
});

const values = (prices: RateFormValues['prices']): RateFormValues => ({
  name: 'Summer',
  isActive: true,
  prices,
});

const issuePaths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((issue) => issue.path.join('.'));

describe('rate form rules (spec 03 §5)', () => {
  it('requires every tariff on create', () => {
    const result = rateFormSchema('create').safeParse(values([row(1), row(2), row(3), blank(4)]));
    expect(result.success).toBe(false);
    expect(issuePaths(result)).toEqual([
      'prices.3.priceStandard',
      'prices.3.priceRound',
      'prices.3.priceChildPercent',
      'prices.3.priceInfantPercent',
      'prices.3.airportFee',
      'prices.3.fuelFee',
    ]);
  });

  it('reports an empty name together with the price errors', () => {
    const result = rateFormSchema('create').safeParse({
      ...values([row(1), row(2), row(3), blank(4)]),
      name: '',
    });
    expect(issuePaths(result)).toContain('name');
    expect(issuePaths(result)).toContain('prices.3.fuelFee');
  });

  it('requires only the first two tariffs on edit and leaves empty tariffs out of the price list', () => {
    const result = rateFormSchema('edit').safeParse(values([row(1), row(2), blank(3), row(4, '899.5')]));
    expect(result.success).toBe(true);
    expect(result.data?.priceList.map((entry) => entry.tariff.id)).toEqual([1, 2, 4]);
    expect(result.data?.priceList[2]).toEqual({
      tariff: { id: 4 },
      priceStandard: 899.5,
      priceRound: 899.5,
      priceChildPercent: 75,
      priceInfantPercent: 10,
      airportFee: 10,
      fuelFee: 20,
    });

    const missingSecond = rateFormSchema('edit').safeParse(values([row(1), blank(2), blank(3), blank(4)]));
    expect(issuePaths(missingSecond)).toContain('prices.1.priceStandard');
  });

  it('asks for the rest of a tariff that is only partly filled on edit', () => {
    const partly = { ...blank(3), priceStandard: '50' };
    const result = rateFormSchema('edit').safeParse(values([row(1), row(2), partly, blank(4)]));
    expect(issuePaths(result)).toContain('prices.2.fuelFee');
    expect(issuePaths(result)).not.toContain('prices.2.priceStandard');
  });

  it('takes "12.5", "12.50" and "12,50" as CHF 12.50 and rejects a third decimal', () => {
    for (const text of ['12.5', '12.50', '12,50']) {
      const result = rateFormSchema('edit').safeParse(values([row(1, text), row(2)]));
      expect(result.data?.priceList[0]?.priceStandard, text).toBe(12.5);
    }
    const result = rateFormSchema('edit').safeParse(values([row(1, '12.505'), row(2)]));
    expect(result.success).toBe(false);
    const issue = result.error?.issues[0];
    expect(issue?.path.join('.')).toBe('prices.0.priceStandard');
    expect(issue && 'params' in issue ? issue.params : undefined).toEqual({ code: 'ERROR_MONEY_PRECISION' });
    for (const locale of LOCALES) {
      expect(createI18n(locale, ALL_CATALOGUES).exists('errors.ERROR_MONEY_PRECISION')).toBe(true);
    }
  });

  it('fills a row per tariff from a saved rate, amounts with two decimals', () => {
    const form = rateFormValues(
      TARIFFS.map((tariff) => ({ ...tariff, name: tariff.name })),
      {
        id: 1,
        name: 'Summer',
        isActive: false,
        priceList: [
          {
            tariff: { id: 2 },
            priceStandard: 12.5,
            priceRound: 20,
            priceChildPercent: 75,
            priceInfantPercent: 12.5,
            airportFee: 0,
            fuelFee: 3.05,
          },
        ],
      },
    );
    expect(form.isActive).toBe(false);
    expect(form.prices.map((price) => price.tariffId)).toEqual([1, 2, 3, 4]);
    expect(form.prices[0]?.priceStandard).toBe('');
    expect(form.prices[1]).toEqual({
      tariffId: 2,
      priceStandard: '12.50',
      priceRound: '20.00',
      priceChildPercent: '75',
      priceInfantPercent: '12.5',
      airportFee: '0.00',
      fuelFee: '3.05',
    });
  });

  it('puts the server’s price-list errors on the row of their tariff', () => {
    const fieldOf = rateFieldOf([1, 2, 3, 4]);
    const body = {
      name: 'Summer',
      isActive: true,
      priceList: [1, 2, 4].map((id) => ({
        tariff: { id },
        priceStandard: 1,
        priceRound: 1,
        priceChildPercent: 1,
        priceInfantPercent: 1,
        airportFee: 1,
        fuelFee: 1,
      })),
    };
    expect(fieldOf('priceList.2.fuelFee', body)).toBe('prices.3.fuelFee');
    expect(fieldOf('name', body)).toBe('name');
    expect(fieldOf('priceList', body)).toBeNull();
  });
});
