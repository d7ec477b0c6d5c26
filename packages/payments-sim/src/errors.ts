/** An error the API answers as `{ error: { code, message } }` with its status, like Datatrans does. */
export class SimError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'SimError';
    this.status = status;
    this.code = code;
  }
}

export function invalidProperty(property: string, problem: string): SimError {
  return new SimError(400, 'INVALID_PROPERTY', `${property}: ${problem}`);
}

export function invalidStatus(transactionId: string, status: string, operation: string): SimError {
  return new SimError(
    400,
    'INVALID_TRANSACTION_STATUS',
    `Transaction ${transactionId} is ${status}; it cannot be ${operation}`,
  );
}

export function transactionNotFound(transactionId: string): SimError {
  return new SimError(404, 'TRANSACTION_NOT_FOUND', `No transaction with id ${transactionId}`);
}

export interface ErrorBody {
  error: { code: string; message: string };
}

export function errorBody(code: string, message: string): ErrorBody {
  return { error: { code, message } };
}
