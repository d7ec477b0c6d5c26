// How database failures are told apart, logged and cut short: a lost or refused connection is the
// database being unavailable for a while (503, retry), not a bug (500); a failed statement is logged
// without its parameters, which carry session token hashes, rate-limit keys and personal data; a
// connection that can no longer be trusted has its socket closed (`closeSocket`).

/** SQLSTATEs of a connection the server ended or refused (class 08 and the 57P shutdowns). */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown, a failover
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
]);

/** Socket errors on the way to the database. */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** Messages of node-postgres, its pool and PGlite for a connection that is gone or not to be had. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
  'Query read timeout', // DB_QUERY_TIMEOUT_MS passed without an answer: the connection went silent
  'Cannot use a pool after calling end on the pool',
  'PGlite is closed',
  'PGlite is closing',
];

/** The errors an error stands for: itself, its `cause` chain and an AggregateError's members. */
function* chainOf(error: unknown, depth = 0): Generator<unknown> {
  if (depth > 8 || error === null || error === undefined) return;
  yield error;
  if (typeof error !== 'object') return;
  if (error instanceof AggregateError) for (const member of error.errors) yield* chainOf(member, depth + 1);
  if ('cause' in error) yield* chainOf(error.cause, depth + 1);
}

const stringField = (value: unknown, name: string): string | undefined => {
  if (typeof value !== 'object' || value === null || !(name in value)) return undefined;
  const field = (value as Record<string, unknown>)[name];
  return typeof field === 'string' ? field : undefined;
};

/**
 * Whether an error means the database cannot be reached right now (a dropped, reset, terminated or
 * refused connection, a pool that cannot get one in time), however deeply Drizzle wrapped it. Such
 * a request is answered 503 with Retry-After; nothing of it was committed unless a retry with the
 * same Idempotency-Key says so.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const item of chainOf(error)) {
    const code = stringField(item, 'code');
    if (code && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_ERRNOS.has(code))) return true;
    const message = item instanceof Error ? item.message : undefined;
    if (message && UNAVAILABLE_MESSAGES.some((text) => message.startsWith(text))) return true;
  }
  return false;
}

/**
 * SQLSTATEs of a statement PostgreSQL gave up on for a passing reason, not because the request or
 * the code is wrong: repeating the call a moment later works.
 */
const TRANSIENT_SQLSTATES = new Set([
  '57014', // query_canceled: statement_timeout (DB_QUERY_TIMEOUT_MS), pg_cancel_backend
  '53300', // too_many_connections: max_connections or a role's connection limit reached
  '55P03', // lock_not_available: lock_timeout, NOWAIT
  '40001', // serialization_failure (no transaction here runs above READ COMMITTED; kept for safety)
  '40P01', // deadlock_detected: after the booking services' own retries (retryOnDeadlock) failed too
]);

/**
 * Whether an error is a transient refusal of the database (a statement cancelled or timed out, no
 * connection slot, a lock not had, a deadlock still there after retries, a database that does not
 * accept connections for now: `ALTER DATABASE … ALLOW_CONNECTIONS false`, 55000 with "is not
 * currently accepting connections"). Answered like an unavailable database: 503 with Retry-After.
 * Nothing of the statement's transaction was committed.
 */
export function isTransientDatabaseError(error: unknown): boolean {
  for (const item of chainOf(error)) {
    const code = stringField(item, 'code');
    if (!code) continue;
    if (TRANSIENT_SQLSTATES.has(code)) return true;
    // 55000 (object_not_in_prerequisite_state) is also raised by mistakes in statements (a sequence's
    // currval before nextval, …): only the database refusing connections is transient.
    if (code === '55000' && /not currently accepting connections/.test(stringField(item, 'message') ?? ''))
      return true;
  }
  return false;
}

/** An error as it may be written to a log: no statement parameters, no row values. */
export interface LoggableError {
  type: string;
  message: string;
  code?: string;
  /** The SQL text of a failed statement (placeholders, never values), shortened. */
  query?: string;
  severity?: string;
  detail?: string;
  schema?: string;
  table?: string;
  column?: string;
  constraint?: string;
  stack?: string;
  cause?: LoggableError;
  errors?: LoggableError[];
}

/** The longest SQL text a log line carries. */
const MAX_QUERY_LENGTH = 1000;
/** Parameter values shorter than this are left in place (ids, flags); longer ones are redacted. */
const MIN_REDACTED_LENGTH = 4;
const REDACTED = '[redacted]';

/** Every parameter value of the failed statements in the chain, as text. */
function parameterTexts(error: unknown): string[] {
  const texts = new Set<string>();
  for (const item of chainOf(error)) {
    if (typeof item !== 'object' || item === null || !('params' in item)) continue;
    const { params } = item;
    if (!Array.isArray(params)) continue;
    for (const param of params) {
      if (param === null || param === undefined) continue;
      const text =
        typeof param === 'string'
          ? param
          : param instanceof Date
            ? param.toISOString()
            : typeof param === 'object'
              ? safeJson(param)
              : String(param);
      if (text.length >= MIN_REDACTED_LENGTH) texts.add(text);
    }
  }
  // Longest first, so a value that contains another is replaced whole.
  return [...texts].sort((a, b) => b.length - a.length);
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

function redact(text: string, secrets: readonly string[]): string {
  let safe = text;
  for (const secret of secrets) safe = safe.split(secret).join(REDACTED);
  return safe;
}

/** Drizzle's "Failed query: …\nparams: …": the parameter list goes, the statement stays. */
const withoutParams = (message: string) => message.replace(/\nparams:[\s\S]*$/, '');

/** Row values PostgreSQL puts in a detail ("Key (email)=(…) already exists", "Failing row contains (…)"). */
function maskDetail(detail: string): string {
  return detail
    .replace(/^(Key \(.*?\)=\()[\s\S]*(\) [^()]*)$/, `$1${REDACTED}$2`)
    .replace(/^(Failing row contains \()[\s\S]*(\)\.?)$/, `$1${REDACTED}$2`);
}

function describe(error: unknown, secrets: readonly string[], depth: number): LoggableError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: redact(withoutParams(String(error)), secrets) };
  }
  const clean = (text: string) => redact(withoutParams(text), secrets);
  const type = error.constructor?.name || error.name;
  const message = clean(error.message);
  const item: LoggableError = { type, message };
  const code = stringField(error, 'code');
  if (code) item.code = code;
  const query = stringField(error, 'query');
  if (query) {
    const shortened = query.length > MAX_QUERY_LENGTH ? `${query.slice(0, MAX_QUERY_LENGTH)}…` : query;
    item.query = redact(shortened, secrets);
  }
  for (const name of ['severity', 'schema', 'table', 'column', 'constraint'] as const) {
    const value = stringField(error, name);
    if (value) item[name] = value;
  }
  const detail = stringField(error, 'detail');
  if (detail) item.detail = redact(maskDetail(detail), secrets);
  // The stack's first line repeats the message (with Drizzle's parameters): only its frames are kept.
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  if (frames.length > 0) item.stack = [`${type}: ${message}`, ...frames].join('\n');
  if (depth < 5) {
    if (error instanceof AggregateError && Array.isArray(error.errors))
      item.errors = error.errors.slice(0, 5).map((member) => describe(member, secrets, depth + 1));
    if (error.cause !== undefined) item.cause = describe(error.cause, secrets, depth + 1);
  }
  return item;
}

/**
 * An error as a plain object for the logs (pino's `err` serializer): type, message, code, the SQL
 * text and the cause chain, without the parameters of a failed statement — neither Drizzle's
 * `params` nor their values where PostgreSQL repeats them in a message or detail.
 */
export function loggableError(error: unknown): LoggableError {
  return describe(error, parameterTexts(error), 0);
}

/**
 * Closes a node-postgres client's socket at once: the statements queued on it fail, nothing more
 * goes out, and the pool drops the connection when it is released.
 */
export function closeSocket(client: unknown): void {
  (client as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}
