import { toQueryString } from '@flybook/client';
import { type ApiCall, readQuery } from '@flybook/schemas';
import fc from 'fast-check';
import qs from 'qs';
import type { z } from 'zod';

/**
 * Bad requests for every declared call, generated from its zod schemas (docs/security.md, "Bad
 * input"). The schema of each part (path, query, body) is read into a plain shape; from it come
 * values that look right (with ids that do not exist and hostile text in every string) and values
 * with planted defects (wrong types, missing fields, limits exceeded, bad money, deep nesting), and
 * whole requests with broken transport (malformed JSON, wrong content type, oversized bodies).
 * A mirror of the server's own parsing then says which answer the request must get.
 */

// ---------- shapes read from the schemas ----------

type Kind =
  | { kind: 'object'; fields: Record<string, Field> }
  | { kind: 'array'; item: Shape; min: number; max: number | undefined }
  | {
      kind: 'string';
      min: number;
      max: number | undefined;
      format: string | undefined;
      pattern: RegExp | undefined;
    }
  | {
      kind: 'number';
      integer: boolean;
      min: number | undefined;
      minExclusive: boolean;
      max: number | undefined;
      money: boolean;
      id: boolean;
      coerce: boolean;
    }
  | { kind: 'boolean' }
  | { kind: 'enum'; values: readonly (string | number | boolean | null)[] }
  | { kind: 'union'; options: Shape[] }
  | { kind: 'record'; value: Shape }
  | { kind: 'any' };

export type Shape = Kind & { nullable: boolean };
export interface Field {
  shape: Shape;
  optional: boolean;
}

interface Def {
  type: string;
  [key: string]: unknown;
}
interface Check {
  _zod: { def: { check: string; [key: string]: unknown } };
}

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): Check['_zod']['def'][] =>
  ((def.checks as Check[] | undefined) ?? []).map((check) => check._zod.def);

/** Names that hold a record's id: `id`, `flightId`, `ids`, `typeIds`. */
const ID_NAME = /(^id$|^ids$|Id$|Ids$)/;

const any: Shape = { kind: 'any', nullable: false };

function numberShape(def: Def, name: string): Shape {
  let integer = false;
  let min: number | undefined;
  let minExclusive = false;
  let max: number | undefined;
  let money = false;
  for (const check of checksOf(def)) {
    if (check.check === 'number_format' && String(check.format).includes('int')) integer = true;
    if (check.check === 'greater_than') {
      min = Number(check.value);
      minExclusive = check.inclusive !== true;
    }
    if (check.check === 'less_than') max = Number(check.value);
    if (check.check === 'custom') {
      const code = (check.params as { code?: string } | undefined)?.code;
      if (code === 'ERROR_MONEY_PRECISION') money = true;
    }
  }
  const positive = min !== undefined && (min > 0 || (min === 0 && minExclusive));
  return {
    kind: 'number',
    integer,
    min,
    minExclusive,
    max,
    money,
    id: integer && positive && ID_NAME.test(name),
    coerce: def.coerce === true,
    nullable: false,
  };
}

/** The length limits of a string or an array. */
function lengthLimits(def: Def): { min: number; max: number | undefined } {
  let min = 0;
  let max: number | undefined;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length') min = Number(check.minimum);
    if (check.check === 'max_length') max = Number(check.maximum);
    if (check.check === 'length_equals') {
      min = Number(check.length);
      max = Number(check.length);
    }
  }
  return { min, max };
}

function stringShape(def: Def): Shape {
  const { min, max } = lengthLimits(def);
  let format = typeof def.format === 'string' ? def.format : undefined;
  let pattern: RegExp | undefined;
  for (const check of checksOf(def)) {
    if (check.check === 'string_format') {
      if (check.format === 'regex') pattern = check.pattern as RegExp;
      else format = String(check.format);
    }
  }
  return { kind: 'string', min, max, format, pattern, nullable: false };
}

/** Tightens a shape read from a pipe's input with the limits of its output (MoneySchema.pipe(z.number().max(…))). */
function merge(input: Shape, output: Shape): Shape {
  if (input.kind === 'number' && output.kind === 'number') {
    return {
      ...input,
      integer: input.integer || output.integer,
      min: output.min ?? input.min,
      minExclusive: output.min !== undefined ? output.minExclusive : input.minExclusive,
      max: output.max ?? input.max,
      money: input.money || output.money,
      id: input.id || output.id,
    };
  }
  if (input.kind === 'string' && output.kind === 'string') {
    return {
      ...input,
      min: Math.max(input.min, output.min),
      max: output.max ?? input.max,
      format: output.format ?? input.format,
      pattern: output.pattern ?? input.pattern,
    };
  }
  return input;
}

const described = new WeakMap<object, Shape>();

/** The shape of a whole request part, read once per schema. */
export function shapeOf(schema: z.ZodType): Shape {
  let shape = described.get(schema);
  if (!shape) {
    shape = describe(schema).shape;
    described.set(schema, shape);
  }
  return shape;
}

/** Reads a zod schema (as the request side sees it) into a shape; `name` is the field's key. */
export function describe(schema: unknown, name = ''): Field {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
      return { shape: describe(def.innerType, name).shape, optional: true };
    case 'nullable': {
      const inner = describe(def.innerType, name);
      return { shape: { ...inner.shape, nullable: true }, optional: inner.optional };
    }
    case 'nonoptional':
      return { shape: describe(def.innerType, name).shape, optional: false };
    case 'readonly':
    case 'catch':
      return describe(def.innerType, name);
    case 'lazy':
      return describe((def.getter as () => unknown)(), name);
    case 'pipe': {
      // z.preprocess(fn, schema): what arrives is read by the output schema.
      if (defOf(def.in).type === 'transform') return describe(def.out, name);
      const input = describe(def.in, name);
      const output = describe(def.out, name);
      return { shape: merge(input.shape, output.shape), optional: input.optional };
    }
    case 'object': {
      const fields: Record<string, Field> = {};
      for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) {
        fields[key] = describe(value, key);
      }
      return { shape: { kind: 'object', fields, nullable: false }, optional: false };
    }
    case 'intersection': {
      const left = describe(def.left, name).shape;
      const right = describe(def.right, name).shape;
      if (left.kind === 'object' && right.kind === 'object') {
        return {
          shape: { kind: 'object', fields: { ...left.fields, ...right.fields }, nullable: false },
          optional: false,
        };
      }
      return { shape: left, optional: false };
    }
    case 'array': {
      const { min, max } = lengthLimits(def);
      return {
        shape: { kind: 'array', item: describe(def.element, name).shape, min, max, nullable: false },
        optional: false,
      };
    }
    case 'string':
      return { shape: stringShape(def), optional: false };
    case 'number':
    case 'int':
      return { shape: numberShape(def, name), optional: false };
    case 'boolean':
      return { shape: { kind: 'boolean', nullable: false }, optional: false };
    case 'enum':
      return {
        shape: {
          kind: 'enum',
          values: Object.values(def.entries as Record<string, string | number>),
          nullable: false,
        },
        optional: false,
      };
    case 'literal':
      return {
        shape: { kind: 'enum', values: def.values as (string | number)[], nullable: false },
        optional: false,
      };
    case 'union':
      return {
        shape: {
          kind: 'union',
          options: (def.options as unknown[]).map((option) => describe(option, name).shape),
          nullable: false,
        },
        optional: false,
      };
    case 'record':
      return {
        shape: { kind: 'record', value: describe(def.valueType, name).shape, nullable: false },
        optional: false,
      };
    default:
      return { shape: any, optional: false };
  }
}

/** True when every value of the shape must carry an id (so a value with made-up ids names nothing). */
export function requiresId(shape: Shape): boolean {
  switch (shape.kind) {
    case 'number':
      return shape.id;
    case 'object':
      return Object.values(shape.fields).some((field) => !field.optional && requiresId(field.shape));
    case 'array':
      return shape.min > 0 && requiresId(shape.item);
    case 'union':
      return shape.options.length > 0 && shape.options.every(requiresId);
    default:
      return false;
  }
}

// ---------- values that look right ----------

/** Ids no record has: inside PostgreSQL's integer range, at its edge, and beyond it. */
export const MISSING_IDS = [424_242, 2_147_483_647, 2_147_483_648, 9_007_199_254_740_991] as const;

/** Text an attacker would try: SQL, HTML and script, LIKE wildcards, escapes, control and odd Unicode. */
export const HOSTILE_TEXT = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1) UNION SELECT password_hash FROM users --',
  '%',
  '_%\\',
  '\\',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg/onload=alert(1)>',
  '{{7*7}}#{7*7}',
  '../../etc/passwd',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'Zürich 🛫 مرحبا \u202e',
  ' ',
] as const;

const clip = (text: string, min: number, max: number | undefined) => {
  const long = text.length >= min ? text : text.padEnd(min, 'x');
  return max === undefined ? long : long.slice(0, max);
};

const textArb = (shape: Extract<Shape, { kind: 'string' }>): fc.Arbitrary<string> => {
  switch (shape.format) {
    case 'email':
      return fc.constantFrom('nobody@example.test', "o'hara+1@example.test", 'x_%@example.test');
    case 'date':
      return fc
        .date({ min: new Date('1900-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
    case 'datetime':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
        .map((date) => date.toISOString());
    default:
      break;
  }
  if (shape.pattern) {
    const pattern = shape.pattern;
    return fc.stringMatching(pattern, { size: 'xsmall' }).map((text) => clip(text, shape.min, shape.max));
  }
  return fc
    .oneof(
      { arbitrary: fc.constantFrom(...HOSTILE_TEXT), weight: 3 },
      { arbitrary: fc.string({ maxLength: 20 }), weight: 1 },
      { arbitrary: fc.string({ unit: 'binary', maxLength: 10 }), weight: 1 },
    )
    .map((text) => clip(text, shape.min, shape.max));
};

const numberArb = (shape: Extract<Shape, { kind: 'number' }>): fc.Arbitrary<number> => {
  if (shape.id) return fc.constantFrom(...MISSING_IDS);
  const low = shape.min === undefined ? -1000 : shape.min + (shape.minExclusive ? 1 : 0);
  const high = shape.max === undefined ? Math.max(low, 0) + 1000 : shape.max;
  if (shape.money) {
    return fc
      .constantFrom(low, high, 0, 0.01, 12.5, 199.95)
      .filter((value) => value >= low && value <= high)
      .map((value) => Math.round(value * 100) / 100);
  }
  if (shape.integer) return fc.integer({ min: Math.ceil(low), max: Math.floor(high) });
  return fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true });
};

/** A value of the shape with made-up ids and hostile text; the schema's refinements may still refuse it. */
export function plausible(shape: Shape, depth = 0): fc.Arbitrary<unknown> {
  const value = ((): fc.Arbitrary<unknown> => {
    switch (shape.kind) {
      case 'object': {
        const entries = Object.entries(shape.fields);
        const record: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [key, field] of entries) record[key] = plausible(field.shape, depth + 1);
        return fc.record(record, {
          requiredKeys: entries.filter(([, field]) => !field.optional).map(([key]) => key),
        });
      }
      case 'array':
        return fc.array(plausible(shape.item, depth + 1), {
          minLength: shape.min,
          maxLength: Math.max(shape.min, Math.min(shape.max ?? 3, depth > 2 ? 1 : 3)),
        });
      case 'string':
        return textArb(shape);
      case 'number':
        return numberArb(shape);
      case 'boolean':
        return fc.boolean();
      case 'enum':
        return fc.constantFrom(...shape.values);
      case 'union':
        return fc.oneof(...shape.options.map((option) => plausible(option, depth + 1)));
      case 'record':
        return fc.dictionary(
          fc.constantFrom('de', 'en', 'fr', 'sq', 'x'),
          plausible(shape.value, depth + 1),
          { maxKeys: 4 },
        );
      case 'any':
        return fc.constantFrom('x', 1, true);
    }
  })();
  return shape.nullable ? fc.option(value, { nil: null, freq: 5 }) : value;
}

// ---------- defects ----------

/** How deep the deeply nested bodies go (JSON.parse and the schemas must neither crash nor stall). */
export const DEEP_NESTING = 10_000;

/** A JSON text nested `depth` levels deep. */
export const deepJson = (depth: number) => `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`;
const deepValue = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = { a: [value] };
  return value;
};

/** Values of the wrong JSON type for a shape. */
function wrongTypes(shape: Shape): unknown[] {
  const all: [string, unknown][] = [
    ['null', null],
    ['boolean', true],
    ['number', -1],
    ['number', 1.5],
    ['string', 'not the right type'],
    ['string', '1 OR 1=1'],
    ['array', []],
    ['array', ['x', 2]],
    ['object', {}],
    ['object', { $gt: '' }],
    ['object', deepValue(500)],
  ];
  const own: Record<Shape['kind'], string[]> = {
    object: ['object'],
    array: ['array'],
    string: ['string'],
    number: ['number'],
    boolean: ['boolean'],
    enum: ['string', 'number'],
    union: ['object', 'array', 'string', 'number', 'boolean'],
    record: ['object'],
    any: ['object', 'array', 'string', 'number', 'boolean', 'null'],
  };
  return all
    .filter(([type]) => !own[shape.kind].includes(type) && !(type === 'null' && shape.nullable))
    .map(([, value]) => value);
}

/** Marks a number in a body that is written into the JSON text as a raw token JSON cannot hold. */
export const RAW_TOKEN = '\u0000raw:';
const rawNumbers = ['NaN', 'Infinity', '-Infinity', '1e999', '-1e999', '0x10', '01', '+1'];

function numberDefects(shape: Extract<Shape, { kind: 'number' }>): unknown[] {
  const out: unknown[] = rawNumbers.map((token) => `${RAW_TOKEN}${token}`);
  if (shape.min !== undefined) out.push(shape.min - (shape.integer ? 1 : 0.5), -1, -1e308);
  if (shape.max !== undefined) out.push(shape.max + 1, 1e308);
  if (shape.integer) out.push(1.5, 0.001, 2 ** 53 + 2, 1e21);
  if (shape.money) out.push(0.001, -0.01, 12.345, 0.1 + 0.2, 1e12, 1e20, 1e300, -1e300, 5e-324);
  if (shape.id) out.push(0, -7, 2 ** 31, 2 ** 63, 1e20);
  if (!shape.coerce) out.push('12', '');
  else out.push('abc', '1 OR 1=1', '', '1e999');
  return out;
}

function stringDefects(shape: Extract<Shape, { kind: 'string' }>): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [fc.constantFrom(...wrongTypes(shape))];
  if (shape.max !== undefined) {
    const max = shape.max;
    options.push(
      fc.constantFrom(max + 1, max * 2 + 10, 200_000).map((length) => clip("'<x>", length, length)),
    );
  } else {
    // No limit declared: a huge text must still be refused (body limit) or stored, never crash.
    options.push(fc.constant('x'.repeat(300_000)));
  }
  if (shape.min > 0) options.push(fc.constant(''));
  if (shape.format || shape.pattern) {
    options.push(
      fc.constantFrom(...HOSTILE_TEXT, '2024-02-30', '2024-13-01', '31.12.2024', '0000-00-00', '@', 'a@'),
    );
  }
  return fc.oneof(...options);
}

/**
 * A value of the shape with at least one planted defect somewhere inside it (a wrong type, a
 * missing field, a limit exceeded, an impossible amount, a made-up enum value…).
 */
export function defective(shape: Shape, depth = 0): fc.Arbitrary<unknown> {
  const wrong = wrongTypes(shape);
  const wrongArb = wrong.length > 0 ? [fc.constantFrom(...wrong)] : [];
  switch (shape.kind) {
    case 'object': {
      const entries = Object.entries(shape.fields);
      if (entries.length === 0) return fc.oneof(...wrongArb);
      const required = entries.filter(([, field]) => !field.optional).map(([key]) => key);
      const base = plausible(shape, depth) as fc.Arbitrary<Record<string, unknown>>;
      const options: fc.Arbitrary<unknown>[] = [...wrongArb];
      if (required.length > 0) {
        options.push(
          fc.tuple(base, fc.constantFrom(...required)).map(([value, key]) => {
            const copy = { ...value };
            delete copy[key];
            return copy;
          }),
        );
      }
      if (depth < 4) {
        options.push(
          fc
            .constantFrom(...entries)
            .chain(([key, field]) =>
              fc
                .tuple(base, defective(field.shape, depth + 1))
                .map(([value, bad]) => ({ ...value, [key]: bad })),
            ),
        );
      }
      return fc.oneof(...options);
    }
    case 'array': {
      const item = plausible(shape.item, depth + 1);
      const options: fc.Arbitrary<unknown>[] = [...wrongArb];
      if (shape.max !== undefined) {
        const over = shape.max + 1;
        options.push(item.map((one) => Array.from({ length: over }, () => one)));
      }
      if (shape.min > 0) options.push(fc.constant([]));
      if (depth < 4) {
        options.push(
          fc
            .tuple(fc.array(item, { maxLength: 2 }), defective(shape.item, depth + 1))
            .map(([good, bad]) => [...good, bad]),
        );
      }
      return fc.oneof(...options);
    }
    case 'string':
      return stringDefects(shape);
    case 'number':
      return fc.constantFrom(...numberDefects(shape), ...wrong);
    case 'boolean':
      return fc.constantFrom('yes', 'true', 2, ...wrong);
    case 'enum': {
      const text = shape.values.find((value) => typeof value === 'string');
      return fc.constantFrom(
        'NOT_A_VALUE',
        "x' OR 'x'='x",
        '',
        ...(typeof text === 'string'
          ? [text.toUpperCase() === text ? text.toLowerCase() : text.toUpperCase(), ` ${text}`]
          : []),
        ...wrong,
      );
    }
    case 'union':
    case 'record':
    case 'any':
      return wrongArb.length > 0 ? fc.oneof(...wrongArb) : fc.constant(deepValue(50));
  }
}

/** Fields no schema declares: harmless names and names that would grant something if they were read. */
export const UNKNOWN_FIELDS: Record<string, unknown> = {
  isAdmin: true,
  roles: ['ROLE_ADMIN'],
  balance: 1e9,
  createdBy: 1,
  $where: '1==1',
  ['x'.repeat(300)]: 'long key',
};

const withUnknownFields = (value: unknown, extra: Record<string, unknown>) =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...value, ...extra } : value;

// ---------- whole requests ----------

export type Defect = 'none' | 'schema' | 'transport';

export interface BadRequest {
  /** What was planted; `none` is a request the schemas may accept (made-up ids, hostile text). */
  planted: Defect;
  /** A short name of the variant, for failure messages. */
  variant: string;
  params: Record<string, string>;
  /** Path parameters written into the path as they are, not percent-encoded. */
  rawPath?: true;
  query: unknown;
  /** The request body as sent (a JSON text, or another text with `contentType`). */
  payload: string | undefined;
  contentType: string | undefined;
}

/** A JSON text of a body with raw tokens (NaN, 1e999) written in where the generator marked them. */
export function jsonText(value: unknown): string {
  return JSON.stringify(value).replace(/"\\u0000raw:([^"]*)"/g, '$1');
}

const paramText = (value: unknown): string => {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');
  // An empty path segment is another route; the router's 404 is not what is under test. A lone
  // surrogate cannot be percent-encoded in a URL at all.
  return text === '' ? ' ' : text.replace(RAW_TOKEN, '').toWellFormed();
};

/** Path parameters as the server reads them: every placeholder filled, each value as text. */
const stringParams = (call: ApiCall, value: unknown): Record<string, string> => {
  const given = value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
  const names = [...call.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
  return Object.fromEntries(
    names.map((name) => [name, name in given ? paramText((given as Record<string, unknown>)[name]) : 'x']),
  );
};

/** Malformed or unreadable transports of a (valid-looking) body text. */
function transportDefects(
  text: string,
): fc.Arbitrary<{ variant: string; payload: string; contentType: string | undefined }> {
  const json = 'application/json';
  return fc.constantFrom(
    {
      variant: 'truncated JSON',
      payload: text.slice(0, Math.max(1, Math.floor(text.length / 2))),
      contentType: json,
    },
    { variant: 'trailing comma', payload: `${text.replace(/}$/, '')},}`, contentType: json },
    {
      variant: 'single quotes',
      payload: text.includes('"') ? text.replaceAll('"', "'") : "{'a':1}",
      contentType: json,
    },
    { variant: 'not JSON', payload: 'id=1&amount=5', contentType: json },
    { variant: 'empty JSON body', payload: '', contentType: json },
    { variant: 'NaN token', payload: '{"amount": NaN}', contentType: json },
    {
      variant: 'prototype poisoning',
      payload: `{"__proto__":{"isAdmin":true},"a":${text}}`,
      contentType: json,
    },
    {
      variant: 'constructor poisoning',
      payload: `{"constructor":{"prototype":{"isAdmin":true}},"a":${text}}`,
      contentType: json,
    },
    { variant: 'form encoding', payload: 'id=1&amount=5', contentType: 'application/x-www-form-urlencoded' },
    {
      variant: 'multipart',
      payload: '--x\r\n\r\n1\r\n--x--',
      contentType: 'multipart/form-data; boundary=x',
    },
    { variant: 'XML', payload: '<a>1</a>', contentType: 'application/xml' },
    { variant: 'body over 1 MiB', payload: `{"a":"${'x'.repeat(1_100_000)}"}`, contentType: json },
  );
}

/**
 * Requests for a call: transport defects (non-GET calls), schema defects in one part (with unknown
 * fields and hostile text around them), and — when `plausibleAllowed` — requests the schemas may
 * accept, whose ids name nothing.
 */
export function badRequests(call: ApiCall, options: { plausibleAllowed: boolean }): fc.Arbitrary<BadRequest> {
  const params = call.params && shapeOf(call.params);
  const query = call.query && shapeOf(call.query);
  const body = call.body && shapeOf(call.body);
  const good = {
    params: params ? plausible(params) : fc.constant({}),
    query: query ? plausible(query) : fc.constant(undefined),
    body: body ? plausible(body) : fc.constant(undefined),
  };
  const request = (
    planted: Defect,
    variant: string,
    parts: { params: unknown; query: unknown; body: unknown },
    transport?: { payload: string; contentType: string | undefined },
  ): BadRequest => ({
    planted,
    variant,
    params: stringParams(call, parts.params),
    query: parts.query,
    payload: transport ? transport.payload : parts.body === undefined ? undefined : jsonText(parts.body),
    contentType: transport
      ? transport.contentType
      : parts.body === undefined
        ? undefined
        : 'application/json',
  });

  const variants: fc.Arbitrary<BadRequest>[] = [];
  if (options.plausibleAllowed) {
    variants.push(fc.record(good).map((parts) => request('none', 'plausible, ids that do not exist', parts)));
  }
  const part = (name: 'params' | 'query' | 'body', shape: Shape | undefined) => {
    if (!shape) return;
    variants.push(
      fc.record({ ...good, [name]: defective(shape), unknown: fc.boolean() }).map(({ unknown, ...parts }) =>
        request('schema', `defect in ${name}${unknown ? ' with unknown fields' : ''}`, {
          ...parts,
          [name]: unknown && name !== 'params' ? withUnknownFields(parts[name], UNKNOWN_FIELDS) : parts[name],
        }),
      ),
    );
  };
  part('params', params);
  if (params) {
    variants.push(
      fc.record(good).map((parts) => {
        const bad = request('transport', 'broken percent-encoding in the path', parts);
        const [first] = Object.keys(bad.params);
        return { ...bad, rawPath: true as const, params: { ...bad.params, [first ?? 'id']: '%E0%A4%A' } };
      }),
    );
  }
  part('query', query);
  part('body', body);
  if (call.method !== 'GET') {
    variants.push(
      fc
        .record(good)
        .chain((parts) =>
          transportDefects(jsonText(parts.body ?? {})).map((transport) =>
            request('transport', transport.variant, parts, transport),
          ),
        ),
    );
    if (body) {
      variants.push(
        fc.record(good).map((parts) =>
          request('schema', 'JSON body as text/plain', parts, {
            payload: jsonText(parts.body),
            contentType: 'text/plain',
          }),
        ),
        fc
          .record({ ...good, body: fc.constantFrom([], 'text', 42, null, true) })
          .map((parts) => request('schema', 'body not an object', parts)),
        fc.record(good).map((parts) =>
          request('schema', `body nested ${DEEP_NESTING} deep`, parts, {
            payload: deepJson(DEEP_NESTING),
            contentType: 'application/json',
          }),
        ),
      );
    }
  }
  return fc.oneof(...variants);
}

// ---------- the server's parsing, mirrored ----------

/** How the server reads query strings (app.ts). */
export const QS_OPTIONS = { arrayLimit: 500, depth: 3, parameterLimit: 1000 } as const;

export const pathOf = (call: ApiCall, request: Pick<BadRequest, 'params' | 'rawPath'>) =>
  call.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = request.params[name] ?? 'x';
    return request.rawPath ? value : encodeURIComponent(value);
  });

/** The router refuses a path parameter longer than this (Fastify's maxParamLength) with 414. */
const MAX_PARAM_LENGTH = 100;

export const queryOf = (query: unknown) => {
  const text = toQueryString(query);
  return text === '' ? '' : `?${text}`;
};

export type Expected =
  | { kind: 'transport' }
  | { kind: 'unauthorized' }
  | { kind: 'invalid'; part: string }
  | { kind: 'accepted'; pathId: boolean }
  /** Accepted, but a planted defect was read as an id that may exist ('01' is 1): never sent. */
  | { kind: 'unsafe' };

/** The ids a parsed value holds, found by its shape. */
function idsIn(shape: Shape, value: unknown): number[] {
  if (value === null || value === undefined) return [];
  switch (shape.kind) {
    case 'number':
      return shape.id && typeof value === 'number' ? [value] : [];
    case 'object':
      return Object.entries(shape.fields).flatMap(([key, field]) =>
        typeof value === 'object' ? idsIn(field.shape, (value as Record<string, unknown>)[key]) : [],
      );
    case 'array':
      return Array.isArray(value) ? value.flatMap((item) => idsIn(shape.item, item)) : [];
    case 'union':
      return shape.options.flatMap((option) => idsIn(option, value));
    default:
      return [];
  }
}

/** The body limit of the server (app.ts). */
const BODY_LIMIT = 1024 * 1024;

/** The body as the server's content parsers read it, or null when they refuse it (400, 413, 415). */
const readBody = (request: BadRequest): { value: unknown } | null => {
  const { payload, contentType } = request;
  if (payload === undefined) return { value: undefined };
  if (Buffer.byteLength(payload) > BODY_LIMIT) return null;
  const type = (contentType ?? '').split(';')[0]?.trim();
  if (type === 'text/plain') return { value: payload };
  if (type !== 'application/json') return null;
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  return poisoned(value) ? null : { value };
};

/** Fastify refuses a "__proto__" key, or "constructor" holding "prototype", anywhere in a body. */
function poisoned(value: unknown): boolean {
  const stack = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item === null || typeof item !== 'object') continue;
    if (Object.hasOwn(item, '__proto__')) return true;
    const owner = Object.hasOwn(item, 'constructor') ? (item as { constructor: unknown }).constructor : null;
    if (owner !== null && typeof owner === 'object' && Object.hasOwn(owner, 'prototype')) return true;
    stack.push(...Object.values(item));
  }
  return false;
}

/**
 * What the server must make of a request: unreadable transport (400/413/414/415), no session
 * (401), a schema failure (422), or a request its schemas accept (`pathId`: it names a record by
 * an id in its path).
 */
export function expectedOutcome(call: ApiCall, request: BadRequest, anonymous: boolean): Expected {
  if (request.rawPath) return { kind: 'transport' };
  if (Object.values(request.params).some((value) => encodeURIComponent(value).length > MAX_PARAM_LENGTH))
    return { kind: 'transport' };
  const body = readBody(request);
  if (!body) return { kind: 'transport' };
  if (anonymous && call.auth === 'user') return { kind: 'unauthorized' };
  const query = qs.parse(queryOf(request.query).slice(1), QS_OPTIONS);
  const parts: [string, z.ZodType | undefined, unknown][] = [
    ['params', call.params, request.params],
    ['query', call.query, readQuery(call.query, query)],
    ['body', call.body, body.value],
  ];
  const ids: number[] = [];
  for (const [name, schema, value] of parts) {
    if (!schema) continue;
    const result = schema.safeParse(value ?? (name === 'body' ? undefined : {}));
    if (!result.success) return { kind: 'invalid', part: name };
    ids.push(...idsIn(shapeOf(schema), result.data));
  }
  if (ids.some((id) => id < MISSING_IDS[0])) return { kind: 'unsafe' };
  return { kind: 'accepted', pathId: call.params !== undefined && requiresId(shapeOf(call.params)) };
}
