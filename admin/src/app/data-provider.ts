import type { ApiClient } from '@flybook/client';
import type { ApiCall } from '@flybook/schemas';
import type {
  BaseRecord,
  CrudFilter,
  CrudSort,
  DataProvider,
  GetListParams,
  HttpError,
  Pagination,
} from '@refinedev/core';
import type { z } from 'zod';
import { type ErrorTranslator, toHttpError } from './errors.ts';

/** A record the address cannot name (see getOne). */
const notFoundError: HttpError = { statusCode: 404, message: 'Not found.', code: 'ERROR_NOT_FOUND' };

/** A page of a list call as the API answers it (DESIGN §3). */
export type ListPage = {
  items: BaseRecord[];
  total: number;
  /** The API stopped counting: more than `total` records match (docs/lists-at-scale.md). */
  totalIsCapped?: true | undefined;
};

type AnySchema = z.ZodType | undefined;

/** A paged list call: `page` from 0, `pageSize`, `sortBy`, `sortOrder` in the query; `{ items, total }` back. */
export type ListCall = ApiCall<AnySchema, AnySchema, undefined, z.ZodType<ListPage>>;

/** A call that answers one record (get, create, update, delete). */
export type RecordCall = ApiCall<AnySchema, AnySchema, AnySchema, z.ZodType<BaseRecord>>;

/**
 * The calls behind one Refine resource. Areas declare them once (resource name → calls) and Refine's
 * list, show and form hooks work against the typed, schema-checked client.
 */
export interface ResourceCalls {
  list?: ListCall;
  /** params `{ id }` */
  one?: RecordCall;
  /** body = the form values */
  create?: RecordCall;
  /** params `{ id }`, body = the form values */
  update?: RecordCall;
  /** params `{ id }` */
  remove?: RecordCall | ApiCall<AnySchema, undefined, undefined, 'empty'>;
  /** Refine column names whose API `sortBy` differs (e.g. `user.displayName` → `displayName`). */
  sortFields?: Readonly<Record<string, string>>;
  /** Turns Refine filters into query fields when the default `field = value` mapping is not enough. */
  filtersToQuery?: (filters: readonly CrudFilter[]) => Record<string, unknown>;
}

export type ResourceMap = Readonly<Record<string, ResourceCalls>>;

const isEmptyValue = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * Default filter mapping: each filter sets the query field of its name. A `between` pair becomes
 * `{ from, to }` (sent as `field[from]=…&field[to]=…`); the children of and/or groups are flattened
 * because the API's list queries are flat AND filters. Empty values are left out so the API applies
 * its own defaults.
 */
export function filtersToQuery(filters: readonly CrudFilter[] = []): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  const visit = (filter: CrudFilter) => {
    if (!('field' in filter)) {
      for (const inner of filter.value) visit(inner);
      return;
    }
    const value: unknown = filter.value;
    if (isEmptyValue(value)) return;
    if (filter.operator === 'between' && Array.isArray(value)) {
      const [from, to] = value;
      query[filter.field] = { ...(isEmptyValue(from) ? {} : { from }), ...(isEmptyValue(to) ? {} : { to }) };
      return;
    }
    query[filter.field] = value;
  };
  for (const filter of filters) visit(filter);
  return query;
}

/** Refine's 1-based `currentPage` → the API's 0-based `page`; no paging when Refine turns it off. */
export function paginationToQuery(pagination: Pagination | undefined): Record<string, number> {
  if (pagination?.mode === 'off') return {};
  const currentPage = Math.max(1, pagination?.currentPage ?? 1);
  return { page: currentPage - 1, ...(pagination?.pageSize ? { pageSize: pagination.pageSize } : {}) };
}

/** The API sorts by one column: the first Refine sorter wins. */
export function sortersToQuery(
  sorters: readonly CrudSort[] | undefined,
  sortFields: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const sorter = sorters?.[0];
  if (!sorter) return {};
  return {
    sortBy: sortFields[sorter.field] ?? sorter.field,
    sortOrder: sorter.order === 'desc' ? 'DESC' : 'ASC',
  };
}

/** The query of a list call for Refine's list parameters. */
export function listQuery(params: GetListParams, calls: ResourceCalls): Record<string, unknown> {
  const filters = calls.filtersToQuery
    ? calls.filtersToQuery(params.filters ?? [])
    : filtersToQuery(params.filters);
  return {
    ...filters,
    ...paginationToQuery(params.pagination),
    ...sortersToQuery(params.sorters, calls.sortFields),
  };
}

// Refine lets every caller choose the record type of a hook (`useList<Flight>`); our records were
// already parsed by the call's response schema, so this only restates the caller's static type.
const asRecords = <T extends BaseRecord>(records: BaseRecord[]): T[] => records as T[];
const asRecord = <T extends BaseRecord>(record: BaseRecord): T => record as T;

export interface DataProviderOptions {
  client: ApiClient;
  /** What Refine reports as the API address (`getApiUrl`). */
  apiUrl?: string;
  resources: ResourceMap;
  translate?: ErrorTranslator;
  /** Where schema failures of answers are reported (spec 01 §8: logged only). */
  logSchemaError?: (error: unknown) => void;
}

/**
 * Refine's data provider over @flybook/client. Each resource names its calls; every request and
 * answer is checked against the shared schemas, and any failure reaches Refine as an HttpError with
 * field messages.
 */
export function createDataProvider({
  client,
  apiUrl = '/api/v1',
  resources,
  translate,
  logSchemaError = (error) => console.error(error),
}: DataProviderOptions): DataProvider {
  const callsOf = (resource: string): ResourceCalls => {
    const calls = resources[resource];
    if (!calls) throw { message: `Unknown resource "${resource}"`, statusCode: 404 } satisfies HttpError;
    return calls;
  };

  const need = <K extends keyof ResourceCalls>(resource: string, kind: K): NonNullable<ResourceCalls[K]> => {
    const call = callsOf(resource)[kind];
    if (!call)
      throw { message: `Resource "${resource}" has no ${kind} call`, statusCode: 405 } satisfies HttpError;
    return call;
  };

  const run = async <T>(action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (error) {
      const httpError = toHttpError(error, translate);
      if (httpError.code === 'ERROR_RESPONSE_SCHEMA') logSchemaError(error);
      throw httpError;
    }
  };

  return {
    getApiUrl: () => apiUrl,

    getList: ({ resource, pagination, sorters, filters, meta, dataProviderName }) =>
      run(async () => {
        const calls = callsOf(resource);
        const call = need(resource, 'list');
        const query = listQuery({ resource, pagination, sorters, filters, meta, dataProviderName }, calls);
        const page = await client.call(call, { query, params: meta?.params });
        return {
          data: asRecords(page.items),
          total: page.total,
          ...(page.totalIsCapped ? { totalIsCapped: true } : {}),
        };
      }),

    getOne: ({ resource, id, meta }) =>
      run(async () => {
        const call = need(resource, 'one');
        const params = { ...meta?.params, id };
        // An address naming no record (`/flight/edit/abc`, `/rate/edit/0`) is Not Found, not a
        // failed form: nothing that id could name exists.
        if (call.params && !call.params.safeParse(params).success) throw notFoundError;
        const record = await client.call(call, { params });
        return { data: asRecord(record) };
      }),

    create: ({ resource, variables, meta }) =>
      run(async () => {
        const record = await client.call(need(resource, 'create'), { body: variables, params: meta?.params });
        return { data: asRecord(record) };
      }),

    update: ({ resource, id, variables, meta }) =>
      run(async () => {
        const record = await client.call(need(resource, 'update'), {
          params: { ...meta?.params, id },
          body: variables,
        });
        return { data: asRecord(record) };
      }),

    deleteOne: ({ resource, id, meta }) =>
      run(async () => {
        const result = await client.call(need(resource, 'remove'), { params: { ...meta?.params, id } });
        // A 204 answer has no body; Refine only needs the id to drop the row from its caches.
        return { data: asRecord(result ?? { id }) };
      }),
  };
}
