import { z } from 'zod';
import type { ApiErrorItem, ErrorCode } from './errors.ts';

/** A required text field: not empty and not only spaces (spec 01 §5). */
export const notBlank = (max = 255) =>
  z
    .string()
    .max(max)
    .refine((value) => value.trim() !== '', {
      message: 'Value should not be empty string.',
      params: { code: 'ERROR_NOT_BLANK' },
    });

/** Marks a refinement that compares a repeat field with the password. */
export const passwordsMatch = {
  message: 'Should be equal to password',
  params: { code: 'ERROR_NOT_EQUAL_PASSWORD' },
  path: ['passwordConfirm'],
};

/**
 * Whether an issue is about a value that is not there: missing (or null, which JSON uses for "no
 * value") rather than present with the wrong type. Zod keeps the failing value on an issue only
 * when parsing with `reportInput: true` (`parseRequest` does); without it the issue is taken for a
 * missing value, as before.
 */
const isMissing = (issue: z.core.$ZodIssue) =>
  !('input' in issue) || issue.input === undefined || issue.input === null;

/**
 * Whether the sent value lacks the field at `path` (or a parent of it), or holds null there. False
 * where a transform changed the shape (JSON text read as an object): the issue's input decides then.
 */
const isAbsentIn = (root: unknown, path: readonly PropertyKey[]) => {
  let node = root;
  for (const key of path) {
    if (node === undefined || node === null) return true;
    if (typeof node !== 'object') return false;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node === undefined || node === null;
};

const issueCode = (issue: z.core.$ZodIssue, missing: boolean): ErrorCode => {
  switch (issue.code) {
    case 'custom': {
      const code = (issue.params as { code?: ErrorCode } | undefined)?.code;
      return code ?? 'ERROR_VALIDATION';
    }
    case 'invalid_type':
      return missing ? 'ERROR_REQUIRED' : 'ERROR_TYPE';
    case 'too_small':
      return issue.origin === 'string' || issue.origin === 'array' ? 'ERROR_MIN_LENGTH' : 'ERROR_MINIMUM';
    case 'too_big':
      return issue.origin === 'string' || issue.origin === 'array' ? 'ERROR_MAX_LENGTH' : 'ERROR_MAXIMUM';
    case 'invalid_format':
      return issue.format === 'regex' ? 'ERROR_PATTERN' : 'ERROR_FORMAT';
    case 'invalid_value':
      return missing && 'input' in issue ? 'ERROR_REQUIRED' : 'ERROR_ENUM';
    default:
      return 'ERROR_VALIDATION';
  }
};

const issueParams = (issue: z.core.$ZodIssue): ApiErrorItem['params'] => {
  if (issue.code === 'custom') {
    // A refinement's own params besides its code (e.g. the limit of a phone range) go along.
    const kept = Object.entries(issue.params ?? {}).filter(
      ([name, value]) => name !== 'code' && (typeof value === 'number' || typeof value === 'string'),
    );
    return kept.length > 0 ? Object.fromEntries(kept) : undefined;
  }
  if (issue.code === 'too_small') return { limit: Number(issue.minimum) };
  if (issue.code === 'too_big') return { limit: Number(issue.maximum) };
  if (issue.code === 'invalid_format') return { format: issue.format };
  return undefined;
};

/**
 * Turns zod issues into the API's field errors: a stable code per rule type, the English
 * message, the dotted field path and the rule's limit. Used by the server's error handler and
 * by forms, so both speak the same codes. `isMissing` tells a missing value from a wrong one.
 */
export function issuesToErrors(
  issues: readonly z.core.$ZodIssue[],
  prefix?: string,
  missing: (issue: z.core.$ZodIssue) => boolean = isMissing,
): ApiErrorItem[] {
  return issues.map((issue) => {
    const code = issueCode(issue, missing(issue));
    const path = issue.path.map(String).join('.');
    const field = prefix && path ? `${prefix}.${path}` : path || prefix;
    const params = issueParams(issue);
    const message = code === 'ERROR_REQUIRED' ? 'This value is required.' : issue.message;
    return { code, message, ...(field ? { field } : {}), ...(params ? { params } : {}) };
  });
}

/**
 * Parses a request part as the server does and answers its data or its field errors. A value
 * missing or null where the schema wants one is ERROR_REQUIRED; a value of the wrong type is
 * ERROR_TYPE (spec 01 §5), also where the schema coerces it (`z.coerce.number()` turns a missing
 * id into NaN) or reads "" as absent first (`requiredField`). The value never goes into an error.
 */
export function parseRequest<T extends z.ZodType>(
  schema: T,
  value: unknown,
): { success: true; data: z.output<T> } | { success: false; errors: ApiErrorItem[] } {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return { success: true, data: result.data };
  return {
    success: false,
    errors: issuesToErrors(
      result.error.issues,
      undefined,
      (issue) => isMissing(issue) || isAbsentIn(value, issue.path),
    ),
  };
}
