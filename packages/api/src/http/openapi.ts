import { type ApiCall, ApiErrorBodySchema, allCalls, type RoleRule } from '@flybook/schemas';
import { z } from 'zod';
import { API_PREFIX } from './register.ts';

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as Record<string, unknown>;

const describeRule = (rule: RoleRule): string =>
  typeof rule === 'string'
    ? rule
    : 'anyone' in rule
      ? 'anyone'
      : 'anyOf' in rule
        ? `any of (${rule.anyOf.map(describeRule).join(', ')})`
        : `all of (${rule.allOf.map(describeRule).join(', ')})`;

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
      out.push({
        name,
        in: where,
        required: where === 'path' || (json.required ?? []).includes(name),
        schema: property,
      });
    }
  }
  return out;
}

/** The OpenAPI 3 document of every declared call. */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorResponse = {
    content: { 'application/json': { schema: jsonSchema(ApiErrorBodySchema, 'output') } },
  };
  for (const call of allCalls()) {
    const path = `${API_PREFIX}/${call.path}`;
    const ok =
      call.response === 'empty'
        ? { '204': { description: 'No content' } }
        : call.response === 'file'
          ? { '200': { description: 'A file', content: { 'application/octet-stream': {} } } }
          : {
              [String(call.status ?? 200)]: {
                description: 'OK',
                content: { 'application/json': { schema: jsonSchema(call.response, 'output') } },
              },
            };
    paths[path] ??= {};
    paths[path][call.method.toLowerCase()] = {
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
      responses: { ...ok, '4XX': { description: 'Error', ...errorResponse } },
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Flybook API', version: '1' },
    components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'X-AUTH-TOKEN' } } },
    paths,
  };
}
