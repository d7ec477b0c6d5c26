import { issuesToErrors } from '@flybook/schemas';
import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import type { ErrorTranslator } from './errors.ts';

function valueAt(values: unknown, path: string): unknown {
  let current: unknown = values;
  for (const part of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = Object.getOwnPropertyDescriptor(current, part)?.value;
  }
  return current;
}

/**
 * A react-hook-form resolver over a shared zod schema that speaks the API's error codes, so a form
 * shows the same translated message the server would send ("Value should not be empty string.").
 * An untouched empty field says "required" instead: only a field of spaces is "empty string".
 */
export function schemaResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  translate: ErrorTranslator,
): Resolver<z.input<S>, unknown, z.output<S>> {
  return (values, _context, options) => {
    const result = schema.safeParse(values);
    if (result.success) return { values: result.data, errors: {} };
    const flat: Record<string, FieldError> = {};
    for (const item of issuesToErrors(result.error.issues)) {
      const field = item.field ?? 'root';
      if (flat[field]) continue; // the first rule broken is the one to fix first
      const code =
        item.code === 'ERROR_NOT_BLANK' && valueAt(values, field) === '' ? 'ERROR_REQUIRED' : item.code;
      flat[field] = { type: code, message: translate(code, item.params, item.message) };
    }
    return { values: {}, errors: toNestErrors(flat, options) };
  };
}
