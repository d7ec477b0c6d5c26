import { formatMoney } from '@flybook/locales/format';
import { describe, expect, it } from 'vitest';
import { price } from '../test/fake-catalogue.ts';
import { tariffTotal } from './rate-totals.ts';

describe('tariff totals of the rates list', () => {
  it('adds standard price, fuel fee and airport fee exactly, in Rappen', () => {
    const rate = { priceList: [price(1, 199.95, 35.1, 12.05), price(3, 0.1, 0.2, 0.05)] };
    expect(tariffTotal(rate, 1)).toBe(24710);
    expect(formatMoney(tariffTotal(rate, 1) ?? 0, 'en')).toBe('CHF\u00a0247.10');
    // 0.1 + 0.2 + 0.05 in floats is 0.35000000000000003
    expect(tariffTotal(rate, 3)).toBe(35);
  });

  it('has no total for a tariff the rate does not price', () => {
    expect(tariffTotal({ priceList: [price(1, 10, 1, 1)] }, 4)).toBeNull();
  });
});
