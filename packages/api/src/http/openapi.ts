import { type ApiCall, ApiErrorBodySchema, namedCalls, type RoleRule } from '@flybook/schemas';
import { z } from 'zod';
import { API_PREFIX } from './register.ts';

interface Def {
  type: string;
  in?: z.ZodType;
  out?: z.ZodType;
  innerType?: z.ZodType;
  defaultValue?: unknown;
  entries?: Record<string, string | number>;
}
const defOf = (schema: z.core.$ZodType): Def => schema._zod.def as unknown as Def;

/** The values of an enum at the end of a pipe (`z.string().pipe(z.enum(…))`), if it is one. */
function pipedEnum(schema: z.core.$ZodType): (string | number)[] | undefined {
  let current: z.core.$ZodType | undefined = schema;
  for (let depth = 0; current && depth < 10; depth++) {
    const def = defOf(current);
    if (def.type === 'enum' && def.entries) return Object.values(def.entries);
    current = def.type === 'pipe' ? def.out : def.innerType;
  }
  return undefined;
}

/**
 * Puts back in the document what the server enforces but zod's JSON Schema leaves out of a request
 * (io 'input'): the enum of a choice read as text first (`requiredChoice`: a missing value is then
 * ERROR_REQUIRED rather than ERROR_ENUM), and the default of a field read through z.preprocess
 * (QueryBoolean.default(true)); and null among the values of a nullable enum.
 */
function override(ctx: { zodSchema: z.core.$ZodType; jsonSchema: Record<string, unknown> }) {
  const def = defOf(ctx.zodSchema);
  const json = ctx.jsonSchema;
  if (def.type === 'default' && !('default' in json) && def.defaultValue !== undefined) {
    json.default = JSON.parse(JSON.stringify(def.defaultValue));
  }
  if (def.type === 'pipe' && json.type === 'string' && !json.enum) {
    const values = pipedEnum(ctx.zodSchema);
    if (values) json.enum = values;
  }
  // OpenAPI 3.0.3: `nullable` does not widen an `enum`; null must be one of its values.
  if (json.nullable === true && Array.isArray(json.enum) && !json.enum.includes(null)) {
    json.enum = [...json.enum, null];
  }
}

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'openapi-3.0',
    override,
  }) as Record<string, unknown>;

const describeRule = (rule: RoleRule): string =>
  typeof rule === 'string'
    ? rule
    : 'anyone' in rule
      ? 'anyone'
      : 'anyOf' in rule
        ? `any of (${rule.anyOf.map(describeRule).join(', ')})`
        : `all of (${rule.allOf.map(describeRule).join(', ')})`;

/**
 * How the server reads a query parameter of this schema (@flybook/schemas `readQuery`,
 * docs/decisions.md): arrays as `name=a&name=b` (the bracket form `name[]=a` is read too),
 * objects as `name[key]=v`.
 */
function serialization(schema: Record<string, unknown>) {
  if (schema.type === 'array') return { style: 'form', explode: true };
  if (schema.type === 'object') return { style: 'deepObject', explode: true };
  return {};
}

/** Query and path parameters of a call, one entry per top-level field of its schema. */
function parameters(call: ApiCall) {
  const out: Record<string, unknown>[] = [];
  for (const [where, schema] of [
    ['path', call.params],
    ['query', call.query],
  ] as const) {
    if (!schema) continue;
    const json = jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      const { description, ...propertySchema } = property as Record<string, unknown>;
      out.push({
        name,
        in: where,
        required: where === 'path' || (json.required ?? []).includes(name),
        ...(typeof description === 'string' ? { description } : {}),
        ...(where === 'query' ? serialization(propertySchema) : {}),
        schema: propertySchema,
      });
    }
  }
  return out;
}

const FILE_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const fileType = (call: ApiCall) =>
  FILE_TYPES[call.fileName?.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';

/**
 * The OpenAPI 3 document of every declared call. Paths are relative to the one server entry
 * (`/api/v1`); each operation's `operationId` is its name in `api` of @flybook/schemas.
 */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorResponse = {
    content: { 'application/json': { schema: jsonSchema(ApiErrorBodySchema, 'output') } },
  };
  for (const { name, call } of namedCalls()) {
    const path = `/${call.path}`;
    const ok =
      call.response === 'empty'
        ? { '204': { description: 'No content' } }
        : call.response === 'file'
          ? {
              '200': {
                description: `A file (${call.fileName ?? 'download'}); its name in Content-Disposition`,
                content: { [fileType(call)]: { schema: { type: 'string', format: 'binary' } } },
              },
            }
          : {
              [String(call.status ?? 200)]: {
                description: 'OK',
                content: { 'application/json': { schema: jsonSchema(call.response, 'output') } },
              },
            };
    paths[path] ??= {};
    paths[path][call.method.toLowerCase()] = {
      operationId: name,
      summary: call.summary,
      description:
        call.auth === 'public'
          ? 'Public.'
          : `Requires a session${call.roles ? `; roles: ${describeRule(call.roles)}` : ''}.`,
      security: call.auth === 'public' ? [] : [{ token: [] }],
      parameters: parameters(call),
      ...(call.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(call.body, 'input') } },
            },
          }
        : {}),
      responses: {
        ...ok,
        '4XX': { description: 'Refused: the error format, 422 with the fields', ...errorResponse },
        '5XX': { description: 'Failed or unavailable: the error format', ...errorResponse },
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Flybook API', version: '1' },
    servers: [{ url: API_PREFIX }],
    components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'X-AUTH-TOKEN' } } },
    paths,
  };
}
