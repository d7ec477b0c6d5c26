import { createClient } from '@flybook/client';
import { defineCall, listQuery as listQuerySchema, listResponse } from '@flybook/schemas';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDataProvider, filtersToQuery, paginationToQuery, sortersToQuery } from './data-provider.ts';

const FlightSchema = z.object({ id: z.number(), flightNumber: z.string() });

const flightList = defineCall({
  method: 'GET',
  path: 'flight/list',
  summary: 'test list',
  auth: 'user',
  query: listQuerySchema({
    defaultPageSize: 20,
    maxPageSize: 100,
    sortBy: ['id', 'departure'],
    defaultSortBy: 'departure',
    defaultSortOrder: 'ASC',
  }).extend({
    query: z.string().optional(),
    status: z.array(z.enum(['created', 'cancelled'])).optional(),
    departure: z.object({ from: z.string().optional(), to: z.string().optional() }).optional(),
  }),
  response: listResponse(FlightSchema),
});

const flightGet = defineCall({
  method: 'GET',
  path: 'flight/{id}',
  summary: 'test get',
  auth: 'user',
  params: z.object({ id: z.coerce.number().int().positive() }),
  response: FlightSchema,
});

const flightCreate = defineCall({
  method: 'POST',
  path: 'flight',
  summary: 'test create',
  auth: 'user',
  body: z.object({ flightNumber: z.string().min(3) }),
  response: FlightSchema,
});

function setup(answer: (url: URL, init?: RequestInit) => Response) {
  const seen: URL[] = [];
  const client = createClient({
    baseUrl: '/api',
    fetch: async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      seen.push(url);
      return answer(url, init);
    },
  });
  const provider = createDataProvider({
    client,
    resources: {
      flights: {
        list: flightList,
        one: flightGet,
        create: flightCreate,
        sortFields: { departureAt: 'departure' },
      },
    },
  });
  return { provider, seen };
}

const ok = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('list paging, sorting and filters', () => {
  it('sends Refine page 1 as API page 0 and page 3 as page 2, with the page size', () => {
    expect(paginationToQuery({ currentPage: 1, pageSize: 20 })).toEqual({ page: 0, pageSize: 20 });
    expect(paginationToQuery({ currentPage: 3, pageSize: 50 })).toEqual({ page: 2, pageSize: 50 });
    expect(paginationToQuery(undefined)).toEqual({ page: 0 });
    expect(paginationToQuery({ mode: 'off' })).toEqual({});
  });

  it('sorts by the first sorter, upper-case order, with renamed fields', () => {
    expect(
      sortersToQuery([
        { field: 'id', order: 'desc' },
        { field: 'x', order: 'asc' },
      ]),
    ).toEqual({
      sortBy: 'id',
      sortOrder: 'DESC',
    });
    expect(sortersToQuery([{ field: 'departureAt', order: 'asc' }], { departureAt: 'departure' })).toEqual({
      sortBy: 'departure',
      sortOrder: 'ASC',
    });
    expect(sortersToQuery([])).toEqual({});
  });

  it('turns filters into query fields, skipping empty ones and splitting ranges', () => {
    expect(
      filtersToQuery([
        { field: 'query', operator: 'contains', value: 'ZRH' },
        { field: 'status', operator: 'in', value: ['created'] },
        { field: 'origin', operator: 'eq', value: '' },
        { field: 'weekday', operator: 'in', value: [] },
        { field: 'departure', operator: 'between', value: ['2026-01-01', null] },
        { operator: 'and', value: [{ field: 'isActive', operator: 'eq', value: true }] },
      ]),
    ).toEqual({ query: 'ZRH', status: ['created'], departure: { from: '2026-01-01' }, isActive: true });
  });

  it('calls the list with page from 0, sortBy/sortOrder and filters, and answers { data, total }', async () => {
    const { provider, seen } = setup(() => ok({ items: [{ id: 7, flightNumber: 'FB 101' }], total: 41 }));
    const result = await provider.getList({
      resource: 'flights',
      pagination: { currentPage: 3, pageSize: 20 },
      sorters: [{ field: 'departureAt', order: 'desc' }],
      filters: [
        { field: 'status', operator: 'in', value: ['created', 'cancelled'] },
        { field: 'departure', operator: 'between', value: ['2026-01-01', '2026-01-31'] },
      ],
    });
    expect(result).toEqual({ data: [{ id: 7, flightNumber: 'FB 101' }], total: 41 });
    const url = seen[0]!;
    expect(url.pathname).toBe('/api/v1/flight/list');
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.get('pageSize')).toBe('20');
    expect(url.searchParams.get('sortBy')).toBe('departure');
    expect(url.searchParams.get('sortOrder')).toBe('DESC');
    expect(url.searchParams.getAll('status[]')).toEqual(['created', 'cancelled']);
    expect(url.searchParams.get('departure[from]')).toBe('2026-01-01');
    expect(url.searchParams.get('departure[to]')).toBe('2026-01-31');
  });
});

describe('errors reach Refine as HttpError with field messages', () => {
  it('maps a 422 body to statusCode, message and errors per field', async () => {
    const { provider } = setup(() =>
      ok(
        {
          errors: [
            { code: 'ERROR_NOT_BLANK', message: 'Value should not be empty string.', field: 'flightNumber' },
            { code: 'ERROR_MAX_LENGTH', message: 'Too long', field: 'flightNumber', params: { limit: 8 } },
            { code: 'ERROR_CONFLICT', message: 'Conflict' },
          ],
        },
        422,
      ),
    );
    await expect(
      provider.create({ resource: 'flights', variables: { flightNumber: 'FB 1' } }),
    ).rejects.toEqual({
      statusCode: 422,
      code: 'ERROR_NOT_BLANK',
      message: 'Value should not be empty string.',
      errors: { flightNumber: ['Value should not be empty string.', 'Too long'] },
    });
  });

  it('reports a request that fails its own schema like a 422 without sending it', async () => {
    const { provider, seen } = setup(() => ok({}));
    const error = await provider
      .create({ resource: 'flights', variables: { flightNumber: 'F' } })
      .catch((e) => e);
    expect(seen).toHaveLength(0);
    expect(error).toMatchObject({ statusCode: 422, errors: { flightNumber: expect.any(String) } });
  });

  it('keeps the status of a 401 so the auth provider can log out', async () => {
    const { provider } = setup(() =>
      ok({ errors: [{ code: 'ERROR_UNAUTHORIZED', message: 'Authentication required.' }] }, 401),
    );
    await expect(provider.getList({ resource: 'flights' })).rejects.toMatchObject({ statusCode: 401 });
  });

  it('answers an id the address cannot name (abc, 0) with a 404 without asking the server', async () => {
    const { provider, seen } = setup(() => ok({ id: 1, flightNumber: 'FB120' }));
    for (const id of ['abc', '0', '12x']) {
      await expect(provider.getOne({ resource: 'flights', id })).rejects.toMatchObject({
        statusCode: 404,
        code: 'ERROR_NOT_FOUND',
      });
    }
    expect(seen).toHaveLength(0);
    await expect(provider.getOne({ resource: 'flights', id: '7' })).resolves.toMatchObject({
      data: { id: 1 },
    });
  });

  it('answers an unknown resource with a 404 HttpError', async () => {
    const { provider } = setup(() => ok({}));
    await expect(provider.getList({ resource: 'nope' })).rejects.toMatchObject({ statusCode: 404 });
  });
});
