import { sql } from 'drizzle-orm';
import type { TestApp } from './harness.ts';

/**
 * Row count and newest row version (max xmin) of every table: any insert, update or delete shows
 * in one of the two. Sessions move their expiry with use and rate limits count on purpose, so
 * those two tables are left out.
 */
export async function tableSnapshot(t: TestApp): Promise<Map<string, string>> {
  const result = (await t.database.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' and tablename not in ('auth_tokens', 'rate_limits') order by tablename`,
  )) as unknown as { rows: { tablename: string }[] };
  const query = result.rows
    .map(
      ({ tablename }) =>
        `select '${tablename}' as name, count(*)::text || '/' || coalesce(max(xmin::text::bigint), 0)::text as state from "${tablename}"`,
    )
    .join(' union all ');
  const states = (await t.database.db.execute(sql.raw(query))) as unknown as {
    rows: { name: string; state: string }[];
  };
  return new Map(states.rows.map((row) => [row.name, row.state]));
}

/** The tables whose rows changed between two snapshots. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...before].filter(([table, state]) => after.get(table) !== state).map(([table]) => table);
}
