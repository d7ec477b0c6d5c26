import pg from 'pg';
import { closeSocket } from './faults.ts';

/**
 * A transaction's BEGIN sent with its first statement, and its COMMIT, where the code asks for it,
 * with its last: round trips that carry nothing are not made, and a row lock taken by the last
 * statement is released by the server as soon as that statement has run (docs/booking.md).
 *
 * **BEGIN.** Drizzle opens a transaction with `begin` and waits for its answer before the first
 * statement. Here `begin` is held back and written in the same batch as the transaction's first
 * statement, before that statement's Sync: Parse/Bind/Execute `begin`, then the statement's
 * Parse/Bind/Describe/Execute, then one Sync. PostgreSQL runs them in order; once `begin` has run,
 * the Sync no longer commits, so the statement runs inside the transaction exactly as if BEGIN had
 * been answered first. Should `begin` fail, PostgreSQL skips the statement (everything up to the
 * Sync), so a statement never runs outside its transaction. A transaction that ends before any
 * statement (its work threw first) sends nothing at all: its commit or rollback is answered here.
 *
 * Only statements of the extended protocol (with parameters or a name: every query Drizzle builds
 * with values, every reusable statement) carry the BEGIN; a first statement without parameters
 * (`savepoint`, `set local …`) or a custom query (a cursor, a read by portal) gets its BEGIN sent
 * just before it, as before.
 *
 * **COMMIT.** A statement whose SQL ends with {@link THEN_COMMIT} is the last of its transaction:
 * the COMMIT is written behind it in the same batch (its Execute, then COMMIT's, then the Sync).
 * If the statement fails, PostgreSQL skips the COMMIT and the transaction stays open, aborted,
 * until the caller's rollback, which is sent (a commit asked for instead is sent as a rollback
 * and fails). If it succeeds, the transaction is committed when its answer arrives, and Drizzle's
 * `commit` is answered here. So the statement must fail rather than answer something its caller
 * would roll back for (a guarded update raises when it takes no row), and nothing may follow it:
 * any statement before the transaction's end is refused, never sent (it would run outside the
 * transaction), and a rollback asked for after the COMMIT went through fails, saying so, rather
 * than let the caller believe its work undone. Only a statement in a transaction and outside any
 * savepoint carries the COMMIT (elsewhere the marker is a comment), and the client waits for the
 * statement and the COMMIT twice its query timeout, as the server gives each its statement
 * timeout. On PGlite the marker is a comment and nothing changes.
 */
export function batchTransactionEdges(client: pg.Client): () => void {
  type Query = (...args: unknown[]) => unknown;
  const send = client.query.bind(client) as Query;
  /** Sends a query for an answer, whatever way it was called. */
  const sendNow = (config: unknown) =>
    new Promise<unknown>((resolve, reject) =>
      send(config, (error: Error | null, result: unknown) => (error ? reject(error) : resolve(result))),
    );
  let heldBegin: string | null = null;
  /** A BEGIN was asked for and no end since: only then may a statement carry the COMMIT. */
  let inTransaction = false;
  /** Savepoints opened in it: a statement inside one does not carry the COMMIT (it would end them all). */
  let savepoints = 0;
  /** The statement that carried its transaction's COMMIT, until the transaction's end is asked for. */
  let carrier: Carrier | null = null;
  const ended = () => {
    heldBegin = null;
    inTransaction = false;
    savepoints = 0;
    carrier = null;
  };
  (client as unknown as { query: Query }).query = (...args: unknown[]) => {
    const [config, values, callback] = args;
    const done = typeof values === 'function' ? values : callback;
    const request = requestOf(config, values);
    if (carrier !== null) {
      const last = carrier;
      const end = request?.endsTransaction;
      if (!end) {
        return refused(new Error('a statement after the one that carried its transaction’s COMMIT'), done);
      }
      ended();
      return answerWith(endAfter(last, end, config, sendNow), done);
    }
    if (request?.opensTransaction) {
      inTransaction = true;
      savepoints = 0;
    } else if (request?.endsTransaction) {
      inTransaction = false;
      savepoints = 0;
    } else if (request?.savepoint) {
      savepoints = Math.max(0, savepoints + request.savepoint);
    }
    const thenCommit = Boolean(request?.commitsTransaction) && inTransaction && savepoints === 0;
    const begin = heldBegin;
    if (begin === null) {
      if (request?.opensTransaction) {
        heldBegin = request.text;
        return answered('BEGIN', done);
      }
      if (!thenCommit) return send(...args);
    } else {
      heldBegin = null;
      if (request?.endsTransaction) return answered(request.endsTransaction, done);
    }
    if (request?.extended) {
      const query = new EdgesQuery(begin, thenCommit, config, Array.isArray(values) ? values : undefined);
      if (thenCommit) {
        // The statement and its COMMIT each have the server's statement_timeout: the client waits for both.
        const timeout = (client as unknown as { connectionParameters: { query_timeout?: number } })
          .connectionParameters.query_timeout;
        if (timeout) query.query_timeout = 2 * timeout;
      }
      const answer = sendNow(query);
      if (thenCommit) carrier = { query, settled: answer.then(noop, noop) };
      return answerWith(answer, done);
    }
    // A first statement that cannot carry the BEGIN (no parameters, a cursor, a read by portal):
    // the BEGIN on its own and the statement queued behind it at once, in the order they came. A
    // BEGIN that fails closes the connection before anything behind it goes out.
    send(begin, (error: Error | null) => {
      if (error) closeSocket(client);
    });
    return send(...args);
  };
  // To call when the connection goes back to the pool: the next user starts with no transaction.
  return ended;
}

const noop = () => undefined;

/** A statement that carried its transaction's COMMIT, and when its answer (or failure) is in. */
interface Carrier {
  query: EdgesQuery;
  settled: Promise<void>;
}

/**
 * The transaction's end asked for after its carrier, once the carrier is answered. Committed: a
 * commit is answered here, and a rollback is refused, since nothing can be undone any more (the
 * caller must not believe it was). Not committed (the statement or its COMMIT failed): the
 * transaction is aborted or over; a rollback goes to the server, and a commit is turned into a
 * rollback and fails, rather than PostgreSQL's answer to COMMIT in an aborted transaction
 * (ROLLBACK, no error).
 */
async function endAfter(
  last: Carrier,
  end: string,
  config: unknown,
  sendNow: (config: unknown) => Promise<unknown>,
): Promise<unknown> {
  await last.settled;
  if (last.query.committed) {
    if (end === 'COMMIT') return answerOf('COMMIT');
    throw new Error('the transaction was committed with its last statement: it can no longer be rolled back');
  }
  if (end === 'ROLLBACK') return sendNow(config);
  await sendNow('rollback');
  throw new Error(
    'the statement that carried the transaction’s COMMIT failed: the transaction was rolled back',
  );
}

/** Ends a statement's SQL to have its transaction's COMMIT sent with it (see batchTransactionEdges). */
export const THEN_COMMIT = '/* then commit */';

const OPENS = /^begin(?: [a-z ]+)?$/i;
const ENDS = /^(commit|rollback)$/i;
const SAVEPOINT = /^savepoint /i;
const SAVEPOINT_ENDS = /^(release|rollback to)( savepoint)? /i;

/** What the wrapper needs to know of a query call; null for what it leaves alone (custom submittables). */
function requestOf(config: unknown, values: unknown) {
  const hasValues = (list: unknown) => Array.isArray(list) && list.length > 0;
  let text: string;
  /** Sent by the simple protocol (no name, no values): the only kind that can be a BEGIN or an end. */
  let plain: boolean;
  if (typeof config === 'string') {
    text = config;
    plain = !hasValues(values);
  } else {
    if (typeof config !== 'object' || config === null) return null;
    const query = config as Record<string, unknown>;
    if (typeof query.submit === 'function' || query.rows !== undefined || typeof query.text !== 'string')
      return null;
    text = query.text;
    plain =
      !query.name &&
      query.queryMode !== 'extended' &&
      !hasValues(Array.isArray(values) ? values : query.values);
  }
  return {
    text,
    opensTransaction: plain && OPENS.test(text),
    endsTransaction: plain && ENDS.test(text) ? text.toUpperCase() : null,
    /** +1 a savepoint opened, −1 one released or rolled back to (Drizzle's nested transactions). */
    savepoint: plain ? (SAVEPOINT.test(text) ? 1 : SAVEPOINT_ENDS.test(text) ? -1 : 0) : 0,
    extended: !plain,
    commitsTransaction: !plain && text.endsWith(THEN_COMMIT),
  };
}

const answerOf = (command: string) => ({ command, rowCount: null, oid: null, rows: [], fields: [] });

/** The answer to a BEGIN held back, or to the end of a transaction that sent nothing more. */
function answered(command: string, callback: unknown) {
  return answerWith(Promise.resolve(answerOf(command)), callback);
}

/** An answer to come, to the caller's callback if it gave one, else as the promise. */
function answerWith(answer: Promise<unknown>, callback: unknown) {
  if (typeof callback !== 'function') return answer;
  const reply = callback as (error: Error | null, result?: unknown) => void;
  answer.then(
    (result) => reply(null, result),
    (error: Error) => reply(error),
  );
  return undefined;
}

/** A call refused without sending anything. */
function refused(error: Error, callback: unknown) {
  if (typeof callback === 'function') {
    process.nextTick(() => (callback as (error: Error) => void)(error));
    return undefined;
  }
  return Promise.reject(error);
}

/** node-postgres' connection, as far as a query writes to it. */
interface Connection {
  parse(message: { text: string }): void;
  bind(message: Record<string, never>): void;
  execute(message: { portal?: string; rows?: number }): void;
  sync(): void;
  submittedNamedStatements: Record<string, string>;
  stream: { destroy(): void };
}

/** node-postgres' Query, as far as it is extended here (its internals, typed by hand). */
interface QueryInternals {
  portal?: string;
  prepare(connection: Connection): void;
  _getRows(connection: Connection, rows: number | undefined): void;
  handleCommandComplete(message: unknown, connection: Connection): void;
  handleError(error: Error, connection: Connection): void;
}
const Query = pg.Query as unknown as new (config: unknown, values?: unknown[]) => QueryInternals;

/**
 * A query that writes a BEGIN before itself, a COMMIT after itself, or both, in one batch. Its
 * name (of a prepared statement) is hidden while the BEGIN's messages are answered: node-postgres
 * records a named statement as parsed on the ParseComplete it receives, and the first one is the
 * BEGIN's. The COMMIT's answers come after the statement's own and are kept from its result.
 */
class EdgesQuery extends Query {
  // Declared, not initialised: a class field would be set after the base constructor's `name`.
  declare begin: string | null;
  declare thenCommit: boolean;
  declare statementName: string | undefined;
  /** From writing the batch until BEGIN's CommandComplete: see `name`. */
  declare awaitingBegin: boolean;
  /** Set as the batch is written: until then nothing of it reached the server. */
  declare beginWritten: boolean;
  /** From the statement's CommandComplete until COMMIT's. */
  declare awaitingCommit: boolean;
  /** COMMIT answered: the transaction is committed. */
  declare committed: boolean;
  /** node-postgres' read timeout for this query (a carrier waits for its statement and its COMMIT). */
  declare query_timeout: number | undefined;

  constructor(begin: string | null, thenCommit: boolean, config: unknown, values: unknown[] | undefined) {
    super(config, values);
    this.begin = begin;
    this.thenCommit = thenCommit;
  }

  get name(): string | undefined {
    return this.awaitingBegin ? undefined : this.statementName;
  }

  set name(name: string | undefined) {
    this.statementName = name;
  }

  /** Always the extended protocol: the simple one could not carry the BEGIN or the COMMIT. */
  requiresPreparation() {
    return true;
  }

  override prepare(connection: Connection) {
    this.beginWritten = true;
    if (this.begin !== null) {
      connection.parse({ text: this.begin });
      connection.bind({});
      connection.execute({});
    }
    super.prepare(connection);
    this.awaitingBegin = this.begin !== null;
  }

  /** The statement's Execute, then the COMMIT's, then the Sync (node-postgres writes the first and the last). */
  override _getRows(connection: Connection, rows: number | undefined) {
    if (!this.thenCommit) return super._getRows(connection, rows);
    connection.execute({ portal: this.portal ?? '' });
    connection.parse({ text: 'commit' });
    connection.bind({});
    connection.execute({});
    connection.sync();
  }

  override handleCommandComplete(message: unknown, connection: Connection) {
    if (this.awaitingBegin) {
      this.awaitingBegin = false;
      return;
    }
    if (this.awaitingCommit) {
      this.awaitingCommit = false;
      this.committed = true;
      return;
    }
    super.handleCommandComplete(message, connection);
    this.awaitingCommit = this.thenCommit;
  }

  override handleError(error: Error, connection: Connection) {
    // Not sent (refused before writing), or BEGIN itself failed or went unanswered: the server has
    // no transaction where its caller believes it has one. The connection is closed, so no later
    // statement of that transaction can run on it outside a transaction; it fails instead. (A
    // value that cannot be encoded fails while the batch is written, after the BEGIN: that
    // transaction is open and its caller's rollback ends it.) A COMMIT that failed after its
    // statement fails the statement: nothing of the transaction was committed.
    if (!this.beginWritten || this.awaitingBegin) {
      this.awaitingBegin = false;
      if (this.statementName) delete connection.submittedNamedStatements[this.statementName];
      connection.stream.destroy();
    }
    this.awaitingCommit = false;
    super.handleError(error, connection);
  }
}
