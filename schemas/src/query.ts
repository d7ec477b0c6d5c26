import type { z } from 'zod';

/**
 * How the server reads a query string once it is split into names and values (docs/decisions.md,
 * API core, "Query strings"), before the call's query schema checks it:
 *
 * - a blank value (`from=`, `status[]=`) counts as absent, at any depth: an optional filter is
 *   then not applied, a default applies, a required one answers ERROR_REQUIRED;
 * - an array field takes both the OpenAPI standard form `status=a&status=b` (style form, explode)
 *   and the bracket form `status[]=a&status[]=b` our client sends; a single `status=a` is one item;
 * - an object field is read from `name[key]=value` (style deepObject).
 *
 * The server (register.ts) and the bad-input tests' mirror of it use this one function.
 */
export function readQuery(schema: z.ZodType | undefined, value: unknown): unknown {
  return read(schema, value);
}

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
}

const defOf = (schema: z.ZodType): Def => schema._zod.def as unknown as Def;

/** The schema that checks a value as sent: wrappers (optional, default, preprocess…) taken off. */
function inputSide(schema: z.ZodType | undefined): z.ZodType | undefined {
  let current = schema;
  for (let depth = 0; current && depth < 20; depth++) {
    const def = defOf(current);
    if (def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in && def.out)
      current = defOf(def.in).type === 'transform' ? def.out : def.in;
    else return current;
  }
  return current;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function read(schema: z.ZodType | undefined, value: unknown): unknown {
  if (value === '') return undefined;
  const inner = inputSide(schema);
  const def = inner ? defOf(inner) : undefined;
  if (def?.type === 'array' && (typeof value === 'string' || Array.isArray(value))) {
    const items = (Array.isArray(value) ? value : [value])
      .map((item) => read(def.element, item))
      .filter((item) => item !== undefined);
    return items.length === 0 ? undefined : items;
  }
  if (Array.isArray(value))
    return value.map((item) => read(undefined, item)).filter((item) => item !== undefined);
  if (isRecord(value)) {
    const fields = def?.type === 'object' ? def.shape : undefined;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const field = fields && Object.hasOwn(fields, key) ? fields[key] : undefined;
      const kept = read(field, item);
      if (kept !== undefined && key !== '__proto__') out[key] = kept;
    }
    return out;
  }
  return value;
}
