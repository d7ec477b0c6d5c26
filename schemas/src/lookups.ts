import { z } from 'zod';
import { itemsResponse, LocalizedTextSchema, QueryBoolean } from './common.ts';
import { defineCall } from './http.ts';

export const CountrySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: LocalizedTextSchema,
  dialCode: z.string(),
});
export type Country = z.infer<typeof CountrySchema>;

export const AirportSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: LocalizedTextSchema,
  city: LocalizedTextSchema,
  countryCode: z.string(),
  timezone: z.string(),
  /** Main airports are offered first; other airports for the "other airports" trip types. */
  isMain: z.boolean(),
});
export type Airport = z.infer<typeof AirportSchema>;

export const AirportListQuery = z.object({
  query: z.string().max(100).optional(),
  isMain: QueryBoolean.optional(),
  countryCode: z.string().length(2).optional(),
});

export const TariffGroupSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: LocalizedTextSchema,
});
export const TariffSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: LocalizedTextSchema,
  tariffGroup: TariffGroupSchema,
});
export type Tariff = z.infer<typeof TariffSchema>;

export const lookupCalls = {
  countryList: defineCall({
    method: 'GET',
    path: 'country/entire-list',
    summary: 'Countries, CH, KV, FR, DE, AT, IT, MK first',
    auth: 'user',
    response: itemsResponse(CountrySchema),
  }),
  publicCountryList: defineCall({
    method: 'GET',
    path: 'public/country/list',
    summary: 'Countries for public forms',
    auth: 'public',
    response: itemsResponse(CountrySchema),
  }),
  airportList: defineCall({
    method: 'GET',
    path: 'airport/list',
    summary: 'Airports, filtered',
    auth: 'public',
    query: AirportListQuery,
    response: itemsResponse(AirportSchema),
  }),
  airportEntireList: defineCall({
    method: 'GET',
    path: 'airport/entire-list',
    summary: 'All airports',
    auth: 'public',
    response: itemsResponse(AirportSchema),
  }),
  tariffList: defineCall({
    method: 'GET',
    path: 'tariff/entire-list',
    summary: 'Tariffs with their tariff groups',
    auth: 'user',
    roles: 'ROLE_TARIFF_LIST',
    response: itemsResponse(TariffSchema),
  }),
  tariffGroupList: defineCall({
    method: 'GET',
    path: 'tariff-group/entire-list',
    summary: 'Tariff groups: economy, economy-plus, business',
    auth: 'user',
    response: itemsResponse(TariffGroupSchema),
  }),
};
