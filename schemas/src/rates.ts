import { z } from 'zod';
import {
  IdParams,
  IdSchema,
  itemsResponse,
  LocalizedTextSchema,
  listQuery,
  listResponse,
  MoneySchema,
  QueryBoolean,
} from './common.ts';
import { defineCall } from './http.ts';
import { notBlank } from './validation.ts';

// ---------- rates ----------

const Price = MoneySchema.pipe(z.number().min(0).max(100_000));
const Percent = z
  .number()
  .min(0)
  .max(100)
  .refine((value) => Number.isInteger(value * 100), {
    message: 'At most two decimals',
    params: { code: 'ERROR_MONEY_PRECISION' },
  });

/** The prices of one tariff in a rate; money in CHF, percentages of the adult price. */
export const RatePriceSchema = z.object({
  tariff: z.object({ id: IdSchema }),
  /** One-way price of an adult. */
  priceStandard: Price,
  /** Price of an adult per direction when outbound and return are booked together. */
  priceRound: Price,
  priceChildPercent: Percent,
  priceInfantPercent: Percent,
  airportFee: Price,
  fuelFee: Price,
});
export type RatePrice = z.infer<typeof RatePriceSchema>;

/** Tariffs a rate must always price, also on edit (spec 03 §5: the first two). */
export const RATE_REQUIRED_TARIFF_IDS = [1, 2] as const;

const priceList = z
  .array(RatePriceSchema)
  .min(1)
  .max(20)
  .superRefine((list, ctx) => {
    const seen = new Set<number>();
    list.forEach((entry, index) => {
      if (seen.has(entry.tariff.id)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'tariff', 'id'],
          message: 'Tariff priced twice',
          params: { code: 'ERROR_VALIDATION' },
        });
      }
      seen.add(entry.tariff.id);
    });
    for (const id of RATE_REQUIRED_TARIFF_IDS) {
      if (!seen.has(id)) {
        ctx.addIssue({
          code: 'custom',
          path: [],
          message: `Prices for tariff ${id} are required`,
          params: { code: 'ERROR_REQUIRED' },
        });
      }
    }
  });

export const RateBody = z.object({ name: notBlank(100), isActive: z.boolean().default(true), priceList });
export type RateBody = z.infer<typeof RateBody>;

export const RateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  isActive: z.boolean(),
  priceList: z.array(RatePriceSchema),
});
export type Rate = z.infer<typeof RateSchema>;

export const RateListQuery = listQuery({
  defaultPageSize: 15,
  maxPageSize: 50,
  sortBy: ['name', 'id'],
  defaultSortBy: 'name',
  defaultSortOrder: 'ASC',
}).extend({ query: z.string().max(100).optional(), isActive: QueryBoolean.optional() });

// ---------- options ----------

/** The option types offered (spec 03 §9). */
export const OPTION_TYPES = ['general', 'travel-insurance'] as const;
export const OptionTypeSchema = z.object({
  id: z.number().int(),
  code: z.enum(OPTION_TYPES),
  name: LocalizedTextSchema,
});

export const OPTION_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{1,29}$/;

const LocalizedRequired = z.object({
  de: notBlank(120),
  en: notBlank(120),
  fr: notBlank(120),
  sq: notBlank(120),
});
const LocalizedOptional = z.object({
  de: z.string().max(1000),
  en: z.string().max(1000),
  fr: z.string().max(1000),
  sq: z.string().max(1000),
});

export const OptionConfigSchema = z.object({
  title: LocalizedRequired,
  description: LocalizedOptional,
  /** Price per passenger and trip in CHF. */
  price: Price,
});

export const OptionSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  type: OptionTypeSchema,
  isActive: z.boolean(),
  configValues: OptionConfigSchema,
});
export type Option = z.infer<typeof OptionSchema>;

export const CreateOptionBody = z.object({
  code: z.string().regex(OPTION_CODE_PATTERN),
  type: z.object({ id: IdSchema }),
  isActive: z.boolean().default(true),
  configValues: OptionConfigSchema,
});
/** The type of an option cannot change; when sent on edit it must be the current one. */
export const UpdateOptionBody = CreateOptionBody.extend({ type: z.object({ id: IdSchema }).optional() });

export const OptionListQuery = listQuery({
  defaultPageSize: 15,
  maxPageSize: 50,
  sortBy: ['code', 'id'],
  defaultSortBy: 'code',
  defaultSortOrder: 'ASC',
}).extend({ query: z.string().max(100).optional(), isActive: QueryBoolean.optional() });

/** `config` is JSON text naming the rate and tariff of the flight a passenger booked. */
export const OptionAttachQuery = z.object({
  config: z
    .string()
    .max(200)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'config must be JSON', params: { code: 'ERROR_FORMAT' } });
        return z.NEVER;
      }
    })
    .pipe(z.object({ rateId: IdSchema, tariffId: IdSchema })),
});

const ROLE = {
  rateList: 'ROLE_RATE_LIST',
  rateRead: 'ROLE_RATE_READ',
  rateCreate: 'ROLE_RATE_CREATE',
  rateUpdate: 'ROLE_RATE_UPDATE',
  rateDelete: 'ROLE_RATE_DELETE',
  optionList: 'ROLE_RESERVATION_OPTION_LIST',
  optionCreate: 'ROLE_RESERVATION_OPTION_CREATE',
  optionUpdate: 'ROLE_RESERVATION_OPTION_UPDATE',
} as const;

export const rateCalls = {
  list: defineCall({
    method: 'GET',
    path: 'rate/list',
    summary: 'Rates (price models), paged',
    auth: 'user',
    roles: ROLE.rateList,
    query: RateListQuery,
    response: listResponse(RateSchema),
  }),
  entireList: defineCall({
    method: 'GET',
    path: 'rate/entire-list',
    summary: 'Active rates, for flight forms',
    auth: 'user',
    roles: ROLE.rateList,
    response: itemsResponse(RateSchema),
  }),
  get: defineCall({
    method: 'GET',
    path: 'rate/{id}',
    summary: 'A rate with its price list',
    auth: 'user',
    roles: ROLE.rateRead,
    params: IdParams,
    response: RateSchema,
  }),
  create: defineCall({
    method: 'POST',
    path: 'rate',
    summary: 'Add a rate; every tariff must be priced',
    auth: 'user',
    roles: ROLE.rateCreate,
    body: RateBody,
    response: RateSchema,
    status: 201,
  }),
  update: defineCall({
    method: 'PUT',
    path: 'rate/{id}',
    summary: 'Change a rate; tariffs left out of the price list are no longer sold under it',
    auth: 'user',
    roles: ROLE.rateUpdate,
    params: IdParams,
    body: RateBody,
    response: RateSchema,
  }),
  remove: defineCall({
    method: 'DELETE',
    path: 'rate/{id}',
    summary: 'Delete a rate no flight uses',
    auth: 'user',
    roles: ROLE.rateDelete,
    params: IdParams,
    response: 'empty',
  }),
};

export const optionCalls = {
  list: defineCall({
    method: 'GET',
    path: 'option/list',
    summary: 'Options (extras per passenger), paged',
    auth: 'user',
    roles: ROLE.optionList,
    query: OptionListQuery,
    response: listResponse(OptionSchema),
  }),
  entireList: defineCall({
    method: 'GET',
    path: 'option/entire-list',
    summary: 'Active options',
    auth: 'user',
    response: itemsResponse(OptionSchema),
  }),
  typeList: defineCall({
    method: 'GET',
    path: 'option/type/entire-list',
    summary: 'Option types offered: general and travel insurance',
    auth: 'user',
    response: itemsResponse(OptionTypeSchema),
  }),
  get: defineCall({
    method: 'GET',
    path: 'option/{id}',
    summary: 'An option',
    auth: 'user',
    roles: { anyOf: [ROLE.optionList, ROLE.optionUpdate] },
    params: IdParams,
    response: OptionSchema,
  }),
  create: defineCall({
    method: 'POST',
    path: 'option',
    summary: 'Add an option',
    auth: 'user',
    roles: ROLE.optionCreate,
    body: CreateOptionBody,
    response: OptionSchema,
    status: 201,
  }),
  update: defineCall({
    method: 'PUT',
    path: 'option/{id}',
    summary: 'Change an option (not its type)',
    auth: 'user',
    roles: ROLE.optionUpdate,
    params: IdParams,
    body: UpdateOptionBody,
    response: OptionSchema,
  }),
  remove: defineCall({
    method: 'DELETE',
    path: 'option/{id}',
    summary: 'Delete an option no booking holds (options are kept with the rates: ROLE_RATE_DELETE)',
    auth: 'user',
    roles: ROLE.rateDelete,
    params: IdParams,
    response: 'empty',
  }),
  attachList: defineCall({
    method: 'GET',
    path: 'public/option/attach/list',
    summary: 'Options a passenger can add on a flight of this rate and tariff',
    auth: 'public',
    query: OptionAttachQuery,
    response: itemsResponse(OptionSchema),
  }),
};
