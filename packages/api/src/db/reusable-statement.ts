import { type Column, getTableColumns, getTableName, is, SQL, sql } from 'drizzle-orm';
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
  return onConnectionOf(query, session.client).execute(values);
}

/** Each prepared query on each connection, made once: a pool has a handful of connections. */
const onConnections = new WeakMap<object, WeakMap<PreparedOnClient<unknown>, PreparedOnClient<unknown>>>();

/** A prepared query that runs on `client`: an object whose prototype is the query, its client its own. */
function onConnectionOf<Result>(query: PreparedOnClient<Result>, client: unknown): PreparedOnClient<Result> {
  const connection = client as object;
  let queries = onConnections.get(connection);
  if (!queries) {
    queries = new WeakMap();
    onConnections.set(connection, queries);
  }
  let onConnection = queries.get(query) as PreparedOnClient<Result> | undefined;
  if (!onConnection) {
    onConnection = Object.create(query) as PreparedOnClient<Result>;
    onConnection.client = client;
    queries.set(query, onConnection);
  }
  return onConnection;
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

/** The name `runWith` gives the `index`th statement alongside (0 first), for a main statement that reads it. */
export const alongsideName = (index: number) => `alongside${Number(index)}`;

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
        alongside.map((statement, i) => sql`${sql.raw(alongsideName(i))} as (${statement.build(on)})`),
        sql`, `,
      )} ${main.build(on)}`,
    Object.assign({}, main.values, ...alongside.map((statement) => statement.values)),
  );
}

/**
 * A value written as SQL that is part of a statement's shape, not a value of it: the id of a row
 * inserted before it in the same statement (`insertedId`, for `insertChain`).
 */
export class RowReference {
  readonly shape: string;
  readonly sql: SQL;
  constructor(shape: string, fragment: SQL) {
    this.shape = shape;
    this.sql = fragment;
  }
}

/**
 * The id of the `index`th row (0 first) that the step `step` of an `insertChain` inserted. Serial
 * ids are drawn row by row as the rows are inserted, in the order they are given, so the `index`th
 * smallest id is that row's.
 */
export const insertedId = (step: string, index: number) =>
  new RowReference(
    `${step}#${index}`,
    sql.raw(`(select "id" from "${step}" order by "id" offset ${Number(index)} limit 1)`),
  );

/**
 * A row of values as a reusable statement writes it: the shape (the columns it sets, which of them
 * are null: a null is written as such, not encoded by its column, and which are a `RowReference`),
 * the row with a placeholder named `prefix` + column for every other value, and the values by those
 * names. Null for a row with another value written as SQL, which cannot be a placeholder.
 */
export function placeholderRow(row: Record<string, unknown>, prefix: string) {
  const columns: string[] = [];
  const values: Record<string, unknown> = {};
  let shape = '';
  for (const column of Object.keys(row)) {
    const value = row[column];
    if (value === undefined) continue;
    // Only an object can be SQL (a plain value is not): Drizzle's `is` walks prototypes.
    if (
      typeof value === 'object' &&
      value !== null &&
      !(value instanceof Date) &&
      !(value instanceof RowReference) &&
      is(value, SQL)
    )
      return null;
    shape += shape === '' ? '' : ',';
    if (value === null) shape += `${column}:null`;
    else if (value instanceof RowReference) shape += `${column}=${value.shape}`;
    else {
      values[`${prefix}${column}`] = value;
      shape += column;
    }
    columns.push(column);
  }
  return {
    shape,
    values,
    /** The row with its placeholders, asked for only when a shape's SQL is built (once). */
    get row() {
      const placeholders: Record<string, unknown> = {};
      for (const column of columns) {
        const value = row[column];
        placeholders[column] =
          value === null
            ? null
            : value instanceof RowReference
              ? value.sql
              : sql.placeholder(`${prefix}${column}`);
      }
      return placeholders;
    },
  };
}

/** A table's columns by their name in the database, to read its rows from JSON (`rowFromJson`). */
const columnsByTable = new WeakMap<PgTable, [string, Column][]>();

/**
 * A row as `row_to_json` gave it (the database's column names, JSON's values), as Drizzle answers
 * it for a select of the table: its keys, and each value read by its column (dates, numbers).
 */
export function rowFromJson<Table extends PgTable>(
  table: Table,
  json: Record<string, unknown>,
): Table['$inferSelect'] {
  let columns = columnsByTable.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table) as Record<string, Column>);
    columnsByTable.set(table, columns);
  }
  const row: Record<string, unknown> = {};
  for (const [key, column] of columns) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as Table['$inferSelect'];
}

/** One step of an `insertChain`: rows of a table, whose values may refer to rows of steps before it. */
export interface ChainStep {
  /** The step's name in the statement (a WITH's name): what `insertedId` refers to it by. */
  name: string;
  table: PgTable;
  rows: Record<string, unknown>[];
  /** Whether the chain answers the step's rows; a table that answers must have an `id` column. */
  answer: boolean;
}

/**
 * Inserts rows into several tables in one statement, each step a data-modifying WITH whose values
 * may refer to the ids of rows inserted by the steps before it (`insertedId`): one round trip for
 * what would be one per table (docs/booking.md, "What a booking costs"). Answers the rows of the
 * steps that answer, by step name, in id order, as Drizzle answers them. Its SQL is built once per
 * shape: the steps, their number of rows and each row's `placeholderRow` shape. Steps without rows
 * are left out. No row may hold a value written as SQL other than a `RowReference`.
 */
export async function insertChain(
  db: Db | Tx,
  steps: ChainStep[],
): Promise<Record<string, Record<string, unknown>[]>> {
  const present = steps.filter((step) => step.rows.length > 0);
  const built = present.map((step) => ({
    step,
    rows: step.rows.map((row, i) => {
      const reusable = placeholderRow(row, `${step.name}${i}.`);
      if (!reusable) throw new Error(`a row of ${step.name} holds a value written as SQL`);
      return reusable;
    }),
  }));
  const answering = present.filter((step) => step.answer);
  const shape = `chain ${built
    .map(
      ({ step, rows }) =>
        `${step.name}${step.answer ? '' : ' silent'}: ${rows.map((row) => row.shape).join(' | ')}`,
    )
    .join('; ')}`;
  const { rows } = await runReusable<{ rows: Record<string, unknown[]>[] }>(
    db,
    shape,
    (on) =>
      sql`with ${sql.join(
        built.map(
          ({ step, rows }) =>
            sql`${sql.identifier(step.name)} as (${on
              .insert(step.table)
              .values(rows.map((row) => row.row) as PgTable['$inferInsert'][])
              .returning()
              .getSQL()})`,
        ),
        sql`, `,
      )} select ${
        answering.length === 0
          ? sql`1`
          : sql.join(
              answering.map(
                (step) =>
                  sql`(select coalesce(json_agg(${sql.identifier(step.name)} order by "id"), '[]') from ${sql.identifier(step.name)}) as ${sql.identifier(step.name)}`,
              ),
              sql`, `,
            )
      }`,
    Object.assign({}, ...built.flatMap(({ rows }) => rows.map((row) => row.values))),
  );
  const answer: Record<string, Record<string, unknown>[]> = {};
  for (const step of answering)
    answer[step.name] = (rows[0]![step.name] as Record<string, unknown>[]).map((json) =>
      rowFromJson(step.table, json),
    );
  return answer;
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
