import {
  RATE_REQUIRED_TARIFF_IDS,
  type Rate,
  RateBody,
  RatePriceSchema,
  type Tariff,
} from '@flybook/schemas';
import type { FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { decimalText, moneyText } from '../app/form/form-text.ts';

/** The price fields of a tariff row, in the table's column order. */
export const PRICE_FIELDS = [
  'priceStandard',
  'priceRound',
  'priceChildPercent',
  'priceInfantPercent',
  'airportFee',
  'fuelFee',
] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];

/** Fields holding CHF (the others are percentages of the adult price). */
export const MONEY_FIELDS: readonly PriceField[] = ['priceStandard', 'priceRound', 'airportFee', 'fuelFee'];

const PriceRowText = z.object({
  tariffId: z.number().int(),
  priceStandard: z.string(),
  priceRound: z.string(),
  priceChildPercent: z.string(),
  priceInfantPercent: z.string(),
  airportFee: z.string(),
  fuelFee: z.string(),
});
export type RatePriceValues = z.infer<typeof PriceRowText>;

/** One tariff's prices as typed, checked by the shared price rules and turned into a price entry. */
const PriceRow = z
  .object({
    tariffId: z.number().int(),
    priceStandard: decimalText(RatePriceSchema.shape.priceStandard),
    priceRound: decimalText(RatePriceSchema.shape.priceRound),
    priceChildPercent: decimalText(RatePriceSchema.shape.priceChildPercent),
    priceInfantPercent: decimalText(RatePriceSchema.shape.priceInfantPercent),
    airportFee: decimalText(RatePriceSchema.shape.airportFee),
    fuelFee: decimalText(RatePriceSchema.shape.fuelFee),
  })
  .transform(({ tariffId, ...prices }) => ({ tariff: { id: tariffId }, ...prices }));

export type RateFormMode = 'create' | 'edit';

const isRequiredTariff = (tariffId: number) => RATE_REQUIRED_TARIFF_IDS.some((id) => id === tariffId);

const isBlankRow = (row: RatePriceValues) => PRICE_FIELDS.every((field) => row[field].trim() === '');

/**
 * Whether a tariff row must be filled (spec 03 §5): on create every tariff, on edit the first two
 * (RATE_REQUIRED_TARIFF_IDS). Another tariff on edit may be left entirely empty: it is then left out
 * of the price list, so flights of this rate no longer sell it.
 */
export const isTariffRequired = (mode: RateFormMode, tariffId: number) =>
  mode === 'create' || isRequiredTariff(tariffId);

/** Rows that go into the body: every row, except optional rows left entirely empty. */
const isSent = (mode: RateFormMode, row: RatePriceValues) =>
  isTariffRequired(mode, row.tariffId) || !isBlankRow(row);

/**
 * The rate form (name, active, one price row per tariff) → `RateBody`. Each sent row is checked
 * with the shared price rules, its messages placed on the row's fields; the body made of them is
 * checked with `RateBody` itself.
 */
export function rateFormSchema(mode: RateFormMode) {
  return z
    .object({ name: RateBody.shape.name, isActive: z.boolean(), prices: z.array(PriceRowText) })
    .superRefine((values, ctx) => {
      values.prices.forEach((row, index) => {
        if (!isSent(mode, row)) return;
        const result = PriceRow.safeParse(row);
        if (result.success) return;
        for (const issue of result.error.issues) {
          ctx.addIssue({ ...issue, path: ['prices', index, ...issue.path] });
        }
      });
    })
    .transform((values, ctx) => {
      const sent = values.prices.filter((row) => isSent(mode, row));
      const result = RateBody.safeParse({
        name: values.name,
        isActive: values.isActive,
        priceList: sent.map((row) => PriceRow.parse(row)),
      });
      if (result.success) return result.data;
      // The rows were checked above; what is left is a rule of the whole price list.
      for (const issue of result.error.issues) ctx.addIssue({ ...issue, path: ['prices'] });
      return z.NEVER;
    });
}
export type RateFormSchema = ReturnType<typeof rateFormSchema>;
export type RateFormValues = z.input<RateFormSchema>;

const emptyRow = (tariffId: number): RatePriceValues => ({
  tariffId,
  priceStandard: '',
  priceRound: '',
  priceChildPercent: '',
  priceInfantPercent: '',
  airportFee: '',
  fuelFee: '',
});

/** The form's values: a row per tariff, filled from the rate's price list where it has one. */
export function rateFormValues(tariffs: readonly Tariff[], rate: Rate | undefined): RateFormValues {
  return {
    name: rate?.name ?? '',
    isActive: rate?.isActive ?? true,
    prices: tariffs.map((tariff) => {
      const price = rate?.priceList.find((entry) => entry.tariff.id === tariff.id);
      if (!price) return emptyRow(tariff.id);
      return {
        tariffId: tariff.id,
        priceStandard: moneyText(price.priceStandard),
        priceRound: moneyText(price.priceRound),
        priceChildPercent: String(price.priceChildPercent),
        priceInfantPercent: String(price.priceInfantPercent),
        airportFee: moneyText(price.airportFee),
        fuelFee: moneyText(price.fuelFee),
      };
    }),
  };
}

const PRICE_PATH = /^priceList\.(\d+)\.(\w+)$/;

/**
 * The form field of a field the API rejected: `priceList.N.fuelFee` names the N-th entry sent,
 * which is the row of that entry's tariff (empty rows were left out, so the numbers differ).
 */
export function rateFieldOf(
  tariffIds: readonly number[],
): (apiField: string, body: RateBody) => FieldPath<RateFormValues> | null {
  return (apiField, body) => {
    if (apiField === 'name' || apiField === 'isActive') return apiField;
    const match = PRICE_PATH.exec(apiField);
    if (!match) return null;
    const tariffId = body.priceList[Number(match[1])]?.tariff.id;
    const row = tariffIds.indexOf(tariffId ?? -1);
    const field = PRICE_FIELDS.find((name) => name === match[2]);
    return row >= 0 && field ? `prices.${row}.${field}` : null;
  };
}
