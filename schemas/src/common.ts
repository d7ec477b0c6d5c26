import { z } from 'zod';

export const LOCALES = ['de', 'en', 'fr', 'sq'] as const;
export const LocaleSchema = z.enum(LOCALES);
export type Locale = z.infer<typeof LocaleSchema>;

/** A text in each interface language. */
export const LocalizedTextSchema = z.object({
  de: z.string(),
  en: z.string(),
  fr: z.string(),
  sq: z.string(),
});
export type LocalizedText = z.infer<typeof LocalizedTextSchema>;

/**
 * The largest id a record can have: ids are PostgreSQL `integer` (serial) columns. A larger one
 * names nothing and is refused like any other malformed id, before it reaches a query.
 */
export const MAX_ID = 2_147_483_647;

export const IdSchema = z.coerce.number().int().positive().max(MAX_ID);
export const IdParams = z.object({ id: IdSchema });

/**
 * The largest amount of money (CHF, either sign) a request may carry: far above any booking or
 * settlement, and far below where whole Rappen stop being exact in a JS number (about 9·10¹³ CHF).
 */
export const MONEY_MAX = 1_000_000_000;

/**
 * At most two decimals, exactly: the number is the one its two-decimal rounding stands for. This is
 * what the server's money module reads without error, so 0.1 + 0.2 (0.30000000000000004) and
 * 5e-324 are refused here rather than failing later. Safe for |value| ≤ MONEY_MAX.
 */
export const hasTwoDecimalsAtMost = (value: number) => Number(value.toFixed(2)) === value;

/** CHF on the wire, two decimals at most; integer Rappen inside the server. */
export const MoneySchema = z
  .number()
  .min(-MONEY_MAX)
  .max(MONEY_MAX)
  .refine(hasTwoDecimalsAtMost, {
    message: 'Amount must be rounded to 0.01',
    params: { code: 'ERROR_MONEY_PRECISION' },
  });

export const IsoDateSchema = z.iso.date();
export const IsoDateTimeSchema = z.iso.datetime({ offset: true });

export const SortOrderSchema = z.enum(['ASC', 'DESC']);

/** Query booleans arrive as 'true'/'false'/'1'/'0'. */
export const QueryBoolean = z.preprocess(
  (value) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value),
  z.boolean(),
);

/**
 * Paging and sorting of a list call (DESIGN §3): page from 0, the list's own default and
 * maximum page size, a fixed set of sortable columns and a default sort.
 */
export function listQuery<const S extends readonly [string, ...string[]]>(options: {
  defaultPageSize: number;
  maxPageSize: number;
  sortBy: S;
  defaultSortBy: S[number];
  defaultSortOrder: 'ASC' | 'DESC';
}) {
  return z.object({
    page: z.coerce.number().int().min(0).default(0),
    pageSize: z.coerce.number().int().min(1).max(options.maxPageSize).default(options.defaultPageSize),
    sortBy: z.enum(options.sortBy).default(options.defaultSortBy as S[number]),
    sortOrder: SortOrderSchema.default(options.defaultSortOrder),
  });
}

/** A page of a list: `items` and the `total` matching the filters. */
export const listResponse = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int().min(0) });

/** An unpaged list: `items` only. */
export const itemsResponse = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });
