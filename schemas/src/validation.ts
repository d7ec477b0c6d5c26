import { z } from 'zod';
import type { ApiErrorItem, ErrorCode } from './errors.ts';

/** A required text field: not empty and not only spaces (spec 01 §5). */
export const notBlank = (max = 255) =>
  z
    .string()
    .max(max)
    .refine((value) => value.trim() !== '', {
      message: 'Value should not be empty string',
      params: { code: 'ERROR_NOT_BLANK' },
    });

/** Marks a refinement that compares a repeat field with the password. */
export const passwordsMatch = {
  message: 'Should be equal to password',
  params: { code: 'ERROR_NOT_EQUAL_PASSWORD' },
  path: ['passwordConfirm'],
};

const issueCode = (issue: z.core.$ZodIssue): ErrorCode => {
  switch (issue.code) {
    case 'custom': {
      const code = (issue.params as { code?: ErrorCode } | undefined)?.code;
      return code ?? 'ERROR_VALIDATION';
    }
    case 'invalid_type':
      return issue.input === undefined ? 'ERROR_REQUIRED' : 'ERROR_TYPE';
    case 'too_small':
      return issue.origin === 'string' || issue.origin === 'array' ? 'ERROR_MIN_LENGTH' : 'ERROR_MINIMUM';
    case 'too_big':
      return issue.origin === 'string' || issue.origin === 'array' ? 'ERROR_MAX_LENGTH' : 'ERROR_MAXIMUM';
    case 'invalid_format':
      return issue.format === 'regex' ? 'ERROR_PATTERN' : 'ERROR_FORMAT';
    case 'invalid_value':
      return 'ERROR_ENUM';
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
 * by forms, so both speak the same codes.
 */
export function issuesToErrors(issues: readonly z.core.$ZodIssue[], prefix?: string): ApiErrorItem[] {
  return issues.map((issue) => {
    const code = issueCode(issue);
    const path = issue.path.map(String).join('.');
    const field = prefix && path ? `${prefix}.${path}` : path || prefix;
    const params = issueParams(issue);
    const message = code === 'ERROR_REQUIRED' ? 'This value is required.' : issue.message;
    return { code, message, ...(field ? { field } : {}), ...(params ? { params } : {}) };
  });
}
