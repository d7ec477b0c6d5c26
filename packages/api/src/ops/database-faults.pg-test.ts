// The API as a real process on PostgreSQL while its connections are killed: terminated backends
// (a failover, a restart, pg_terminate_backend), connections reset mid-statement and a database that
// refuses connections for a while. PostgreSQL only: the vitest config includes `*.pg-test.ts` files
// when FLYBOOK_TEST_DB=postgres.
import { connect, createServer, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { DEMO_PASSWORD } from '../seed/seed.ts';
import { booking } from '../test/bookings.ts';
import { flightBody } from '../test/flights.ts';
import {
  createScratchDatabase,
  maintenanceQuery,
  type ScratchDatabase,
  testServerUrl,
} from '../test/scratch-database.ts';
import { checkDatabase, checkHotFlight, checkLedger } from './consistency-checks.ts';
import { logEntries, type ServerProcess, startServerProcess } from './server-process.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A TCP relay between the app and PostgreSQL that the test can cut: `cut()` resets every open
 * connection (the app reads ECONNRESET mid-statement), `refuse(true)` resets new ones at once (the
 * database is unreachable) until `refuse(false)`, and `freeze(true)` makes every connection, open
 * or new, go silent until `freeze(false)`: sockets stay open, bytes either way are dropped (a
 * network black hole, a firewall that lost its state), so a statement sent meanwhile is never
 * answered, and no new connection gets past its handshake.
 */
async function startRelay(target: URL) {
  const sockets = new Set<Socket>();
  let refusing = false;
  let frozen = false;
  /** Bytes that, once the app sends them, freeze the relay (that message dropped). */
  let freezeTrigger: Buffer | null = null;
  const server: Server = createServer((incoming) => {
    if (refusing) {
      incoming.resetAndDestroy();
      return;
    }
    const outgoing = connect(Number(target.port || 5432), target.hostname);
    sockets.add(incoming);
    sockets.add(outgoing);
    const drop = () => {
      incoming.destroy();
      outgoing.destroy();
      sockets.delete(incoming);
      sockets.delete(outgoing);
    };
    for (const socket of [incoming, outgoing]) {
      socket.on('error', drop);
      socket.on('close', drop);
    }
    const forward = (from: Socket, to: Socket) =>
      from.on('data', (chunk: Buffer) => {
        if (from === incoming && freezeTrigger && chunk.includes(freezeTrigger)) {
          freezeTrigger = null;
          frozen = true;
        }
        if (!frozen && !to.destroyed) to.write(chunk);
      });
    forward(incoming, outgoing);
    forward(outgoing, incoming);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    /** Connections open now, each counted once (the app's side). */
    get open() {
      return sockets.size / 2;
    },
    cut() {
      for (const socket of sockets) socket.resetAndDestroy();
      sockets.clear();
    },
    refuse(value: boolean) {
      refusing = value;
    },
    freeze(value: boolean) {
      frozen = value;
      freezeTrigger = null;
    },
    /** Freezes the relay the moment the app sends `text` (e.g. a statement of a transaction). */
    freezeWhenSent(text: string) {
      freezeTrigger = Buffer.from(text);
    },
    get frozen() {
      return frozen;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the test reads answer bodies by path
  body: any;
  headers: Headers;
}

describe('database faults under a stream of bookings (a real process on PostgreSQL)', () => {
  let scratch: ScratchDatabase | null = null;
  let relay: Awaited<ReturnType<typeof startRelay>> | null = null;
  let server: ServerProcess | null = null;

  beforeAll(async () => {
    scratch = await createScratchDatabase('flybook_faults');
    relay = await startRelay(new URL(testServerUrl));
    const viaRelay = new URL(scratch.url);
    viaRelay.host = `127.0.0.1:${relay.port}`;
    server = await startServerProcess({
      DATABASE_URL: viaRelay.toString(),
      FLYBOOK_DEMO: '1',
      // The demo users and flights without the booked season: the tests count their own bookings.
      FLYBOOK_DEMO_SEASON: '0',
      DB_POOL_SIZE: '6',
    });
  }, 240_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    await relay?.close();
    await scratch?.drop();
  });

  it('stays up, answers 503 with Retry-After while the database is away, and loses no acknowledged booking', {
    timeout: 240_000,
  }, async () => {
    const base = server!.url;
    let unavailable = 0;
    const stderr: string[] = [];
    server!.child.stderr?.on('data', (chunk: string) => stderr.push(chunk));

    /** One call; a dead process makes fetch throw, which fails the test. */
    const call = async (
      method: string,
      path: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ) => {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }).catch(async (error: unknown) => {
        await sleep(200);
        const state =
          server!.child.exitCode === null ? 'did not answer' : `exited (${server!.child.exitCode})`;
        throw new Error(
          `the server process ${state} on ${method} ${path}: ${error}\n${stderr.join('').slice(-2000)}`,
        );
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
    };
    /** The call until it is not 503, each 503 checked for the error format and Retry-After. */
    const untilServed = async (send: () => Promise<Answer>): Promise<Answer> => {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const answer = await send();
        if (answer.status !== 503) return answer;
        unavailable += 1;
        expect(answer.body).toEqual({
          errors: [{ code: 'ERROR_SERVICE_UNAVAILABLE', message: expect.any(String) }],
        });
        expect(answer.headers.get('retry-after')).toBe('5');
        if (Date.now() > deadline) throw new Error('still 503 after 60 s');
        // Retry-After says 5 s; the test retries sooner to keep the stream going through the faults.
        await sleep(100);
      }
    };
    const untilReady = async () => {
      const deadline = Date.now() + 30_000;
      while ((await call('GET', '/api/ready')).status !== 200) {
        if (Date.now() > deadline) throw new Error('/api/ready did not return to 200 within 30 s');
        await sleep(200);
      }
    };

    // The manager logs in and makes the flight the stream books on.
    const login = await untilServed(() =>
      call('POST', '/api/v1/auth/token', { login: 'manager@flybook.test', password: DEMO_PASSWORD }),
    );
    expect(login.status).toBe(200);
    const auth = { 'x-auth-token': login.body.token as string };
    const items = async (path: string) =>
      (await untilServed(() => call('GET', `/api/v1/${path}`, undefined, auth))).body.items;
    const companies = await items('flight-company/entire-list');
    const templates = await items('aircraft-template-generic/list');
    const rates = await items('rate/entire-list');
    const ids = {
      companyId: companies.find((company: { code: string }) => company.code === 'FB').id,
      a320Id: templates.find((template: { label: string }) => template.label.startsWith('Airbus A320')).id,
      b737Id: templates.find((template: { label: string }) => template.label.startsWith('Boeing 737')).id,
      rateId: rates[0].id,
    };
    const created = await untilServed(() =>
      call('POST', '/api/v1/flight', flightBody(ids, { number: 'FB7501' }), auth),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const flightId = created.body.id as number;

    const [cash] = await maintenanceQuery<{ id: number }>(
      scratch!.url,
      "SELECT id FROM accounts WHERE virtual_code = 'CASH_ZRH'",
    );
    const cashAccountId = cash!.id;

    // The stream: each booking billed, then paid in cash at the desk (one ledger record), each
    // call with its Idempotency-Key and repeated on 503 until it is answered.
    const acknowledged = new Map<string, { reservationId: number; paid: boolean }>();
    let faultsOver = false;
    const bookOne = async (key: string) => {
      const booked = await untilServed(() =>
        call(
          'POST',
          '/api/v1/reservation',
          booking(flightId, {
            paymentTerms: 'bill',
            billingInformation: { ...booking(flightId).billingInformation, email: `${key}@example.test` },
          }),
          { ...auth, 'idempotency-key': `book-${key}` },
        ),
      );
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      const entry = { reservationId: booked.body.id as number, paid: false };
      acknowledged.set(key, entry);
      const paid = await untilServed(() =>
        call(
          'POST',
          '/api/v1/payment/reservation/invoice',
          {
            amount: booked.body.invoice.total,
            paymentTypeCode: 'cash',
            reservationInvoiceId: booked.body.invoice.id,
            accountId: cashAccountId,
          },
          { ...auth, 'idempotency-key': `pay-${key}` },
        ),
      );
      expect(paid.status, JSON.stringify(paid.body)).toBe(201);
      entry.paid = true;
    };
    let next = 0;
    const worker = async () => {
      while (!faultsOver || next < 16) await bookOne(`fault-${next++}`);
    };
    const stream = Promise.all([worker(), worker(), worker(), worker()]);
    // A failure in the stream is reported where it is awaited, after the faults.
    stream.catch(() => undefined);

    // 1. Backends terminated under the running bookings (57P01, then the socket closes).
    const terminate = () =>
      maintenanceQuery(
        testServerUrl,
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${scratch!.name}' AND pid <> pg_backend_pid()`,
      );
    for (let round = 0; round < 6; round++) {
      await sleep(400);
      await terminate();
    }
    // 2. Connections reset in the middle of statements (ECONNRESET).
    for (let round = 0; round < 4; round++) {
      await sleep(400);
      relay!.cut();
    }
    // 3. The database unreachable for a while: calls and readiness answer 503, then recover.
    await sleep(400);
    relay!.refuse(true);
    relay!.cut();
    const notReady = await call('GET', '/api/ready');
    expect(notReady.status).toBe(503);
    expect(notReady.body.checks.database).toBe('unreachable');
    const away = await call('GET', '/api/v1/public/country/list');
    expect(away.status).toBe(503);
    expect(away.headers.get('retry-after')).toBe('5');
    expect(away.headers.get('cache-control')).toBe('no-store');
    expect(away.body.errors[0].code).toBe('ERROR_SERVICE_UNAVAILABLE');
    await sleep(1500);
    relay!.refuse(false);
    await untilReady();
    faultsOver = true;
    await stream;

    // The process lived through it all, and is ready.
    expect(server!.child.exitCode).toBeNull();
    expect((await call('GET', '/api/health')).status).toBe(200);
    expect((await call('GET', '/api/ready')).status).toBe(200);
    expect(unavailable).toBeGreaterThan(0);

    // Every acknowledged booking is there, once, paid; nothing else was booked on the flight.
    const bookings = [...acknowledged.values()];
    expect(bookings.length).toBeGreaterThanOrEqual(16);
    expect(bookings.every((entry) => entry.paid)).toBe(true);
    const direct = await openDatabase({ url: scratch!.url, dataDir: 'memory://' });
    try {
      const stored = await direct.db.execute(
        sql`SELECT r.id, i.status FROM reservations r
              JOIN reservation_invoices i ON i.reservation_id = r.id
             WHERE r.id IN (SELECT reservation_id FROM tickets WHERE flight_id = ${flightId})`,
      );
      const rows = (stored as unknown as { rows: { id: number; status: string }[] }).rows;
      expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual(
        bookings.map((entry) => entry.reservationId).sort((a, b) => a - b),
      );
      expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['paid']));

      // Seat counters equal the tickets sold; the books balance with one record per payment.
      const hot = await checkHotFlight(direct.db, flightId);
      expect(hot).toMatchObject({
        booked: bookings.length,
        activeTickets: bookings.length,
        countersMatch: true,
      });
      expect(await checkDatabase(direct.db)).toMatchObject({
        mismatchedRows: 0,
        overfullRows: 0,
        misfiledReservations: 0,
        miscountedUsers: 0,
        miscountedOpenBills: 0,
      });
      const ledger = await checkLedger(direct.db);
      expect(ledger).toMatchObject({ signedSum: 0, mismatchedAccounts: 0 });
      const payments = await direct.db.execute(
        sql`SELECT count(*)::int AS records FROM balance_log_records
             WHERE reservation_id IN (SELECT reservation_id FROM tickets WHERE flight_id = ${flightId})`,
      );
      expect((payments as unknown as { rows: { records: number }[] }).rows[0]!.records).toBe(bookings.length);
    } finally {
      await direct.close();
    }

    // The lost connections were logged, without the statements' parameters.
    const entries = logEntries(server!.lines);
    expect(entries.some((entry) => entry.msg === 'database connection lost')).toBe(true);
    expect(entries.some((entry) => entry.msg === 'database unavailable')).toBe(true);
    expect(server!.lines.join('\n')).not.toContain('params:');
  });

  it('stops gracefully on SIGTERM after the faults', { timeout: 60_000 }, async () => {
    server!.child.kill('SIGTERM');
    expect(await server!.exited).toBe(0);
  });
});

/** One call to the server, answered within `waitMs` or failed (a hung call fails, never waits on). */
async function callServer(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; waitMs?: number } = {},
): Promise<Answer & { ms: number }> {
  const started = Date.now();
  const { body, headers = {}, waitMs = 30_000 } = options;
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(waitMs),
  }).catch((error: unknown) => {
    throw new Error(`${method} ${path} did not answer within ${Date.now() - started} ms: ${error}`);
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? JSON.parse(text) : null,
    headers: response.headers,
    ms: Date.now() - started,
  };
}

describe('a database connection that goes silent (a real process on PostgreSQL)', () => {
  /** Small bounds, so the test sees them at work: a statement, a connection. */
  const QUERY_TIMEOUT_MS = 1500;
  const CONNECT_TIMEOUT_MS = 2000;
  let scratch: ScratchDatabase | null = null;
  let relay: Awaited<ReturnType<typeof startRelay>> | null = null;
  let server: ServerProcess | null = null;
  // The manager's login and the flight the bookings go on, from the first test.
  let auth: Record<string, string> = {};
  let flightId = 0;
  const call = (
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string>; waitMs?: number } = {},
  ) => callServer(server!.url, method, path, options);
  const book = (key: string, waitMs?: number) =>
    call('POST', '/api/v1/reservation', {
      body: booking(flightId, {
        paymentTerms: 'bill',
        billingInformation: { ...booking(flightId).billingInformation, email: `${key}@example.test` },
      }),
      headers: { ...auth, 'idempotency-key': `silent-${key}` },
      ...(waitMs === undefined ? {} : { waitMs }),
    });
  const untilReady = async (what: string) => {
    const since = Date.now();
    while ((await call('GET', '/api/ready', { waitMs: 10_000 })).status !== 200) {
      if (Date.now() - since > 5000) throw new Error(`${what}: /api/ready did not return to 200 within 5 s`);
      await sleep(100);
    }
  };
  const expectUnavailable = (answer: Answer, what: string) => {
    expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(503);
    expect(answer.body).toEqual({
      errors: [{ code: 'ERROR_SERVICE_UNAVAILABLE', message: expect.any(String) }],
    });
    expect(answer.headers.get('retry-after')).toBe('5');
  };

  beforeAll(async () => {
    scratch = await createScratchDatabase('flybook_silent');
    relay = await startRelay(new URL(testServerUrl));
    const viaRelay = new URL(scratch.url);
    viaRelay.host = `127.0.0.1:${relay.port}`;
    server = await startServerProcess({
      DATABASE_URL: viaRelay.toString(),
      FLYBOOK_DEMO: '1',
      // The demo users and flights without the booked season: the tests count their own bookings.
      FLYBOOK_DEMO_SEASON: '0',
      DB_POOL_SIZE: '3',
      DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
      DB_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS),
    });
  }, 240_000);

  afterAll(async () => {
    relay?.freeze(false);
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    await relay?.close();
    await scratch?.drop();
  });

  it('answers 503 within the query timeout while the database is silent, and works again seconds after', {
    timeout: 120_000,
  }, async () => {
    const login = await call('POST', '/api/v1/auth/token', {
      body: { login: 'manager@flybook.test', password: DEMO_PASSWORD },
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    auth = { 'x-auth-token': login.body.token as string };
    const items = async (path: string) => {
      const answer = await call('GET', `/api/v1/${path}`, { headers: auth });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.items;
    };
    const companies = await items('flight-company/entire-list');
    const templates = await items('aircraft-template-generic/list');
    const rates = await items('rate/entire-list');
    const ids = {
      companyId: companies.find((company: { code: string }) => company.code === 'FB').id,
      a320Id: templates.find((template: { label: string }) => template.label.startsWith('Airbus A320')).id,
      b737Id: templates.find((template: { label: string }) => template.label.startsWith('Boeing 737')).id,
      rateId: rates[0].id,
    };
    const created = await call('POST', '/api/v1/flight', {
      body: flightBody(ids, { number: 'FB7601' }),
      headers: auth,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    flightId = created.body.id as number;
    // Every connection of the pool open and idle: the calls below meet connections that go silent.
    const warm = await Promise.all(
      [1, 2, 3].map(() => call('GET', '/api/v1/rate/entire-list', { headers: auth })),
    );
    expect(warm.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(relay!.open).toBeGreaterThanOrEqual(1);

    // The database goes silent (three times): statements on open connections are never answered,
    // new connections never get through their handshake. First everywhere at once; then the moment
    // a booking sends its BEGIN (Drizzle never releases a connection whose BEGIN failed); then in
    // the middle of a booking's transaction (its ROLLBACK waits behind the unanswered statement).
    // Every call still answers, 503 with Retry-After, within the query timeout plus the wait for a
    // connection (and some slack); once the database answers, within a few seconds the instance is
    // ready and every call works, whichever pooled connection it gets.
    const bound = QUERY_TIMEOUT_MS + CONNECT_TIMEOUT_MS + 2500;
    const rounds: { name: string; trigger: string | null }[] = [
      { name: 'all', trigger: null },
      // As many times as the pool has connections: one lost per round would leave it none.
      { name: 'begin-1', trigger: 'begin\0' },
      { name: 'begin-2', trigger: 'begin\0' },
      { name: 'begin-3', trigger: 'begin\0' },
      { name: 'insert', trigger: 'insert into "reservations"' },
    ];
    for (const { name, trigger } of rounds) {
      const first = trigger === null ? null : book(`${name}-first`, 20_000);
      if (trigger === null) relay!.freeze(true);
      else {
        relay!.freezeWhenSent(trigger);
        const deadline = Date.now() + 10_000;
        while (!relay!.frozen) {
          if (Date.now() > deadline) throw new Error(`round ${name}: the relay did not see ${trigger}`);
          await sleep(10);
        }
      }
      const during = await Promise.all([
        ...(first ? [first] : []),
        book(`${name}-a`, 20_000),
        book(`${name}-b`, 20_000),
        call('GET', '/api/v1/rate/entire-list', { headers: auth, waitMs: 20_000 }),
        call('GET', '/api/v1/flight-company/entire-list', { headers: auth, waitMs: 20_000 }),
        call('GET', '/api/v1/rate/entire-list', { headers: auth, waitMs: 20_000 }),
      ]);
      for (const answer of during) {
        expectUnavailable(answer, `round ${name}`);
        expect(answer.ms, `round ${name}`).toBeLessThan(bound);
      }
      const notReady = await call('GET', '/api/ready', { waitMs: 10_000 });
      expect(notReady.status).toBe(503);
      expect(notReady.body.checks.database).toBe('unreachable');
      expect(server!.child.exitCode).toBeNull();

      relay!.freeze(false);
      const unfrozen = Date.now();
      await untilReady(`round ${name}`);
      // More calls at once than the pool has connections, three times over.
      for (let again = 0; again < 3; again++) {
        const after = await Promise.all([
          call('GET', '/api/v1/rate/entire-list', { headers: auth, waitMs: 10_000 }),
          call('GET', '/api/v1/flight-company/entire-list', { headers: auth, waitMs: 10_000 }),
          call('GET', '/api/v1/rate/entire-list', { headers: auth, waitMs: 10_000 }),
          call('GET', '/api/ready', { waitMs: 10_000 }),
        ]);
        expect(
          after.map((answer) => answer.status),
          `round ${name}: ${JSON.stringify(after.map((answer) => answer.body))}`,
        ).toEqual([200, 200, 200, 200]);
      }
      // The bookings that answered 503 are repeated with their Idempotency-Keys: each is made once.
      for (const key of [...(first ? [`${name}-first`] : []), `${name}-a`, `${name}-b`]) {
        const booked = await book(key, 10_000);
        expect(booked.status, `round ${name}: ${JSON.stringify(booked.body)}`).toBe(201);
      }
      expect(Date.now() - unfrozen, `round ${name}`).toBeLessThan(15_000);
    }
    const made = await maintenanceQuery<{ count: number }>(
      scratch!.url,
      `SELECT count(DISTINCT reservation_id)::int AS count FROM tickets WHERE flight_id = ${flightId}`,
    );
    expect(made[0]!.count).toBe(2 + 3 * 4);
    expect(server!.child.exitCode).toBeNull();
    expect(server!.lines.join('\n')).not.toContain('params:');
  });

  it('answers 503, not 500, when the database refuses connections or cancels a statement', {
    timeout: 60_000,
  }, async () => {
    // The log line may reach the test after the answer (stdout and the socket race): waited for.
    const logged = (message: string, sqlstate: string) =>
      server!
        .waitForLine((line) => {
          const [entry] = logEntries([line]);
          return entry?.msg === message && JSON.stringify(entry.err ?? {}).includes(`"code":"${sqlstate}"`);
        }, 5000)
        .then(
          () => true,
          () => false,
        );
    /** The database faults logged so far, for the failure messages. */
    const faults = () =>
      JSON.stringify(
        logEntries(server!.lines)
          .filter((entry) => String(entry.msg).startsWith('database'))
          .map((entry) => [entry.msg, JSON.stringify(entry.err ?? {}).match(/"(?:code|message)":"[^"]*"/g)]),
      ).slice(-3000);
    // The database stops accepting connections (ALTER DATABASE … ALLOW_CONNECTIONS false) and its
    // connections are ended: a new connection is refused with 55000.
    await maintenanceQuery(testServerUrl, `ALTER DATABASE ${scratch!.name} ALLOW_CONNECTIONS false`);
    try {
      await maintenanceQuery(
        testServerUrl,
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${scratch!.name}'`,
      );
      await sleep(500);
      for (let again = 0; again < 3; again++)
        expectUnavailable(await call('GET', '/api/v1/rate/entire-list', { headers: auth }), 'no connections');
      expect(await logged('database busy', '55000'), faults()).toBe(true);
    } finally {
      await maintenanceQuery(testServerUrl, `ALTER DATABASE ${scratch!.name} ALLOW_CONNECTIONS true`);
    }
    await untilReady('connections allowed again');

    // A booking waits for a lock another session holds, and is cancelled (pg_cancel_backend, or
    // the statement timeout if that comes first): 57014.
    const locker = new pg.Client({ connectionString: scratch!.url });
    await locker.connect();
    try {
      const lockerPid = (await locker.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE reservations IN ACCESS EXCLUSIVE MODE');
      const pending = book('locked', 20_000);
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline) {
        const [waiting] = await maintenanceQuery<{ cancelled: boolean }>(
          testServerUrl,
          `SELECT pg_cancel_backend(pid) AS cancelled FROM pg_stat_activity
            WHERE datname = '${scratch!.name}' AND wait_event_type = 'Lock' AND pid <> ${lockerPid}`,
        );
        if (waiting) break;
        await sleep(20);
      }
      expectUnavailable(await pending, 'lock cancelled');
      expect(await logged('database busy', '57014'), faults()).toBe(true);
    } finally {
      await locker.query('ROLLBACK').catch(() => undefined);
      await locker.end();
    }
    // Repeated with its Idempotency-Key once the lock is gone, the booking is made.
    const booked = await book('locked', 10_000);
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(server!.child.exitCode).toBeNull();
    expect(logEntries(server!.lines).some((entry) => entry.msg === 'unhandled error')).toBe(false);
  });

  it('stops gracefully on SIGTERM after the silence', { timeout: 60_000 }, async () => {
    server!.child.kill('SIGTERM');
    expect(await server!.exited).toBe(0);
  });
});
