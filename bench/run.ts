// `npm run bench`: API throughput and latency on a fresh PostgreSQL database with a season's
// volume, and bookings per second on one hot flight with zero overbooking (DESIGN §8).
// Writes bench/results/latest.json and prints a summary. See bench/README.md.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { checkDatabase, checkHotFlight } from './checks.ts';
import { oneAdultBooking, prepareData } from './data.ts';
import { type BenchDatabase, createBenchDatabase, serverUrl, serverVersion } from './database.ts';
import { type LoadOptions, type LoadResult, load, type RunningApi, startApi } from './http.ts';

const RESERVATIONS = Number(process.env.BENCH_RESERVATIONS ?? 5000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const HOT_SEATS = 3000;
/** The target: public search p95 under 25 ms at 200 connections on the 2-core machine. */
const SEARCH_P95_TARGET_MS = 25;

const log = (line: string) => console.log(line);
const resultsDir = fileURLToPath(new URL('results/', import.meta.url));

let bench: BenchDatabase | null = null;
let api: RunningApi | null = null;
const extraApis: RunningApi[] = [];
let cleaning: Promise<void> | null = null;
/** Stops the API and drops the database, once, whether the run ended well or not. */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const running of [api, ...extraApis])
      await running?.stop().catch((error) => console.error('stopping the API failed:', error));
    if (bench) {
      await bench.drop().catch((error) => console.error(`dropping ${bench?.name} failed:`, error));
      log(`Dropped ${bench.name}.`);
    }
  })();
  return cleaning;
}
// The first Ctrl-C stops the run where it is and lets it clean up; a second one drops at once.
const interrupt = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupt.signal.aborted) {
      void cleanUp().then(() => process.exit(130));
      return;
    }
    console.error(`\n${signal}: stopping, then dropping the database…`);
    interrupt.abort(new Error(`interrupted by ${signal}`));
  });
}

/** One scenario: a short warm-up (JIT, connection pools) that is thrown away, then the measured run. */
async function scenario(options: LoadOptions): Promise<LoadResult> {
  const run = { ...options, signal: interrupt.signal };
  interrupt.signal.throwIfAborted();
  if (WARMUP > 0) await load({ ...run, duration: WARMUP });
  interrupt.signal.throwIfAborted();
  log(`Running ${options.title}: ${options.connections} connections for ${options.duration} s…`);
  const result = await load(run);
  interrupt.signal.throwIfAborted();
  return result;
}

/** A request that must succeed before its load run, so a broken scenario fails loudly, not fast. */
async function expectOk(url: string, init: RequestInit = {}): Promise<unknown> {
  const response = await fetch(url, init);
  const body: unknown = await response.json();
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

async function main() {
  const started = new Date();
  const postgres = await serverVersion();
  bench = await createBenchDatabase();
  log(`Created ${bench.name} on ${new URL(serverUrl).host} (PostgreSQL ${postgres}).`);

  const data = await prepareData(bench, {
    count: RESERVATIONS,
    hotSeats: HOT_SEATS,
    log,
    signal: interrupt.signal,
  });
  log(
    `Volume: ${data.volume.reservations} reservations (${data.volume.seats} seats) over ${data.volume.flights} flights in ${data.volume.seconds.toFixed(0)} s.`,
  );

  api = await startApi(bench.url);
  if (api.info.devEndpoints)
    throw new Error('the API runs with dev endpoints on; the bench needs production');
  const poolSize = Number(api.info.poolSize);
  const v1 = `${api.url}/api/v1`;
  const json = { 'content-type': 'application/json' };

  const searchUrl = `${v1}/public/flight/list?departureDate=${data.searchDate}&fromAirportCode=ZRH&toAirportCode=PRN&passengersAges[]=adult&passengersAges[]=adult`;
  const found = await expectOk(searchUrl);
  const searchItems =
    typeof found === 'object' && found !== null && 'items' in found && Array.isArray(found.items)
      ? found.items.length
      : 0;
  if (searchItems === 0) throw new Error(`the search for ${data.searchDate} finds no flight`);
  const search = await scenario({
    title: 'public flight search',
    url: searchUrl,
    connections: 200,
    duration: DURATION,
  });
  // The same search without the short answer cache: what the database and the code cost per call,
  // at 200 connections and one request at a time (the service time without queueing).
  const uncachedApi = await startApi(bench.url, { SEARCH_CACHE_MS: '0' });
  extraApis.push(uncachedApi);
  const uncachedUrl = searchUrl.replace(api.url, uncachedApi.url);
  const searchUncached = await scenario({
    title: 'public flight search, no cache',
    url: uncachedUrl,
    connections: 200,
    duration: DURATION,
  });
  const searchAlone = await scenario({
    title: 'public flight search, no cache, alone',
    url: uncachedUrl,
    connections: 1,
    duration: Math.min(5, DURATION),
  });
  await uncachedApi.stop();

  const calculateBody = JSON.stringify({
    bookedFlights: [{ flight: { id: data.calculateFlightId }, tariff: { id: 1 } }],
    passengers: [{ ageType: 'adult' }],
  });
  const calculateUrl = `${v1}/reservation/calculate`;
  await expectOk(calculateUrl, { method: 'POST', headers: json, body: calculateBody });
  const calculate = await scenario({
    title: 'reservation calculate',
    url: calculateUrl,
    connections: 50,
    duration: DURATION,
    method: 'POST',
    headers: json,
    body: calculateBody,
  });

  // Every request books one more adult on the hot flight as the manager; the warm-up books too,
  // and the check below counts all of it.
  const hot = await scenario({
    title: 'hot-flight bookings',
    url: `${v1}/reservation`,
    connections: 50,
    duration: DURATION,
    method: 'POST',
    headers: { ...json, 'x-auth-token': data.managerToken },
    body: JSON.stringify(oneAdultBooking(data.hotFlight.id, 'hot')),
  });
  await api.stop();
  api = null;

  const hotCheck = await checkHotFlight(bench, data.hotFlight.id);
  const databaseCheck = await checkDatabase(bench);

  const results = {
    timestamp: started.toISOString(),
    commit: gitCommit(),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      memoryGb: Math.round(totalmem() / 2 ** 30),
      platform: `${process.platform} ${process.arch}`,
      node: process.version,
      postgres,
    },
    settings: {
      durationSeconds: DURATION,
      warmupSeconds: WARMUP,
      apiProcess: 'separate process; NODE_ENV=production (no response self-checks), logger at LOG_LEVEL',
      searchCacheMs: Number(process.env.SEARCH_CACHE_MS ?? 2000),
      logLevel: process.env.LOG_LEVEL ?? 'error',
      dbPoolSize: poolSize,
    },
    volume: { ...data.volume, searchDate: data.searchDate, flightsFoundBySearch: searchItems },
    scenarios: {
      search: {
        ...search,
        target: { p95Ms: SEARCH_P95_TARGET_MS, met: search.latencyMs.p95 < SEARCH_P95_TARGET_MS },
      },
      searchUncached,
      searchAlone,
      calculate,
      hotFlight: { ...hot, flightId: data.hotFlight.id, bookingsPerSecond: hot.okPerSecond, check: hotCheck },
    },
    databaseCheck,
  };
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(`${resultsDir}latest.json`, `${JSON.stringify(results, null, 2)}\n`);
  printSummary(results);
  log(`\nWrote ${resultsDir}latest.json`);
  return hotCheck.oversold === 0 && hotCheck.countersMatch && databaseCheck.mismatchedRows === 0;
}

function printSummary(results: {
  machine: { cpus: number; cpuModel: string; node: string; postgres: string };
  scenarios: {
    search: LoadResult & { target: { p95Ms: number; met: boolean } };
    searchUncached: LoadResult;
    searchAlone: LoadResult;
    calculate: LoadResult;
    hotFlight: LoadResult & { bookingsPerSecond: number; check: Awaited<ReturnType<typeof checkHotFlight>> };
  };
  databaseCheck: Awaited<ReturnType<typeof checkDatabase>>;
}) {
  const { search, searchUncached, searchAlone, calculate, hotFlight } = results.scenarios;
  const { machine } = results;
  log(`\n${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}, PostgreSQL ${machine.postgres}\n`);
  const header = [
    'scenario',
    'conns',
    'req/s',
    '2xx/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'max ms',
    'non-2xx',
    'errors',
  ];
  const rows = [search, searchUncached, searchAlone, calculate, hotFlight].map((r) => [
    r.title,
    String(r.connections),
    r.requestsPerSecond.toFixed(0),
    r.okPerSecond.toFixed(0),
    r.latencyMs.p50.toFixed(1),
    r.latencyMs.p95.toFixed(1),
    r.latencyMs.p99.toFixed(1),
    r.latencyMs.max.toFixed(0),
    String(r.non2xx),
    String(r.errors),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  log(line(header));
  log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) log(line(row));
  const { check } = hotFlight;
  log(
    `\nSearch p95 ${search.latencyMs.p95} ms: target < ${search.target.p95Ms} ms ${search.target.met ? 'met' : 'MISSED'}.`,
  );
  log(
    `Hot flight: ${hotFlight.bookingsPerSecond} bookings/s; booked ${check.booked}, active tickets ${check.activeTickets}, for sale ${check.seatsForSale}: ${check.countersMatch ? 'counters match' : 'COUNTERS DIFFER'}, oversold: ${check.oversold}.`,
  );
  const db = results.databaseCheck;
  log(
    `Whole database: ${db.reservations} reservations, ${db.activeTickets} active tickets; ${db.mismatchedRows} of ${db.seatRows} seat counters differ from the tickets, ${db.overfullRows} over the aircraft's seats.`,
  );
}

let ok = false;
try {
  ok = await main();
} catch (error) {
  console.error(interrupt.signal.aborted ? String(interrupt.signal.reason) : error);
} finally {
  await cleanUp();
}
process.exit(ok ? 0 : 1);
