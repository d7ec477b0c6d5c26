// `npm run bench:scale`: every back-office list at today's volume (1×: the season's 20,000
// reservations and 100,000 balance-log records) and with ten times that, the rest history on
// departed flights before the season (10×: 200,000 and 1,000,000), one user at a time. Each volume
// is a fresh PostgreSQL database, dropped after (BENCH_KEEP=1 keeps them to EXPLAIN). Writes
// `growth` and `scale` into bench/results/latest.json and the growth table into latest.md.
// BENCH_LISTS_ON=<database url> measures the lists on a kept database only (nothing written).
// See bench/README.md, "Growth with history".
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, openDatabase } from '@flybook/api';
import { sql } from 'drizzle-orm';
import { prepareData, prepareDemo } from './data.ts';
import { type BenchDatabase, createBenchDatabase } from './database.ts';
import { growthMarkdown, growthOf, isFlat, type ListRun, withGrowthSection } from './growth.ts';
import { load, type RunningApi, startApi } from './http.ts';

const SCALES = (process.env.BENCH_SCALES ?? '1,10').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_LIST_SECONDS ?? 5);
const KEEP = process.env.BENCH_KEEP === '1';

const log = (line: string) => console.log(line);
const root = fileURLToPath(new URL('..', import.meta.url));
const resultsDir = join(root, 'bench', 'results');
const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

let bench: BenchDatabase | null = null;
let api: RunningApi | null = null;
async function cleanUp() {
  await api?.stop().catch((error) => console.error('stopping the API failed:', error));
  api = null;
  if (bench && !KEEP) await bench.drop().catch((error) => console.error(`dropping failed:`, error));
  else if (bench) log(`Kept ${bench.url}`);
  bench = null;
}
process.on('SIGINT', () => void cleanUp().then(() => process.exit(130)));

/** The lists as a desk opens them (their defaults) and with the filters staff use most. */
function listsOf(v1: string, ids: { cashDesk: number; flight: number }) {
  return [
    {
      scenario: 'reservation list (default)',
      url: `${v1}/reservation/list?page=0&pageSize=15`,
    },
    {
      scenario: 'reservation list, filtered',
      url: `${v1}/reservation/list?flightDateInterval[from]=${dayOffset(7)}&flightDateInterval[to]=${dayOffset(21)}&paymentStatus[]=notPaid&paymentStatus[]=partly&sortBy=createdAt&sortOrder=DESC&page=0&pageSize=15`,
    },
    { scenario: 'invoice overview', url: `${v1}/reservation/invoice/list?page=0&pageSize=15` },
    {
      scenario: 'balance log, one account, 30 days',
      url: `${v1}/balance-log/list?selectedAccountId=${ids.cashDesk}&dateFrom=${dayOffset(-30)}&dateTo=${dayOffset(0)}&page=0&pageSize=10`,
    },
    { scenario: 'flight list', url: `${v1}/flight/list?page=0&pageSize=15` },
    { scenario: "a flight's passenger list", url: `${v1}/flight/${ids.flight}/passenger/list` },
    { scenario: 'entity log', url: `${v1}/entity-log/list?page=0&pageSize=15`, asAdmin: true },
    { scenario: 'customer list with balances', url: `${v1}/customer/list?page=0&pageSize=10` },
  ];
}

/** One volume: write it, run every list for one user, and drop it. */
async function measure(scale: number) {
  bench = await createBenchDatabase();
  log(`\n${scale}×: created ${bench.name}.`);
  const data = await prepareData(bench, {
    reservations: 20_000 * scale,
    balanceLogRecords: 100_000 * scale,
    customers: 2_000 * scale,
    hotSeats: 12,
    log,
  });
  const volume = data.volume;
  log(
    `  ${volume.reservations} reservations (${volume.historyReservations} history over ${volume.historyDays} days), ${volume.balanceLogRecords} balance-log records in ${volume.seconds.total} s.`,
  );
  const lists = await measureLists(bench.url, data);
  await cleanUp();
  return {
    scale,
    volume: {
      scale,
      reservations: volume.reservations,
      balanceLogRecords: volume.balanceLogRecords,
      historyDays: volume.historyDays,
      customers: volume.customers,
      secondsToWrite: volume.seconds.total,
    },
    lists,
  };
}

/**
 * Every list for one user on a database that holds a volume (migrated first, so a new index is
 * measured: BENCH_LISTS_ON=<url> runs this alone on a kept database).
 */
async function measureLists(
  url: string,
  tokens: { managerToken: string; adminToken: string; cashDeskAccountId: number },
) {
  const query = async <Row>(text: string) => {
    const database = await openDatabase({ url, dataDir: 'memory://' });
    try {
      return ((await database.db.execute(sql.raw(text))) as unknown as { rows: Row[] }).rows;
    } finally {
      await database.close();
    }
  };
  // The busiest flight a week or more ahead: its passenger list is the longest a desk opens.
  const [busiest] = await query<{ id: number }>(
    `SELECT t.flight_id AS id FROM tickets t JOIN flights f ON f.id = t.flight_id
      WHERE f.departure > now() + interval '7 days' AND t.is_active
      GROUP BY t.flight_id ORDER BY count(*) DESC, t.flight_id LIMIT 1`,
  );
  if (!busiest) throw new Error('no flight ahead holds tickets');
  api = await startApi(url);
  const v1 = `${api.url}/api/v1`;
  const lists: ListRun[] = [];
  for (const list of listsOf(v1, { cashDesk: tokens.cashDeskAccountId, flight: busiest.id })) {
    const headers = { 'x-auth-token': 'asAdmin' in list ? tokens.adminToken : tokens.managerToken };
    const response = await fetch(list.url, { headers });
    const body = (await response.json()) as { items?: unknown[]; total?: number };
    if (!response.ok || !Array.isArray(body.items) || body.items.length === 0)
      throw new Error(`${list.scenario}: ${response.status}, ${JSON.stringify(body).slice(0, 300)}`);
    // A warm-up that is thrown away (JIT, plans, the database's cache), then one user for SECONDS.
    await load({ title: list.scenario, url: list.url, connections: 1, duration: 1, headers });
    const run = await load({
      title: list.scenario,
      url: list.url,
      connections: 1,
      duration: SECONDS,
      headers,
    });
    if (run.non2xx > 0 || run.errors > 0) throw new Error(`${list.scenario}: ${run.non2xx} non-2xx answers`);
    lists.push({
      scenario: list.scenario,
      url: list.url.replace(api.url, ''),
      requests: run.responses,
      p50: run.latencyMs.p50,
      p95: run.latencyMs.p95,
      total: typeof body.total === 'number' ? body.total : body.items.length,
    });
    log(
      `  ${list.scenario}: p50 ${run.latencyMs.p50} ms, p95 ${run.latencyMs.p95} ms (${run.responses} answers)`,
    );
  }
  await api.stop();
  api = null;
  return lists;
}

/** BENCH_LISTS_ON: the lists on a kept database, migrated to this checkout, nothing written. */
async function listsOnKeptDatabase(url: string) {
  const database = await openDatabase({ url, dataDir: 'memory://' });
  let tokens: { managerToken: string; adminToken: string; cashDeskAccountId: number };
  try {
    const config = { ...loadConfig({ NODE_ENV: 'production', FLYBOOK_PAYMENTS_SIM: '1' }), databaseUrl: url };
    const { managerToken, adminToken } = await prepareDemo(database, config);
    await database.db.execute(sql`ANALYZE`);
    const desk = (await database.db.execute(
      sql`SELECT id FROM accounts WHERE virtual_code = 'CASH_ZRH'`,
    )) as unknown as { rows: { id: number }[] };
    tokens = { managerToken, adminToken, cashDeskAccountId: desk.rows[0]!.id };
  } finally {
    await database.close();
  }
  return measureLists(url, tokens);
}

function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

async function main() {
  const keptUrl = process.env.BENCH_LISTS_ON;
  if (keptUrl) {
    await listsOnKeptDatabase(keptUrl);
    return true;
  }
  const started = new Date();
  const runs: Awaited<ReturnType<typeof measure>>[] = [];
  for (const scale of SCALES) runs.push(await measure(scale));
  const at = (scale: number) => runs.find((run) => run.scale === scale)?.lists ?? [];
  const growth = growthOf(at(1), at(10));
  const scaleResult = {
    timestamp: started.toISOString(),
    commit: gitCommit(),
    listSeconds: SECONDS,
    volumes: runs.map((run) => run.volume),
    runs: runs.map(({ scale, lists }) => ({ scale, lists })),
  };
  mkdirSync(resultsDir, { recursive: true });
  const jsonPath = join(resultsDir, 'latest.json');
  const previous = existsSync(jsonPath) ? JSON.parse(readFileSync(jsonPath, 'utf8')) : {};
  writeFileSync(jsonPath, `${JSON.stringify({ ...previous, growth, scale: scaleResult }, null, 2)}\n`);
  const mdPath = join(resultsDir, 'latest.md');
  const section = growthMarkdown({ ...scaleResult, growth });
  writeFileSync(mdPath, withGrowthSection(existsSync(mdPath) ? readFileSync(mdPath, 'utf8') : '', section));
  log(`\n${section}`);
  log(`Wrote growth to ${jsonPath} and latest.md`);
  return growth.every(isFlat);
}

let flat = false;
try {
  flat = await main();
} catch (error) {
  console.error(error);
} finally {
  await cleanUp();
}
// Lists that grew past the targets fail the run, as a failed check fails `npm run bench`.
process.exit(flat ? 0 : 1);
