import { getTableName, is, SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
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

/** Prepared queries by shape, then by the class of the session (node-postgres or PGlite) they were built on. */
const prepared = new Map<string, Map<unknown, PreparedOnClient<unknown>>>();

/**
 * Runs the statement of `shape` (a key naming its SQL: one key, one SQL text) on `db`, building it
 * with `build` the first time a driver runs it. `build` must give the same SQL for the same shape,
 * with every value a `sql.placeholder` filled from `values`.
 */
export function runReusable<Result>(
  db: Db | Tx,
  shape: string,
  build: (db: Db | Tx) => { prepare(name: string): unknown },
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
    query = build(db).prepare('') as PreparedOnClient<Result>;
    byDriver.set(session.constructor, query);
  }
  // The same prepared query on this call's connection: a transaction's statements go on its client.
  const onConnection: PreparedOnClient<Result> = Object.create(query, { client: { value: session.client } });
  return onConnection.execute(values);
}

/**
 * Inserts rows into `table` and answers them whole (`insert … returning *`), its SQL built once for
 * each shape: the number of rows, the columns they set and which of them are null (a null is
 * written as such, not encoded by its column). Rows of different shapes, or with a value written as
 * SQL, are inserted as Drizzle builds them each time.
 */
export async function insertReturning<Table extends PgTable>(
  db: Db | Tx,
  table: Table,
  rows: Table['$inferInsert'][],
): Promise<Table['$inferSelect'][]> {
  const shapeOf = (row: Record<string, unknown>) =>
    Object.keys(row)
      .filter((key) => row[key] !== undefined)
      .map((key) => (row[key] === null ? `${key}:null` : is(row[key], SQL) ? `${key}:sql` : key));
  const shapes = rows.map((row) => shapeOf(row as Record<string, unknown>).join(','));
  const [shape] = shapes;
  if (shape === undefined) return [];
  if (shape.includes(':sql') || shapes.some((other) => other !== shape))
    return db.insert(table).values(rows).returning() as Promise<Table['$inferSelect'][]>;
  const columns = shapeOf(rows[0] as Record<string, unknown>);
  const values: Record<string, unknown> = {};
  rows.forEach((row, i) => {
    for (const column of columns)
      if (!column.endsWith(':null')) values[`${i}:${column}`] = (row as Record<string, unknown>)[column];
  });
  return runReusable(
    db,
    `insert ${getTableName(table)} ${rows.length} ${shape}`,
    (on) =>
      on
        .insert(table)
        .values(
          rows.map((_, i) =>
            Object.fromEntries(
              columns.map((column) =>
                column.endsWith(':null')
                  ? [column.slice(0, -':null'.length), null]
                  : [column, sql.placeholder(`${i}:${column}`)],
              ),
            ),
          ) as Table['$inferInsert'][],
        )
        .returning(),
    values,
  );
}
