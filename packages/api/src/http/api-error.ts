import { type ApiErrorItem, ERROR_MESSAGES, type ErrorCode } from '@flybook/schemas';

/** A failure a service reports on purpose: a stable code, an HTTP status and optional details. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly field: string | undefined;
  readonly params: ApiErrorItem['params'];

  constructor(
    code: ErrorCode,
    status: number,
    options: { message?: string; field?: string; params?: ApiErrorItem['params'] } = {},
  ) {
    super(options.message ?? ERROR_MESSAGES[code] ?? code);
    this.code = code;
    this.status = status;
    this.field = options.field;
    this.params = options.params;
  }

  toItem(): ApiErrorItem {
    return {
      code: this.code,
      message: this.message,
      ...(this.field ? { field: this.field } : {}),
      ...(this.params ? { params: this.params } : {}),
    };
  }

  static notFound(what: string, id: number | string): ApiError {
    return new ApiError('ERROR_NOT_FOUND', 404, {
      message: `Not found ${what} ${id}`,
      params: { id: String(id) },
    });
  }

  static forbidden(): ApiError {
    return new ApiError('ERROR_FORBIDDEN', 403);
  }
}

/** A 422 with one or more field errors from a business rule. */
export class ValidationError extends Error {
  readonly items: ApiErrorItem[];
  constructor(items: ApiErrorItem[]) {
    super(items.map((item) => item.message).join('; '));
    this.items = items;
  }
}
