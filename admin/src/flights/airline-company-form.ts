import { FlightCompanyBody } from '@flybook/schemas';
import { z } from 'zod';
import { requiredText, upperCaseCode } from '../app/form/form-text.ts';

/** The airline company form: the API's body rules, with the code typed in any case. */
export const AirlineCompanyForm = FlightCompanyBody.extend({
  code: requiredText(FlightCompanyBody.shape.code, upperCaseCode),
  isActive: z.boolean(),
});
export type AirlineCompanyValues = z.input<typeof AirlineCompanyForm>;

const FIELDS = ['name', 'code', 'isActive'] as const;

/** The form field of a field the API rejected; the body's fields are the form's. */
export function airlineCompanyFieldOf(apiField: string): (typeof FIELDS)[number] | null {
  return FIELDS.find((field) => field === apiField) ?? null;
}
