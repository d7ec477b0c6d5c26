// `npm run bench`: API throughput and latency on a fresh PostgreSQL database with a season's
// volume, bookings per second on one hot flight with zero overbooking (on PostgreSQL and PGlite)
// against pgbench's hot-row ceiling, page weight of the site and the back office, and Lighthouse.
// Writes bench/results/latest.json and latest.md and prints the summary. See bench/README.md.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkDatabase, checkHotFlight, checkLedger, openDatabase } from '@flybook/api';
import { pageTypeSummary } from '../site/page-weights.ts';
import { adminWeights } from './admin-weight.ts';
import { oneAdultBooking, prepareData, publicBooking } from './data.ts';
import { type BenchDatabase, createBenchDatabase, serverUrl, serverVersion } from './database.ts';
import {
  type LoadOptions,
  type LoadResult,
  type LoadSample,
  loadSample,
  pooled,
  type RunCost,
  type RunningApi,
  startApi,
} from './http.ts';
import { runLighthouse } from './lighthouse.ts';
import { pgbenchHotRow } from './pgbench.ts';
import { type BenchParts, benchResults, type HotFlightRun, summaryMarkdown } from './report.ts';

const RESERVATIONS = Number(process.env.BENCH_RESERVATIONS ?? 20_000);
const BALANCE_LOG_RECORDS = Number(process.env.BENCH_BALANCE_LOG_RECORDS ?? 100_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
/**
 * The spread and the hot-flight bookings run in turns (scenariosInTurns): four turns each of half a
 * run, so each side is measured for twice a run's seconds.
 */
const TURNS = 4;
const TURN_SECONDS = Math.max(1, DURATION / 2);
/** Seats of the hot flight: more than the run can book, so it lasts the run (issue 29). */
const HOT_SEATS = 100_000;
/** Seats of the flight the same load books out: every one sold once, the rest refused. */
const SELL_OUT_SEATS = 120;
/** Connections of the booking and back-office runs, and pgbench's clients against the hot row. */
const WRITERS = 50;

const log = (line: string) => console.log(line);
const root = fileURLToPath(new URL('..', import.meta.url));
const resultsDir = join(root, 'bench', 'results');

let bench: BenchDatabase | null = null;
const apis = new Set<RunningApi>();
let cleaning: Promise<void> | null = null;
/** Stops the API processes and drops the database, once, whether the run ended well or not. */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const running of apis)
      await running.stop().catch((error) => console.error('stopping an API process failed:', error));
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

async function api(databaseUrl: string, env: Record<string, string> = {}) {
  const running = await startApi(databaseUrl, env);
  apis.add(running);
  if (running.info.devEndpoints)
    throw new Error('the API runs with dev endpoints on; the bench needs production');
  return {
    ...running,
    async stop() {
      apis.delete(running);
      await running.stop();
    },
  };
}

/** All CPUs' busy and total time so far (ms). */
function machineTimes() {
  let busy = 0;
  let total = 0;
  for (const cpu of cpus()) {
    const { idle, ...rest } = cpu.times;
    const used = Object.values(rest).reduce((sum, t) => sum + t, 0);
    busy += used;
    total += used + idle;
  }
  return { busy, total };
}

/** What the API process and the machine spent during one measured run. */
interface Spent {
  apiCpuMs: number;
  loopActive: number;
  loopIdle: number;
  machineBusy: number;
  machineTotal: number;
}

/** Runs `run`, measuring what the API process and the machine spent meanwhile. */
async function spending<T>(server: RunningApi, run: () => Promise<T>): Promise<[T, Spent]> {
  const before = { api: await server.usage(), machine: machineTimes() };
  const value = await run();
  const after = { api: await server.usage(), machine: machineTimes() };
  return [
    value,
    {
      apiCpuMs: after.api.cpuMs - before.api.cpuMs,
      loopActive: after.api.loop.active - before.api.loop.active,
      loopIdle: after.api.loop.idle - before.api.loop.idle,
      machineBusy: after.machine.busy - before.machine.busy,
      machineTotal: after.machine.total - before.machine.total,
    },
  ];
}

/** What the runs of a result cost: the API's CPU per answer, its event-loop use, the machine's. */
function costOf(spent: Spent[], responses: number): RunCost {
  const sum = (pick: (one: Spent) => number) => spent.reduce((total, one) => total + pick(one), 0);
  const share = (part: number, whole: number) => Math.round((part / Math.max(1, whole)) * 1000) / 1000;
  return {
    apiCpuMsPerResponse: Math.round((sum((one) => one.apiCpuMs) / Math.max(1, responses)) * 1000) / 1000,
    apiEventLoopUtilization: share(
      sum((one) => one.loopActive),
      sum((one) => one.loopActive + one.loopIdle),
    ),
    machineBusy: share(
      sum((one) => one.machineBusy),
      sum((one) => one.machineTotal),
    ),
  };
}

const logResult = (result: LoadResult) =>
  log(
    `  ${result.requestsPerSecond} req/s, p50 ${result.latencyMs.p50} ms, p95 ${result.latencyMs.p95} ms, p99 ${result.latencyMs.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}; API ${result.cost?.apiCpuMsPerResponse} ms CPU per answer, event loop ${((result.cost?.apiEventLoopUtilization ?? 0) * 100).toFixed(0)} % busy, machine ${((result.cost?.machineBusy ?? 0) * 100).toFixed(0)} % busy`,
  );

/**
 * One measured run after a short warm-up (JIT, connection pools) that is thrown away, with what it
 * cost the API process and the machine.
 */
async function warmedRun(
  server: RunningApi,
  options: LoadOptions,
  warmupSeconds: number,
): Promise<[LoadSample, Spent]> {
  const run = { ...options, signal: interrupt.signal };
  interrupt.signal.throwIfAborted();
  if (warmupSeconds > 0) await loadSample({ ...run, duration: warmupSeconds });
  interrupt.signal.throwIfAborted();
  const measured = await spending(server, () => loadSample(run));
  interrupt.signal.throwIfAborted();
  return measured;
}

/**
 * One scenario: a warmed run, with what it cost the API process (CPU per answer, event-loop use)
 * and the machine.
 */
async function scenario(options: LoadOptions, server: RunningApi): Promise<LoadResult> {
  log(`Running ${options.title}: ${options.connections} connections for ${options.duration} s…`);
  const [sample, spent] = await warmedRun(server, options, WARMUP);
  const result = pooled(options, [sample]);
  result.cost = costOf([spent], result.responses);
  logResult(result);
  return result;
}

/**
 * Two scenarios on one API in turns, A B, B A, A B, B A, each turn `duration` seconds after a warm-up
 * of one second: what drifts while the bench runs (tables growing, autovacuum, checkpoints, a busier
 * neighbour on the machine) falls on both alike, where one run after the other gave it all to the
 * second. Each side's turns are pooled into one result. The hot flight is judged this way against
 * the bookings spread over 60 flights (issue 29).
 */
async function scenariosInTurns(
  server: RunningApi,
  sides: [LoadOptions, LoadOptions],
  turns: number,
): Promise<[LoadResult, LoadResult]> {
  const samples: [LoadSample[], LoadSample[]] = [[], []];
  const spent: [Spent[], Spent[]] = [[], []];
  log(
    `Running ${sides[0].title} and ${sides[1].title} in turns: ${turns} × ${sides[0].duration} s each, ${sides[0].connections} connections…`,
  );
  for (let turn = 0; turn < turns; turn += 1) {
    for (const side of turn % 2 === 0 ? ([0, 1] as const) : ([1, 0] as const)) {
      const [sample, cost] = await warmedRun(server, sides[side], 1);
      samples[side].push(sample);
      spent[side].push(cost);
    }
  }
  const results = sides.map((options, side) => {
    const result = pooled(options, samples[side]!);
    result.cost = costOf(spent[side]!, result.responses);
    log(`${options.title}:`);
    logResult(result);
    return result;
  });
  return [results[0]!, results[1]!];
}

/**
 * A load of bookings (one adult each), as staff or (no token) a guest: the same body every time,
 * or a new one per request.
 */
const bookingLoad = (
  server: RunningApi,
  title: string,
  token: string | null,
  body: string | (() => string),
  duration = DURATION,
): LoadOptions => ({
  title,
  url: `${server.url}/api/v1/reservation`,
  connections: WRITERS,
  duration,
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(token ? { 'x-auth-token': token } : {}) },
  ...(typeof body === 'string' ? { body } : { nextBody: body }),
});

/** Bookings under load: one scenario. */
const bookings = (...load: Parameters<typeof bookingLoad>) => scenario(bookingLoad(...load), load[0]);

/** A request that must succeed before its load run, so a broken scenario fails loudly, not fast. */
async function expectOk(url: string, init: RequestInit = {}): Promise<unknown> {
  const response = await fetch(url, init);
  const body: unknown = await response.json();
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}
const itemsOf = (body: unknown) =>
  typeof body === 'object' && body !== null && 'items' in body && Array.isArray(body.items)
    ? body.items.length
    : 0;

function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

/** Builds an app when its build is missing (page weight and Lighthouse read the built files). */
function ensureBuilt(workspace: 'site' | 'admin', marker: string) {
  if (existsSync(join(root, workspace, 'dist', marker))) return;
  log(`Building ${workspace}…`);
  execFileSync('npm', ['run', 'build', '--workspace', workspace], { cwd: root, stdio: 'inherit' });
}

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function main() {
  const started = new Date();
  const loadAverage = loadavg();
  const postgres = await serverVersion();
  bench = await createBenchDatabase();
  log(`Created ${bench.name} on ${new URL(serverUrl).host} (PostgreSQL ${postgres}).`);

  const data = await prepareData(bench, {
    reservations: RESERVATIONS,
    balanceLogRecords: BALANCE_LOG_RECORDS,
    hotSeats: HOT_SEATS,
    sellOutSeats: SELL_OUT_SEATS,
    log,
  });
  log(
    `Volume: ${data.volume.flights} flights, ${data.volume.reservations} reservations, ${data.volume.balanceLogRecords} balance-log records in ${data.volume.seconds.total} s.`,
  );

  const primary = await api(bench.url);
  const v1 = `${primary.url}/api/v1`;
  const json = { 'content-type': 'application/json' };
  const staff = { 'x-auth-token': data.managerToken };

  // ---- public search and calculate ----
  const searchUrl = `${v1}/public/flight/list?departureDate=${data.searchDate}&fromAirportCode=ZRH&toAirportCode=PRN&passengersAges[]=adult&passengersAges[]=adult`;
  const searchItems = itemsOf(await expectOk(searchUrl));
  if (searchItems === 0) throw new Error(`the search for ${data.searchDate} finds no flight`);
  const search = await scenario(
    {
      title: 'public flight search',
      url: searchUrl,
      connections: 200,
      duration: DURATION,
    },
    primary,
  );
  // The same search without the short answer cache: what the database and the code cost per call,
  // at 200 connections and one request at a time (the service time without queueing).
  const uncached = await api(bench.url, { SEARCH_CACHE_MS: '0' });
  const uncachedUrl = searchUrl.replace(primary.url, uncached.url);
  const searchUncached = await scenario(
    {
      title: 'public flight search, no cache',
      url: uncachedUrl,
      connections: 200,
      duration: DURATION,
    },
    uncached,
  );
  const searchAlone = await scenario(
    {
      title: 'public flight search, no cache, alone',
      url: uncachedUrl,
      connections: 1,
      duration: Math.min(5, DURATION),
    },
    uncached,
  );
  await uncached.stop();

  const calculateBody = JSON.stringify({
    bookedFlights: [{ flight: { id: data.calculateFlightId }, tariff: { id: 1 } }],
    passengers: [{ ageType: 'adult' }],
  });
  const calculateUrl = `${v1}/reservation/calculate`;
  await expectOk(calculateUrl, { method: 'POST', headers: json, body: calculateBody });
  const calculate = await scenario(
    {
      title: 'reservation calculate',
      url: calculateUrl,
      connections: WRITERS,
      duration: DURATION,
      method: 'POST',
      headers: json,
      body: calculateBody,
    },
    primary,
  );

  // ---- staff: bookings spread over the timetable, the reservation list and the balance log ----
  let booking = 0;
  const nextBooking = () => {
    booking += 1;
    return JSON.stringify(
      oneAdultBooking(data.roomyFlightIds[booking % data.roomyFlightIds.length]!, `spread${booking}`),
    );
  };
  await expectOk(`${v1}/reservation`, {
    method: 'POST',
    headers: { ...json, ...staff },
    body: nextBooking(),
  });
  // ---- the hot flight in turns with them, on the same API: every request books one more adult on
  // it (the warm-ups book too); it has more seats than the run can sell, so it lasts the run ----
  const [reservationCreate, hotRun] = await scenariosInTurns(
    primary,
    [
      bookingLoad(
        primary,
        'reservation create (staff, 60 flights)',
        data.managerToken,
        nextBooking,
        TURN_SECONDS,
      ),
      bookingLoad(
        primary,
        'hot-flight bookings, PostgreSQL',
        data.managerToken,
        JSON.stringify(oneAdultBooking(data.hotFlight.id, 'hot')),
        TURN_SECONDS,
      ),
    ],
    TURNS,
  );
  // ---- guests booking to pay by card, over the same flights ----
  const nextPublicBooking = () => {
    booking += 1;
    return JSON.stringify(
      publicBooking(data.roomyFlightIds[booking % data.roomyFlightIds.length]!, `public${booking}`),
    );
  };
  await expectOk(`${v1}/reservation`, { method: 'POST', headers: json, body: nextPublicBooking() });
  const reservationCreatePublic = await bookings(
    primary,
    'reservation create (public card booking, 60 flights)',
    null,
    nextPublicBooking,
  );
  // ---- a small flight booked out by the same load: each seat sold once, the rest refused ----
  const sellOutRun = await bookings(
    primary,
    `hot-flight sell-out, ${SELL_OUT_SEATS} seats`,
    data.managerToken,
    JSON.stringify(oneAdultBooking(data.sellOutFlight.id, 'sellout')),
    Math.min(5, DURATION),
  );

  /** A staff list under load, after one call that must find something. */
  const staffList = async (title: string, url: string) => {
    if (itemsOf(await expectOk(url, { headers: staff })) === 0) throw new Error(`${title} finds nothing`);
    return scenario({ title, url, connections: WRITERS, duration: DURATION, headers: staff }, primary);
  };
  const reservationList = await staffList(
    'reservation list, filtered (staff)',
    `${v1}/reservation/list?flightDateInterval[from]=${dayOffset(7)}&flightDateInterval[to]=${dayOffset(21)}&paymentStatus[]=notPaid&paymentStatus[]=partly&sortBy=createdAt&sortOrder=DESC&page=0&pageSize=15`,
  );
  const balanceLogList = await staffList(
    'balance-log list, one account, 30 days (staff)',
    `${v1}/balance-log/list?selectedAccountId=${data.cashDeskAccountId}&dateFrom=${dayOffset(-30)}&dateTo=${dayOffset(0)}&page=0&pageSize=10`,
  );

  await primary.stop();

  const checks = await openDatabase({ url: bench.url, dataDir: 'memory://' });
  let hotFlight: HotFlightRun;
  let sellOut: HotFlightRun;
  try {
    hotFlight = {
      ...hotRun,
      flightId: data.hotFlight.id,
      bookingsPerSecond: hotRun.okPerSecond,
      check: await checkHotFlight(checks.db, data.hotFlight.id),
    };
    sellOut = {
      ...sellOutRun,
      flightId: data.sellOutFlight.id,
      bookingsPerSecond: sellOutRun.okPerSecond,
      check: await checkHotFlight(checks.db, data.sellOutFlight.id),
    };
  } finally {
    await checks.close();
  }

  // ---- the ceiling: pgbench on one inventory row, as many clients as the booking run ----
  interrupt.signal.throwIfAborted();
  log(`Running pgbench on one hot inventory row: ${WRITERS} clients for ${DURATION} s…`);
  const ceiling = await pgbenchHotRow({
    url: bench.url,
    flightId: data.ceilingFlightId,
    clients: WRITERS,
    duration: DURATION,
  });
  log('skipped' in ceiling ? `  skipped: ${ceiling.skipped}` : `  ${ceiling.tps} updates/s`);
  // pgbench took seats without tickets: give them back so the whole-database check holds.
  await bench.query('UPDATE flight_seats SET booked = 0 WHERE flight_id = $1', [data.ceilingFlightId]);

  // ---- the hot flight on PGlite: the API process holds the database in its memory ----
  interrupt.signal.throwIfAborted();
  log('Starting the API on PGlite (migrate, demo data, hot flight)…');
  const embedded = await api('', { BENCH_PGLITE: '1', BENCH_HOT_SEATS: String(HOT_SEATS) });
  let hotFlightPglite: BenchParts['scenarios']['hotFlightPglite'];
  try {
    const { managerToken, hotFlightId } = embedded.info;
    if (!managerToken || hotFlightId === undefined)
      throw new Error('the PGlite API sent no token or hot flight');
    const run = await bookings(
      embedded,
      'hot-flight bookings, PGlite',
      managerToken,
      JSON.stringify(oneAdultBooking(hotFlightId, 'hot')),
    );
    hotFlightPglite = {
      ...run,
      flightId: hotFlightId,
      bookingsPerSecond: run.okPerSecond,
      check: await embedded.checkHotFlight(hotFlightId),
    };
  } finally {
    await embedded.stop();
  }

  // ---- page weight ----
  ensureBuilt('site', 'index.html');
  ensureBuilt('admin', '.vite/manifest.json');
  const site = pageTypeSummary(join(root, 'site', 'dist'));
  const admin = adminWeights(join(root, 'admin'));

  // ---- Lighthouse on the site, served with the API on the bench database ----
  interrupt.signal.throwIfAborted();
  log('Running Lighthouse on home, a content page and the flights page…');
  const served = await api(bench.url, { BENCH_SITE_DIST: join(root, 'site', 'dist') });
  let lighthouse: BenchParts['lighthouse'];
  try {
    lighthouse = await runLighthouse([
      { page: 'home', url: `${served.url}/` },
      { page: 'content', url: `${served.url}/about-us` },
      { page: 'flights', url: `${served.url}/flights` },
    ]);
  } finally {
    await served.stop();
  }

  const final = await openDatabase({ url: bench.url, dataDir: 'memory://' });
  let databaseCheck: BenchParts['databaseCheck'];
  let ledgerCheck: BenchParts['ledgerCheck'];
  try {
    databaseCheck = await checkDatabase(final.db);
    ledgerCheck = await checkLedger(final.db);
  } finally {
    await final.close();
  }

  const results = benchResults({
    timestamp: started.toISOString(),
    commit: gitCommit(),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      memoryGb: Math.round(totalmem() / 2 ** 30),
      platform: `${process.platform} ${process.arch}`,
      node: process.version,
      postgres,
      loadAverage: loadAverage.map((n) => Math.round(n * 100) / 100),
    },
    settings: {
      durationSeconds: DURATION,
      warmupSeconds: WARMUP,
      apiProcess: 'separate process; NODE_ENV=production (no response self-checks), logger at LOG_LEVEL',
      searchCacheMs: Number(process.env.SEARCH_CACHE_MS ?? 2000),
      logLevel: process.env.LOG_LEVEL ?? 'error',
      dbPoolSize: primary.info.poolSize,
      writers: WRITERS,
    },
    volume: { ...data.volume, searchDate: data.searchDate, flightsFoundBySearch: searchItems },
    scenarios: {
      search,
      searchUncached,
      searchAlone,
      calculate,
      reservationCreate,
      reservationCreatePublic,
      reservationList,
      balanceLogList,
      hotFlight,
      hotFlightPglite,
      sellOut,
    },
    ceiling,
    pageWeight: { site, admin },
    lighthouse,
    databaseCheck,
    ledgerCheck,
  });
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  const summary = summaryMarkdown(results);
  writeFileSync(join(resultsDir, 'latest.md'), summary);
  log(`\n${summary}`);
  log(`Wrote ${join(resultsDir, 'latest.json')} and latest.md`);
  return results.ok;
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
