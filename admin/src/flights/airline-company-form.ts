import { FlightCompanyBody, TYPE_B_ADDRESS_PATTERN } from '@flybook/schemas';
import { z } from 'zod';
import { requiredText, upperCaseCode } from '../app/form/form-text.ts';

const wrongFormat = {
  code: 'custom' as const,
  message: 'This value is not in the right format.',
  params: { code: 'ERROR_FORMAT' },
};

/**
 * The airline company form: the API's body rules, with the code typed in any case. The PNL
 * originator may be left empty (the board point's reservations office); the addresses are typed
 * in one field, separated by spaces or commas.
 */
export const AirlineCompanyForm = FlightCompanyBody.extend({
  code: requiredText(FlightCompanyBody.shape.code, upperCaseCode),
  isActive: z.boolean(),
  pnlOriginator: z
    .string()
    .transform((text) => upperCaseCode(text) || null)
    .pipe(FlightCompanyBody.shape.pnlOriginator.unwrap()),
  pnlAddresses: z
    .string()
    .transform((text, ctx) => {
      const addresses = upperCaseCode(text)
        .split(/[\s,;]+/)
        .filter(Boolean);
      if (addresses.every((address) => TYPE_B_ADDRESS_PATTERN.test(address))) return addresses;
      ctx.addIssue(wrongFormat);
      return z.NEVER;
    })
    .pipe(FlightCompanyBody.shape.pnlAddresses.unwrap()),
});
export type AirlineCompanyValues = z.input<typeof AirlineCompanyForm>;

const FIELDS = ['name', 'code', 'isActive', 'pnlOriginator', 'pnlAddresses'] as const;

/** The form field of a field the API rejected (an address of the list: the addresses field). */
export function airlineCompanyFieldOf(apiField: string): (typeof FIELDS)[number] | null {
  const field = apiField.split('.')[0];
  return FIELDS.find((known) => known === field) ?? null;
}
