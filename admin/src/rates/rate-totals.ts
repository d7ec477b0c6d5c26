import { addMoney, type Rappen, toRappen } from '@flybook/domain';
import type { Rate } from '@flybook/schemas';

/**
 * What a one-way adult seat of a tariff costs under a rate, as the rates list shows it (spec 03 §2):
 * standard price + fuel fee + airport fee, added in Rappen so 199.95 + 35.10 + 12.05 is exactly
 * 247.10. Null when the rate does not price the tariff.
 */
export function tariffTotal(rate: Pick<Rate, 'priceList'>, tariffId: number): Rappen | null {
  const price = rate.priceList.find((entry) => entry.tariff.id === tariffId);
  if (!price) return null;
  return addMoney(toRappen(price.priceStandard), toRappen(price.fuelFee), toRappen(price.airportFee));
}
