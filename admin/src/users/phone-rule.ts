import { checkPhone } from '@flybook/domain';
import type { Country } from '@flybook/schemas';
import type { z } from 'zod';

/** The phone fields of the user forms. */
export const PHONE_FIELDS = ['phoneMobile', 'phoneNumberFirst', 'phoneNumberSecond'] as const;

/**
 * The phone rule of spec 03 §5 in a form, the server's own (`checkPhone` of @flybook/domain): each
 * filled phone field is checked by its dial code, a number without one in the chosen country. The
 * messages are the catalogue's ("should be greater or equal: 9") with the limit.
 */
export function refinePhones(countries: readonly Country[]) {
  return (body: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const chosen = body.country;
    const countryId = typeof chosen === 'object' && chosen !== null && 'id' in chosen ? chosen.id : null;
    const country = countries.find((candidate) => candidate.id === countryId);
    for (const field of PHONE_FIELDS) {
      const phone = body[field];
      if (typeof phone !== 'string' || phone === '') continue;
      const problem = checkPhone(phone, country ? { code: country.code, dialCode: country.dialCode } : null);
      if (!problem) continue;
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: problem.message,
        params: { code: problem.code, ...problem.params },
      });
    }
  };
}
