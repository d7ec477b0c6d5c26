import { getTableName, is, SQL, sql } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';

/**
 * Statements of a fixed shape whose SQL Drizzle builds once, not on every call (docs/booking.md,
 * "What a booking costs"). Building a statement is most of the CPU Drizzle spends on it: a select
 * of whole rows with joins or an insert answering its row walks every column, escapes every name
 * and sets up the driver's query config each time, for SQL that only differs in its values. A
 * reusable statement is built once per driver with `sql.placeholder` for its values and runs on the
 * connection of the database or transaction it is given, so it takes part in that transaction like
 * any other statement; the values are filled in (and encoded by their columns) per call.
 *
 * It is not a server-side prepared statement: it is prepared without a name (`prepare('')`), so
 * the server parses it every time, as before, and a pooler in transaction mode is no concern.
 */

/** A prepared query of Drizzle: node-postgres' and PGlite's both run on their `client`. */
interface PreparedOnClient<Result> {
  client: unknown;
  execute(values?: Record<string, unknown>): Promise<Result>;
}

/** What every Drizzle session holds at run time: the connection (a pool, a pooled client, PGlite). */
interface SessionWithClient {
  client: unknown;
}

/** Turns raw SQL into its text and parameters, as Drizzle's own (the app sets no casing). */
const dialect = new PgDialect();

/** Prepared queries by shape, then by the class of the session (node-postgres or PGlite) they were built on. */
const prepared = new Map<string, Map<unknown, PreparedOnClient<unknown>>>();

/**
 * Runs the statement of `shape` (a key naming its SQL: one key, one SQL text) on `db`, building it
 * with `build` the first time a driver runs it: a query builder, or raw SQL (answered as
 * `db.execute` answers). `build` must give the same SQL for the same shape, with every value a
 * `sql.placeholder` filled from `values`.
 */
export function runReusable<Result>(
  db: Db | Tx,
  shape: string,
  build: (db: Db | Tx) => { prepare(name: string): unknown } | SQL,
  values: Record<string, unknown>,
): Promise<Result> {
  const session = db._.session as unknown as SessionWithClient;
  let byDriver = prepared.get(shape);
  if (!byDriver) {
    byDriver = new Map();
    prepared.set(shape, byDriver);
  }
  let query = byDriver.get(session.constructor) as PreparedOnClient<Result> | undefined;
  if (!query) {
    const built = build(db);
    query = (
      is(built, SQL)
        ? db._.session.prepareQuery(dialect.sqlToQuery(built), undefined, '', false)
        : built.prepare('')
    ) as PreparedOnClient<Result>;
    byDriver.set(session.constructor, query);
  }
  // The same prepared query on this call's connection: a transaction's statements go on its client.
  const onConnection: PreparedOnClient<Result> = Object.create(query, { client: { value: session.client } });
  return onConnection.execute(values);
}

/**
 * A statement not yet run, to run alone (`runStatement`) or inside another (a data-modifying WITH):
 * the shape of its SQL, the SQL with placeholders, and the values to fill them with.
 */
export interface ReusableStatement {
  shape: string;
  build(db: Db | Tx): SQL;
  values: Record<string, unknown>;
}

/** Runs a statement not yet run on `db` (its SQL built once per shape). */
export const runStatement = (db: Db | Tx, statement: ReusableStatement) =>
  runReusable(db, statement.shape, statement.build, statement.values);

/**
 * Runs `main` with `alongside` as data-modifying WITHs of it: one statement, one round trip. They
 * run once and to completion whether or not `main` reads them (PostgreSQL's rule for data-modifying
 * WITHs), in the same snapshot; none may be a WITH itself. Placeholder names must differ between
 * the statements. Answers as `db.execute` does.
 */
export function runWith(
  db: Db | Tx,
  main: ReusableStatement,
  alongside: ReusableStatement[],
): Promise<{ rows: unknown[] }> {
  if (alongside.length === 0) return runReusable(db, main.shape, main.build, main.values);
  return runReusable<{ rows: unknown[] }>(
    db,
    `${main.shape} with ${alongside.map((statement) => statement.shape).join(' and ')}`,
    (on) =>
      sql`with ${sql.join(
        alongside.map((statement, i) => sql`${sql.raw(`alongside${i}`)} as (${statement.build(on)})`),
        sql`, `,
      )} ${main.build(on)}`,
    Object.assign({}, main.values, ...alongside.map((statement) => statement.values)),
  );
}

/**
 * A row of values as a reusable statement writes it: the shape (the columns it sets, which of them
 * are null: a null is written as such, not encoded by its column), the row with a placeholder named
 * `prefix` + column for every other value, and the values by those names. Null for a row with a
 * value written as SQL, which cannot be a placeholder.
 */
export function placeholderRow(row: Record<string, unknown>, prefix: string) {
  const columns = Object.keys(row).filter((key) => row[key] !== undefined);
  if (columns.some((key) => is(row[key], SQL))) return null;
  const values: Record<string, unknown> = {};
  const placeholders: Record<string, unknown> = {};
  for (const column of columns) {
    if (row[column] === null) placeholders[column] = null;
    else {
      placeholders[column] = sql.placeholder(`${prefix}${column}`);
      values[`${prefix}${column}`] = row[column];
    }
  }
  const shape = columns.map((key) => (row[key] === null ? `${key}:null` : key)).join(',');
  return { shape, row: placeholders, values };
}

/**
 * Inserts rows into `table` and answers them whole (`insert … returning *`), its SQL built once for
 * each shape: the number of rows and each row's `placeholderRow` shape. Rows of different shapes,
 * or with a value written as SQL, are inserted as Drizzle builds them each time.
 */
export async function insertReturning<Table extends PgTable>(
  db: Db | Tx,
  table: Table,
  rows: Table['$inferInsert'][],
): Promise<Table['$inferSelect'][]> {
  if (rows.length === 0) return [];
  const reusable = rows.map((row, i) => placeholderRow(row as Record<string, unknown>, `${i}:`));
  const shape = reusable[0]?.shape;
  if (reusable.some((row) => row === null || row.shape !== shape))
    return db.insert(table).values(rows).returning() as Promise<Table['$inferSelect'][]>;
  const placeholders = reusable as NonNullable<(typeof reusable)[number]>[];
  return runReusable(
    db,
    `insert ${getTableName(table)} ${rows.length} ${shape}`,
    (on) =>
      on
        .insert(table)
        .values(placeholders.map((row) => row.row) as Table['$inferInsert'][])
        .returning(),
    Object.assign({}, ...placeholders.map((row) => row.values)),
  );
}

/**
 * The insert of one row into `table` as a statement not yet run (for `runWith`), its SQL built once
 * per shape (`name` and the row's `placeholderRow` shape). The row may hold no value written as SQL.
 */
export function insertStatement<Table extends PgTable>(
  name: string,
  table: Table,
  row: Table['$inferInsert'],
): ReusableStatement {
  const reusable = placeholderRow(row as Record<string, unknown>, `${name}.`);
  if (!reusable) throw new Error(`the ${name} row holds a value written as SQL`);
  return {
    shape: `${name} ${reusable.shape}`,
    build: (on) =>
      on
        .insert(table)
        .values(reusable.row as Table['$inferInsert'])
        .getSQL(),
    values: reusable.values,
  };
}
