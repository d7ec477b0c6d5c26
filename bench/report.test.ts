// The bench's result file and summary: ratios against the ceiling, targets judged, every figure in
// the markdown. No timing here: the numbers are made up; `npm run bench` measures.
import { describe, expect, it } from 'vitest';
import type { LoadResult } from './http.ts';
import { parsePgbench } from './pgbench.ts';
import { type BenchParts, benchResults, summaryMarkdown } from './report.ts';

const run = (title: string, connections: number, perSecond: number, p95: number): LoadResult => ({
  title,
  connections,
  seconds: 10,
  responses: perSecond * 10,
  requestsPerSecond: perSecond,
  okPerSecond: perSecond,
  latencyMs: { mean: p95 / 2, p50: p95 / 2, p95, p99: p95 * 2, max: p95 * 3 },
  ok: perSecond * 10,
  non2xx: 0,
  errors: 0,
  timeouts: 0,
  statusCodes: { 200: perSecond * 10 },
});
const check = {
  seatsForSale: 3000,
  totalSeats: 3000,
  booked: 900,
  activeTickets: 900,
  oversold: 0,
  countersMatch: true,
};

const parts: BenchParts = {
  timestamp: '2026-11-25T12:00:00.000Z',
  commit: 'abc1234',
  machine: {
    cpus: 2,
    cpuModel: 'AMD EPYC',
    memoryGb: 24,
    platform: 'linux x64',
    node: 'v24',
    postgres: '15',
    loadAverage: [1, 1, 1],
  },
  settings: { durationSeconds: 10 },
  volume: {
    days: 60,
    historyDays: 0,
    flights: 702,
    historyFlights: 0,
    reservations: 20_000,
    historyReservations: 0,
    passengers: 40_000,
    tickets: 55_000,
    seats: 50_000,
    balanceLogRecords: 100_000,
    payments: 12_000,
    agents: 40,
    customers: 2000,
    seconds: { timetable: 1, users: 2, reservations: 30, ledger: 20, total: 53 },
    searchDate: '2026-12-04',
    flightsFoundBySearch: 2,
  },
  scenarios: {
    search: {
      ...run('public flight search', 200, 9000, 22.4),
      cost: { apiCpuMsPerResponse: 0.11, apiEventLoopUtilization: 0.97, machineBusy: 1 },
    },
    searchUncached: run('public flight search, no cache', 200, 400, 600),
    searchAlone: run('public flight search, no cache, alone', 1, 250, 5),
    calculate: run('reservation calculate', 50, 1500, 50),
    reservationCreate: {
      ...run('reservation create (staff, 60 flights)', 50, 100, 700),
      cost: { apiCpuMsPerResponse: 1.4, apiEventLoopUtilization: 0.99, machineBusy: 1 },
    },
    reservationCreatePublic: {
      ...run('reservation create (public card booking, 60 flights)', 50, 95, 700),
      cost: { apiCpuMsPerResponse: 1.9, apiEventLoopUtilization: 0.99, machineBusy: 1 },
    },
    reservationList: run('reservation list, filtered (staff)', 50, 300, 200),
    balanceLogList: run('balance-log list, one account, 30 days (staff)', 50, 800, 90),
    hotFlight: {
      ...run('hot-flight bookings, PostgreSQL', 50, 90, 650),
      flightId: 1,
      bookingsPerSecond: 90,
      check,
    },
    hotFlightPglite: { skipped: 'not run' },
    sellOut: {
      ...run('hot-flight sell-out, 120 seats', 50, 60, 300),
      non2xx: 60,
      flightId: 2,
      bookingsPerSecond: 40,
      check: { ...check, seatsForSale: 120, totalSeats: 120, booked: 120, activeTickets: 120 },
    },
  },
  ceiling: {
    title: 'pgbench: one hot inventory row',
    clients: 50,
    seconds: 10,
    tps: 1800,
    latencyMs: { mean: 27 },
    transactions: 18_000,
    failed: 0,
    script: 'UPDATE flight_seats …',
  },
  pageWeight: {
    site: [{ kind: 'home', pages: 4, html: 7000, css: 9000, js: 75_000, budget: 'JS < 110 KB' }],
    admin: {
      shell: { js: 330_000, css: 3800, files: 10 },
      routes: [
        {
          name: 'flightList',
          path: '/admin/flight/list',
          module: 'src/flights/FlightListPage.tsx',
          js: 600_000,
          css: 6000,
          pageJs: 270_000,
          pageCss: 2300,
        },
      ],
    },
  },
  lighthouse: {
    preset: 'mobile',
    pages: [
      {
        page: 'home',
        url: 'http://127.0.0.1:1/',
        scores: { performance: 99, accessibility: 100, 'best-practices': 100, seo: 100 },
        metrics: {
          'first-contentful-paint': 900,
          'largest-contentful-paint': 1200,
          'total-blocking-time': 0,
          'cumulative-layout-shift': 0,
          'speed-index': 1000,
        },
        failing: [],
      },
      {
        page: 'flights',
        url: 'http://127.0.0.1:1/flights',
        scores: { performance: 90, accessibility: 96, 'best-practices': 100, seo: 100 },
        metrics: {
          'first-contentful-paint': 1000,
          'largest-contentful-paint': 1500,
          'total-blocking-time': 500,
          'cumulative-layout-shift': 0,
          'speed-index': 1200,
        },
        failing: [
          { category: 'performance', id: 'total-blocking-time', title: 'Total Blocking Time', score: 0.5 },
        ],
      },
    ],
  },
  databaseCheck: {
    reservations: 21_000,
    activeTickets: 60_000,
    seatRows: 1400,
    mismatchedRows: 0,
    overfullRows: 0,
    misfiledReservations: 0,
    miscountedUsers: 0,
    miscountedOpenBills: 0,
  },
  ledgerCheck: { records: 100_000, signedSum: 0, mismatchedAccounts: 0 },
};

describe('bench results', () => {
  it('gives the hot flight as a share of the pgbench ceiling, null where a side did not run', () => {
    const results = benchResults(parts);
    expect(results.ratios).toEqual({
      hotFlightToCeiling: 0.05,
      hotFlightPgliteToCeiling: null,
      // 90 hot-flight bookings a second against 100 spread over 60 flights.
      hotFlightToSpread: 0.9,
    });
  });

  it('judges each target of the issue on the measured figures', () => {
    const targets = benchResults(parts).targets;
    expect(targets.map((t) => [t.name, t.met])).toEqual([
      ['public search p95 at 200 connections', true],
      ['hot-flight bookings / pgbench hot-row ceiling', false],
      ['hot-flight bookings / bookings over 60 flights (same run)', true],
      ['hot flight lasts the run', true],
      ['API CPU per staff booking', true],
      ['API CPU per public booking', false],
      ['Lighthouse performance, home', true],
      ['Lighthouse accessibility, home', true],
      ['Lighthouse performance, flights', false],
      ['Lighthouse accessibility, flights', false],
    ]);
    expect(targets[1]?.value).toBe('5.0 %');
  });

  it('does not take a booking run with refusals for the CPU of a booking', () => {
    const refusing = { ...parts.scenarios.reservationCreate, non2xx: 40 };
    const targets = benchResults({
      ...parts,
      scenarios: { ...parts.scenarios, reservationCreate: refusing },
    }).targets;
    const staff = targets.find((t) => t.name === 'API CPU per staff booking');
    expect(staff).toMatchObject({ met: false, value: '1.4 ms, 40 refused' });
  });

  it('fails the run when a flight is oversold or the books do not balance', () => {
    expect(benchResults(parts).ok).toBe(true);
    const oversold = { ...parts.scenarios.hotFlight, check: { ...check, booked: 3001, oversold: 1 } };
    expect(benchResults({ ...parts, scenarios: { ...parts.scenarios, hotFlight: oversold } }).ok).toBe(false);
    expect(benchResults({ ...parts, ledgerCheck: { ...parts.ledgerCheck, signedSum: 5 } }).ok).toBe(false);
    expect(
      benchResults({ ...parts, databaseCheck: { ...parts.databaseCheck, misfiledReservations: 1 } }).ok,
    ).toBe(false);
    expect(benchResults({ ...parts, databaseCheck: { ...parts.databaseCheck, miscountedUsers: 1 } }).ok).toBe(
      false,
    );
    expect(
      benchResults({ ...parts, databaseCheck: { ...parts.databaseCheck, miscountedOpenBills: 1 } }).ok,
    ).toBe(false);
    // A sell-out that left a seat unsold (or sold one twice) fails too.
    const unsold = { ...parts.scenarios.sellOut, check: { ...parts.scenarios.sellOut.check, booked: 119 } };
    expect(benchResults({ ...parts, scenarios: { ...parts.scenarios, sellOut: unsold } }).ok).toBe(false);
  });

  it('fails the hot flight that sold out during its run', () => {
    const soldOut = { ...parts.scenarios.hotFlight, non2xx: 3 };
    const targets = benchResults({ ...parts, scenarios: { ...parts.scenarios, hotFlight: soldOut } }).targets;
    expect(targets.find((t) => t.name === 'hot flight lasts the run')).toMatchObject({
      met: false,
      value: '3 refused of 900',
    });
  });

  it('writes a summary with the targets, every scenario, the ceiling, page weights and Lighthouse scores', () => {
    const summary = summaryMarkdown(benchResults(parts));
    expect(summary).toContain('| public search p95 at 200 connections | < 25 ms | 22.4 ms | met |');
    expect(summary).toContain(
      '| hot-flight bookings / pgbench hot-row ceiling | ≥ 40 % | 5.0 % | **missed** |',
    );
    expect(summary).toContain(
      '| public flight search | 200 | 9000 | 9000 | 11.2 | 22.4 | 44.8 | 67 | 0 | 0 | 0.11 | 97 % | 100 % |',
    );
    for (const scenario of Object.values(parts.scenarios))
      if ('title' in scenario) expect(summary).toContain(`| ${scenario.title} |`);
    expect(summary).toContain(
      '| bookings, PostgreSQL | 90.0 | 5.0 % | 0 | booked 900 = 900 active tickets: counters match |',
    );
    expect(summary).toContain('| bookings, PGlite | — | — | — | skipped: not run |');
    expect(summary).toContain('| pgbench hot-row ceiling (50 clients) | 1800.0 | 100 % |');
    expect(summary).toContain('| home | 4 | 6.8 | 8.8 | 73.2 | JS < 110 KB |');
    expect(summary).toContain(
      '| /admin/flight/list | src/flights/FlightListPage.tsx | 585.9 | 5.9 | 263.7 | 2.2 |',
    );
    expect(summary).toContain('| flights (/flights) | 90 | 96 | 100 | 100 | 1000 | 1500 | 500 | 0.000 |');
    expect(summary).toContain('Audits below full score on flights: Total Blocking Time (performance).');
  });
});

describe('pgbench output', () => {
  it('reads throughput, latency and counts from its summary', () => {
    const output = `transaction type: hot-row.sql
number of clients: 50
number of transactions actually processed: 18543
number of failed transactions: 0 (0.000%)
latency average = 26.912 ms
initial connection time = 41.337 ms
tps = 1857.901234 (without initial connection time)`;
    expect(parsePgbench(output)).toEqual({
      tps: 1857.901234,
      latencyMs: 26.912,
      transactions: 18543,
      failed: 0,
    });
  });
});
