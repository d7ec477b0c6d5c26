// `npm run bench:booking-cpu [checkout…]`: the API's CPU per booking (docs/booking.md, "What a
// booking costs"). One fresh PostgreSQL database with a season's reservations; one API process
// (bench/server.ts, production settings) per checkout given (default: this one), all on the same
// database, so two versions of the code are measured side by side: rounds of one-adult bookings
// spread over 60 flights, staff on bill terms and guests by card, every checkout in turn within a
// round (the order alternating), `process.cpuUsage()` of each API process per booking and the
// statements it sent per booking. Prints the medians. BENCH_PGLITE=1 runs each checkout's API on
// its own in-memory PGlite instead (the hot flight, as `npm run bench` books it there).
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { oneAdultBooking, prepareData, publicBooking } from './data.ts';
import { type BenchDatabase, createBenchDatabase } from './database.ts';
import { type RunningApi, startApi } from './http.ts';

const ROUNDS = Number(process.env.BOOKING_CPU_ROUNDS ?? 3);
const BOOKINGS = Number(process.env.BOOKING_CPU_BOOKINGS ?? 1000);
const WARMUP = Number(process.env.BOOKING_CPU_WARMUP ?? 300);
const CONNECTIONS = Number(process.env.BOOKING_CPU_CONNECTIONS ?? 8);
const KINDS = (process.env.BOOKING_CPU_KINDS ?? 'staff,public').split(',') as ('staff' | 'public')[];
/** A directory: the API processes run under `--cpu-prof` and write their profiles there on exit. */
const PROFILE_DIR = process.env.BOOKING_CPU_PROF;
/** Every booking on the bench's hot flight instead of spread over 60 flights (what the hot flight costs more). */
const HOT = process.env.BOOKING_CPU_HOT === '1';
const pglite = process.env.BENCH_PGLITE === '1';
const here = fileURLToPath(new URL('..', import.meta.url));
const checkouts = (process.argv.slice(2).length > 0 ? process.argv.slice(2) : [here]).map((dir) =>
  resolve(dir),
);

interface Api extends RunningApi {
  checkout: string;
}

/** bench/server.ts of `checkout`, with a preload that counts the statements its pg clients send. */
async function startCheckout(checkout: string, databaseUrl: string): Promise<Api> {
  const api = await startApi(
    databaseUrl,
    { BENCH_HOT_SEATS: '100000' },
    {
      checkout,
      execArgv: [
        '--import',
        fileURLToPath(new URL('booking-cpu-count.mjs', import.meta.url)),
        ...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []),
      ],
    },
  );
  return { ...api, checkout };
}

/** `amount` bookings over CONNECTIONS connections; every one must succeed. */
function book(api: Api, token: string | null, amount: number, nextBody: () => string): Promise<void> {
  return new Promise((done, fail) => {
    autocannon(
      {
        url: `${api.url}/api/v1/reservation`,
        connections: CONNECTIONS,
        amount,
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { 'x-auth-token': token } : {}) },
        requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, body: nextBody() }) }],
        timeout: 20,
      },
      (error, result) => {
        if (error) fail(error);
        else if (result.non2xx > 0 || result.errors > 0)
          fail(new Error(`${api.checkout}: ${result.non2xx} non-2xx, ${result.errors} errors`));
        else done();
      },
    );
  });
}

async function usageOf(api: Api) {
  const { cpuMs } = await api.usage();
  const { count, system } = await api.ask<{ count: number; system: number }>(
    { statements: true },
    'statements',
  );
  return { cpuMs, statements: count, systemMs: system / 1000 };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main() {
  let bench: BenchDatabase | null = null;
  let managerToken = '';
  let flights: number[] = [];
  if (!pglite) {
    bench = await createBenchDatabase();
    const data = await prepareData(bench, {
      reservations: Number(process.env.BENCH_RESERVATIONS ?? 2000),
      balanceLogRecords: Number(process.env.BENCH_BALANCE_LOG_RECORDS ?? 4000),
      hotSeats: 100_000,
      log: (line) => console.log(line),
    });
    managerToken = data.managerToken;
    flights = HOT ? [data.hotFlight.id] : data.roomyFlightIds;
    // prepareData raised their economy cabins: rounds of thousands never sell them out.
  }
  const apis: Api[] = [];
  try {
    for (const checkout of checkouts) apis.push(await startCheckout(checkout, bench?.url ?? ''));
    let n = 0;
    const bodyOf = (api: Api, kind: 'staff' | 'public') => () => {
      n += 1;
      const flightId = api.info.hotFlightId ?? flights[n % flights.length]!;
      return JSON.stringify(
        kind === 'staff' ? oneAdultBooking(flightId, `cpu${n}`) : publicBooking(flightId, `cpu${n}`),
      );
    };
    const tokenOf = (api: Api, kind: 'staff' | 'public') =>
      kind === 'staff' ? (api.info.managerToken ?? managerToken) : null;
    for (const api of apis)
      for (const kind of KINDS) await book(api, tokenOf(api, kind), WARMUP, bodyOf(api, kind));
    const results = new Map<string, { cpu: number[]; system: number[]; statements: number[] }>();
    const loads: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? [...apis].reverse() : apis;
      for (const kind of KINDS)
        for (const api of order) {
          const before = await usageOf(api);
          await book(api, tokenOf(api, kind), BOOKINGS, bodyOf(api, kind));
          const after = await usageOf(api);
          const key = `${api.checkout}\t${kind}`;
          const entry = results.get(key) ?? { cpu: [], system: [], statements: [] };
          entry.cpu.push((after.cpuMs - before.cpuMs) / BOOKINGS);
          entry.system.push((after.systemMs - before.systemMs) / BOOKINGS);
          entry.statements.push((after.statements - before.statements) / BOOKINGS);
          results.set(key, entry);
          loads.push(loadavg()[0]!);
          console.log(
            `round ${round + 1} ${kind} ${api.checkout}: ${entry.cpu.at(-1)!.toFixed(2)} ms CPU, ${entry.statements.at(-1)!.toFixed(2)} statements per booking (load ${loadavg()[0]!.toFixed(2)})`,
          );
        }
    }
    console.log(
      `\n${pglite ? 'PGlite' : 'PostgreSQL'}, ${ROUNDS} rounds of ${BOOKINGS}, ${CONNECTIONS} connections, load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
    );
    for (const [key, { cpu, system, statements }] of results)
      console.log(
        `${key}\tmedian ${median(cpu).toFixed(2)} ms CPU per booking (${cpu.map((v) => v.toFixed(2)).join(', ')}; of it system ${median(system).toFixed(2)}), ${median(statements).toFixed(1)} statements`,
      );
  } finally {
    for (const api of apis) await api.stop();
    await bench?.drop();
  }
}

await main();
