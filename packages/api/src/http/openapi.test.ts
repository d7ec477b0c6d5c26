import { toQueryString } from '@flybook/client';
import { type ApiCall, namedCalls, parseRequest, readQuery } from '@flybook/schemas';
import { Validator } from '@seriousme/openapi-schema-validator';
import AjvDraft04 from 'ajv-draft-04';
import ajvFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { booking } from '../test/bookings.ts';
import { catalogueIds, flightMaker } from '../test/flights.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

/**
 * The OpenAPI document at /api/docs says what the server does (issue 23 §6, docs/decisions.md
 * "API core"): it is a valid OpenAPI 3.0 document by the official schema, its parameters, required
 * fields, enums and defaults are those the server enforces, and live answers match its response
 * schemas.
 */

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  default?: unknown;
  description?: string;
}
interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  style?: string;
  explode?: boolean;
  schema: JsonSchema;
}
interface Operation {
  operationId: string;
  parameters: Parameter[];
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}
interface Document {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let manager: string;
let document: Document;
/** The document as served, for the validator. */
let served: Record<string, unknown>;

const operationOf = (call: ApiCall): Operation => {
  const operation = document.paths[`/${call.path}`]?.[call.method.toLowerCase()];
  if (!operation) throw new Error(`no operation for ${call.method} ${call.path}`);
  return operation;
};

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('manager');
  const response = await t.request({ method: 'GET', url: '/api/docs' });
  served = response.body;
  document = response.body;
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('is valid by the official OpenAPI 3.0 schema', async () => {
    const result = await new Validator().validate(structuredClone(served));
    expect(result.errors, JSON.stringify(result.errors, null, 1)?.slice(0, 3000)).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.0.3');
  });

  it("names every operation once, by its call's name in the contract, under one server entry", async () => {
    expect(document.servers).toEqual([{ url: '/api/v1' }]);
    const named = namedCalls();
    const ids = named.map(({ call }) => operationOf(call).operationId);
    expect(ids).toEqual(named.map(({ name }) => name));
    expect(new Set(ids).size).toBe(ids.length);
    expect(operationOf(named.find(({ name }) => name === 'reservationListList')!.call).operationId).toBe(
      'reservationListList',
    );
    // Every path is served where the server entry says: a token-only call asks for the token.
    const response = await t.request({ method: 'GET', url: `${document.servers[0]!.url}/reservation/list` });
    expect(response.status).toBe(401);
  });

  it('declares array query parameters as form/explode and object ones as deepObject', () => {
    for (const { call } of namedCalls()) {
      for (const parameter of operationOf(call).parameters.filter((p) => p.in === 'query')) {
        const where = `${call.method} ${call.path} ${parameter.name}`;
        if (parameter.schema.type === 'array') {
          expect({ style: parameter.style, explode: parameter.explode }, where).toEqual({
            style: 'form',
            explode: true,
          });
        } else if (parameter.schema.type === 'object') {
          expect({ style: parameter.style, explode: parameter.explode }, where).toEqual({
            style: 'deepObject',
            explode: true,
          });
        } else {
          expect(parameter.style, where).toBeUndefined();
        }
      }
    }
  });

  it('declares the defaults the server assumes, such as isActive of the reservation list', () => {
    const list = operationOf(namedCalls().find(({ name }) => name === 'reservationListList')!.call);
    const parameter = (name: string) => list.parameters.find((p) => p.name === name);
    expect(parameter('isActive')).toMatchObject({
      required: false,
      schema: { type: 'boolean', default: true },
    });
    expect(parameter('reservationStatus')?.schema.default).toEqual(['created', 'confirmed', 'reserved']);
    expect(parameter('pageSize')?.schema.default).toBe(15);
  });

  it('requires exactly the fields the server answers ERROR_REQUIRED for when they are missing', () => {
    const mismatches: string[] = [];
    for (const { call } of namedCalls()) {
      const operation = operationOf(call);
      const parts: [string, z.ZodType | undefined, string[]][] = [
        [
          'query',
          call.query,
          operation.parameters.filter((p) => p.in === 'query' && p.required).map((p) => p.name),
        ],
        ['body', call.body, operation.requestBody?.content['application/json'].schema.required ?? []],
      ];
      for (const [part, schema, declared] of parts) {
        if (!schema) continue;
        const result = parseRequest(schema, part === 'query' ? readQuery(schema, {}) : {});
        const enforced = result.success
          ? []
          : result.errors
              .filter((error) => error.code === 'ERROR_REQUIRED' && error.field && !error.field.includes('.'))
              .map((error) => error.field as string);
        if ([...enforced].sort().join() !== [...declared].sort().join()) {
          mismatches.push(
            `${call.method} ${call.path} ${part}: server ${enforced.join(',')}; document ${declared.join(',')}`,
          );
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('lists the values of every choice the server enforces (salutation, language, margin type…)', () => {
    const mismatches: string[] = [];
    for (const { call } of namedCalls()) {
      const operation = operationOf(call);
      const fields: [string, z.ZodType | undefined, Record<string, JsonSchema>][] = [
        [
          'query',
          call.query,
          Object.fromEntries(
            operation.parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.schema]),
          ),
        ],
        ['body', call.body, operation.requestBody?.content['application/json'].schema.properties ?? {}],
      ];
      for (const [part, schema, properties] of fields) {
        if (!schema) continue;
        for (const [name, property] of Object.entries(properties)) {
          const isArray = property.type === 'array';
          const declared = isArray ? property.items?.enum : property.enum;
          const field = isArray ? `${name}.0` : name;
          const codeFor = (value: unknown) => {
            const input = { [name]: isArray ? [value] : value };
            const result = parseRequest(schema, part === 'query' ? readQuery(schema, input) : input);
            return result.success ? undefined : result.errors.find((error) => error.field === field)?.code;
          };
          const where = `${call.method} ${call.path} ${part} ${name}`;
          if (codeFor('not-one-of-them') === 'ERROR_ENUM' && !declared) mismatches.push(`${where}: no enum`);
          for (const value of declared ?? []) {
            if (codeFor(value) === 'ERROR_ENUM') mismatches.push(`${where}: ${String(value)} refused`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
    const agent = namedCalls().find(({ name }) => name === 'agentCreate')!.call;
    const body = operationOf(agent).requestBody!.content['application/json'].schema;
    expect(body.properties?.salutation?.enum).toEqual(['mr', 'mrs']);
    expect(body.properties?.language?.enum).toEqual(['de', 'en', 'fr', 'sq']);
    expect(body.properties?.marginType?.enum).toEqual(['percent', 'money']);
    // Required only of staff who may set margins: said where a required list cannot say it.
    for (const margin of ['marginType', 'moneyMargin', 'percentMargin']) {
      expect(body.properties?.[margin]?.description, margin).toMatch(/ROLE_AGENT_MARGIN/);
    }
  });
});

describe('live answers', () => {
  // OpenAPI 3.0 schemas are JSON Schema draft 4 style (boolean exclusiveMinimum, nullable).
  const ajv = new AjvDraft04.default({ strict: true, allErrors: true });
  ajvFormats.default(ajv);
  /** Checks an answer against the response schema the document declares for its call and status. */
  const expectDocumented = (call: ApiCall, response: { status: number; body: unknown }) => {
    const responses = operationOf(call).responses;
    const declared = responses[String(response.status)] ?? responses[`${String(response.status)[0]}XX`];
    const schema = declared?.content?.['application/json']?.schema;
    expect(schema, `${call.method} ${call.path} ${response.status} declared`).toBeDefined();
    const validate = ajv.compile(schema!);
    const valid = validate(response.body);
    expect(validate.errors ?? [], `${call.method} ${call.path} ${response.status}`).toEqual([]);
    expect(valid).toBe(true);
  };
  const callNamed = (name: string) => namedCalls().find((entry) => entry.name === name)!.call;

  it('match the document: public flight search, reservation list, a 422 and a 404', async () => {
    const ids = await catalogueIds(t, manager);
    const flightId = await flightMaker(
      t,
      manager,
      ids,
      7100,
    )({
      departure: '2031-08-01T05:30:00Z',
      arrival: '2031-08-01T07:45:00Z',
    });
    const created = await t.api('POST', 'reservation', manager, booking(flightId, { paymentTerms: 'bill' }));
    expect(created.status).toBe(201);
    expectDocumented(callNamed('reservationCreate'), created);

    const search = await t.api(
      'GET',
      `public/flight/list?${toQueryString({ origin: 'ZRH', destination: 'PRN', departureDate: '2031-08-01', passengersAges: ['adult'] })}`,
    );
    expect(search.status, JSON.stringify(search.body)).toBe(200);
    expect(search.body.items.map((flight: { id: number }) => flight.id)).toContain(flightId);
    expectDocumented(callNamed('bookingPublicFlightList'), search);

    const list = await t.api('GET', 'reservation/list?pageSize=50', manager);
    expect(list.status).toBe(200);
    expect(list.body.items.length).toBeGreaterThan(0);
    expectDocumented(callNamed('reservationListList'), list);

    const invalid = await t.api('POST', 'reservation/calculate', undefined, { passengers: 'x' });
    expect(invalid.status).toBe(422);
    expectDocumented(callNamed('bookingCalculate'), invalid);

    const missing = await t.api('GET', 'reservation/2147483647', manager);
    expect(missing.status).toBe(404);
    expectDocumented(callNamed('reservationGet'), missing);
  });

  it('of every JSON read without parameters match the document', async () => {
    const admin = await t.login('admin');
    let checked = 0;
    for (const { call } of namedCalls()) {
      if (call.method !== 'GET' || call.params || call.response === 'file' || call.response === 'empty')
        continue;
      const response = await t.api('GET', call.path, call.auth === 'public' ? undefined : admin);
      if (response.status !== 200) continue;
      expectDocumented(call, response);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('accept a query sent as the document says (form arrays, deepObject intervals)', async () => {
    const list = operationOf(callNamed('reservationListList'));
    const values: Record<string, unknown> = {
      reservationStatus: ['created', 'cancelled'],
      flightDateInterval: { from: '2031-01-01', to: '2031-12-31' },
      isActive: false,
    };
    // What a generated client sends for these styles.
    const query = Object.entries(values)
      .flatMap(([name, value]) => {
        const parameter = list.parameters.find((p) => p.name === name)!;
        if (parameter.style === 'form' && Array.isArray(value))
          return value.map((item) => `${name}=${encodeURIComponent(String(item))}`);
        if (parameter.style === 'deepObject')
          return Object.entries(value as object).map(
            ([key, item]) => `${name}%5B${key}%5D=${encodeURIComponent(String(item))}`,
          );
        return [`${name}=${encodeURIComponent(String(value))}`];
      })
      .join('&');
    const standard = await t.api('GET', `reservation/list?${query}`, manager);
    expect(standard.status, JSON.stringify(standard.body)).toBe(200);
    const ours = await t.api('GET', `reservation/list?${toQueryString(values)}`, manager);
    expect(standard.body).toEqual(ours.body);
  });
});
