import { z } from 'zod';
import { LocalizedTextSchema } from './common.ts';

export const AGE_TYPES = ['adult', 'child', 'infant'] as const;
export const AgeTypeSchema = z.enum(AGE_TYPES);
export type AgeType = z.infer<typeof AgeTypeSchema>;

/** The most passengers one reservation holds. */
export const MAX_PASSENGERS = 9;

/**
 * The party a search is for: `passengersAges` lists each passenger's age type
 * (`passengersAges=adult&passengersAges=infant`); `passengersAgeConfig` says the same as counts in
 * JSON text (`{"adult":2,"child":1}`). Without either, one adult.
 */
export const PartyQuery = z.object({
  // One value arrives as a plain string (`passengersAges=adult`), several as a list.
  passengersAges: z
    .preprocess(
      (value) => (typeof value === 'string' ? [value] : value),
      z.array(AgeTypeSchema).max(MAX_PASSENGERS),
    )
    .optional(),
  passengersAgeConfig: z
    .string()
    .max(200)
    .transform((text, ctx) => {
      try {
        return z
          .object({
            adult: z.number().int().min(0).max(MAX_PASSENGERS).default(0),
            child: z.number().int().min(0).max(MAX_PASSENGERS).default(0),
            infant: z.number().int().min(0).max(MAX_PASSENGERS).default(0),
          })
          .parse(JSON.parse(text));
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: 'Use counts like {"adult":2,"child":1}',
          params: { code: 'ERROR_FORMAT' },
        });
        return z.NEVER;
      }
    })
    .optional(),
});

/** Age types of the searched party, one entry per passenger. */
export function partyOf(query: z.infer<typeof PartyQuery>): AgeType[] {
  if (query.passengersAges?.length) return query.passengersAges;
  const counts = query.passengersAgeConfig;
  if (counts && counts.adult + counts.child + counts.infant > 0) {
    return AGE_TYPES.flatMap((ageType) => Array<AgeType>(counts[ageType]).fill(ageType));
  }
  return ['adult'];
}

/** One tariff's prices on a flight (CHF) and whether the searched party fits into its seats. */
export const PriceListEntrySchema = z.object({
  tariff: z.object({
    id: z.number().int(),
    group: z.object({ id: z.number().int() }),
    name: LocalizedTextSchema,
    isActive: z.boolean(),
  }),
  priceRound: z.number(),
  priceStandard: z.number(),
  fuelFee: z.number(),
  airportFee: z.number(),
  hasAvailableSeats: z.boolean(),
});
export type PriceListEntry = z.infer<typeof PriceListEntrySchema>;
