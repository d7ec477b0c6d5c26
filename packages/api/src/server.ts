import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { type Database, DatabaseUnreachableError, databaseAddressOf, openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { startFlightCloser } from './jobs/flight-closer.ts';
import { startOpenBillFolder } from './jobs/open-bill-folder.ts';
import {
  smtpTransport,
  startOutboxSender,
  startSmsSender,
  twilioSmsTransport,
} from './jobs/outbox-sender.ts';
import { startPaymentReminder } from './jobs/payment-reminder.ts';
import { startReservationExpirer } from './jobs/reservation-expirer.ts';
import { type DemoSeasonResult, seedDemoSeason } from './seed/demo-reservations.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedIfEmpty } from './seed/seed.ts';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  url: string;
  /**
   * Graceful stop: /api/ready turns 503, the port stops accepting, requests in progress finish
   * (keep-alive clients get 503 and Connection: close on new requests), background jobs finish
   * their current run, then the database closes. Safe to call twice.
   */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Built back office to serve under /admin (default: the config's ADMIN_DIST). */
  adminDist?: string | undefined;
  /** Built public site to serve at / (default: the config's SITE_DIST). */
  siteDist?: string | undefined;
  /** No banner and no logger (tests). */
  quiet?: boolean;
}

/**
 * Opens the database (waiting up to DB_START_TIMEOUT_SECONDS for PostgreSQL; taking the DATA_DIR
 * lock for PGlite), migrates it, seeds an empty one, and serves everything on one port. A failure
 * closes what was opened (and so gives the DATA_DIR lock back) before it is thrown.
 */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const adminDist = options.adminDist ?? config.adminDist ?? undefined;
  const siteDist = options.siteDist ?? config.siteDist ?? undefined;
  // A dist folder named but not built would silently leave the back office or the site out.
  for (const [name, dir] of [
    ['ADMIN_DIST', adminDist],
    ['SITE_DIST', siteDist],
  ] as const) {
    if (dir && !existsSync(join(dir, 'index.html')))
      throw new ConfigError(`${name} names ${dir}, which holds no built app (index.html); run npm run build`);
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  let app: FastifyInstance | undefined;
  let accepting = true;
  let seeded: Awaited<ReturnType<typeof seedIfEmpty>>;
  let season: DemoSeasonResult | null = null;
  try {
    await database.waitUntilReachable(
      config.dbStartTimeoutSeconds * 1000,
      options.quiet || !config.databaseUrl
        ? undefined
        : (reason, retryInMs) =>
            console.log(
              `Waiting for the database at ${databaseAddressOf(config.databaseUrl ?? '')} (${reason}); next try in ${Number((retryInMs / 1000).toFixed(2))} s`,
            ),
    );
    await database.migrate();
    seeded = await seedIfEmpty(database.db, { demo: config.seedDemo, admin: config.firstAdmin });
    // The demo season is booked once, by the start that seeded the demo users (an empty database).
    // A season that breaks off (a bug) leaves what it booked and the platform starts anyway: the
    // banner says so; the next start finds the users and books no second season.
    if (seeded.demoUsers && config.seedDemoSeason) {
      season = await seedDemoSeason(database.db, config).catch((error: unknown) => {
        console.error('The demo season broke off:', error);
        return {
          reservations: 0,
          refused: [`broke off: ${String(error)}`],
          milliseconds: 0,
          cpuMilliseconds: 0,
          checkIn: null,
        };
      });
    }
    app = await buildApp({
      database,
      config,
      adminDist,
      siteDist,
      // Requests are logged at info (one JSON line when it arrives, one when answered, both with reqId).
      logger: options.quiet ? false : { level: process.env.LOG_LEVEL ?? 'info' },
      isAccepting: () => accepting,
    });
    if (config.production && config.datatrans.simulated) {
      app.log.warn(
        { payments: 'simulated' },
        'FLYBOOK_PAYMENTS_SIM=1 IN PRODUCTION: card payments go to the local stand-in at /payments-sim; no card is charged',
      );
    }
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
  const jobs = [
    ...(config.smtpUrl
      ? [startOutboxSender(database.db, smtpTransport(config.smtpUrl), config.mailFrom)]
      : []),
    // Without a gateway SMS stay in the outbox, readable there (and at /api/dev/outbox in development).
    ...(config.sms ? [startSmsSender(database.db, twilioSmsTransport(config.sms))] : []),
    startFlightCloser(database.db),
    startReservationExpirer(database.db, { publicUrl: config.publicUrl }),
    startOpenBillFolder(database.db),
    startPaymentReminder(
      database.db,
      { publicUrl: config.publicUrl },
      config.paymentReminderDays,
      config.paymentReminderIntervalMs,
    ),
  ];
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;

  if (!options.quiet) {
    const where = database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
    const { datatrans } = config;
    const cards = datatrans.simulated
      ? `local stand-in at ${url}/payments-sim${config.production ? '   (FLYBOOK_PAYMENTS_SIM=1 in production: no card is charged)' : ''}`
      : `Datatrans (${datatrans.live ? 'live' : 'sandbox'}) ${datatrans.apiUrl}`;
    const email = config.smtpUrl
      ? 'sent by SMTP'
      : config.devEndpoints
        ? `kept in the outbox (${url}/api/dev/outbox)`
        : 'kept in the outbox (no SMTP_URL: not sent)';
    const sms = config.sms ? `sent through ${config.sms.apiUrl}` : 'kept in the outbox (no SMS gateway)';
    const siteServed = Boolean(siteDist && existsSync(siteDist));
    const lines = [
      '',
      `Flybook is running on ${url}`,
      siteServed
        ? `  Public site  ${url}/   (content: ${url}/graphql)`
        : `  Content      ${url}/graphql   (public site not served: no SITE_DIST)`,
      ...(adminDist && existsSync(adminDist) ? [`  Back office  ${url}/admin/`] : []),
      `  API          ${url}/api/v1/   (OpenAPI: ${url}/api/docs)`,
      `  Database     ${where}${seeded.referenceData ? ', reference data seeded' : ''}`,
      ...(season
        ? [
            `  Demo season  ${season.reservations} reservations booked in ${(season.milliseconds / 1000).toFixed(1)} s (${(season.cpuMilliseconds / 1000).toFixed(1)} s CPU)${season.refused.length > 0 ? ` (${season.refused.length} refused: ${season.refused[0]})` : ''}`,
            ...(season.checkIn
              ? [
                  `  Check-in     booking ${season.checkIn.recordLocator} (${season.checkIn.lastName}) on ${season.checkIn.flight}: ${url}/check-in?ref=${season.checkIn.recordLocator}`,
                ]
              : []),
          ]
        : []),
      `  Cards        ${cards}`,
      `  E-mail       ${email}`,
      `  SMS          ${sms}`,
    ];
    if (config.seedDemo) {
      lines.push(`  Demo logins (password ${DEMO_PASSWORD}):`);
      for (const user of DEMO_USERS) lines.push(`    ${user.type.padEnd(9)} ${user.email}`);
    }
    if (seeded.firstAdmin) lines.push(`  First admin  ${seeded.firstAdmin}`);
    console.log(`${lines.join('\n')}\n`);
  }

  let stopped: Promise<void> | null = null;
  const running = app;
  return {
    app,
    database,
    url,
    stop() {
      stopped ??= (async () => {
        accepting = false;
        try {
          await running.close();
        } finally {
          await Promise.all(jobs.map((stopJob) => stopJob()));
          await database.close();
        }
      })();
      return stopped;
    },
  };
}

/**
 * Stops the server gracefully on SIGTERM (orchestrators, `docker stop`) and SIGINT (Ctrl-C), then
 * exits: 0 when everything closed, 1 when something failed or the stop took longer than
 * `SHUTDOWN_TIMEOUT_MS` (default 25 s, inside the usual 30 s before a SIGKILL). A second signal
 * while stopping is ignored; PGlite must be closed cleanly, else sequences skip values next start.
 */
export function stopOnSignals(
  server: RunningServer,
  timeoutMs = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 25_000),
) {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      server.app.log.info({ signal }, 'shutting down: finishing requests in progress');
      const timer = setTimeout(() => {
        console.error(`Shutdown took over ${timeoutMs} ms; exiting.`);
        process.exit(1);
      }, timeoutMs);
      timer.unref();
      server.stop().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('Shutdown failed', error);
          process.exit(1);
        },
      );
    });
  }
}

/** The failures an operator fixes by configuration; they are told in one line, without a stack. */
function startFailureOf(error: unknown): string | null {
  if (
    error instanceof ConfigError ||
    error instanceof DatabaseUnreachableError ||
    error instanceof DataDirLockedError
  )
    return error.message;
  // The system refused something (a port in use, an address not here, DATA_DIR a file): its
  // message says what; a stack would say nothing more.
  const { code, message } = error as NodeJS.ErrnoException;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return message;
  return null;
}

/**
 * Loads the configuration and starts the server, stopping it on SIGTERM/SIGINT. `prepare` runs
 * between the two (`npm start` builds the apps there) and may choose what is served. A start that
 * fails prints one line, `Flybook cannot start: <reason>`, on stderr and exits 1; only an
 * unexpected error (a bug) adds its stack.
 */
export async function startOrExit(
  prepare?: (config: Config) => StartOptions | Promise<StartOptions>,
): Promise<RunningServer> {
  try {
    const config = loadConfig();
    const server = await startServer(config, prepare ? await prepare(config) : {});
    stopOnSignals(server);
    return server;
  } catch (error) {
    const known = startFailureOf(error);
    console.error(
      `Flybook cannot start: ${known ?? (error instanceof Error ? error.message : String(error))}`,
    );
    if (known === null && error instanceof Error && error.stack) console.error(error.stack);
    process.exit(1);
  }
}

// `node packages/api/src/server.ts`: the API alone, configured by the environment (DATABASE_URL,
// PORT, …; docs/operations.md), serving the built apps when ADMIN_DIST / SITE_DIST name them (a
// relative path is taken from the working directory). This is how one of N instances behind a load
// balancer runs; `npm start` builds the apps first.
if (import.meta.main) await startOrExit();
