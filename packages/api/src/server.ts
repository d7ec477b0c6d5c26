import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { type Config, loadConfig } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { startFlightCloser } from './jobs/flight-closer.ts';
import { smtpTransport, startOutboxSender } from './jobs/outbox-sender.ts';
import { startReservationExpirer } from './jobs/reservation-expirer.ts';
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

/** Opens and migrates the database, seeds an empty one, and serves everything on one port. */
export async function startServer(
  config: Config,
  options: { adminDist?: string; siteDist?: string; quiet?: boolean } = {},
): Promise<RunningServer> {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const admin =
    process.env.FLYBOOK_ADMIN_EMAIL && process.env.FLYBOOK_ADMIN_PASSWORD
      ? { email: process.env.FLYBOOK_ADMIN_EMAIL, password: process.env.FLYBOOK_ADMIN_PASSWORD }
      : null;
  const seeded = await seedIfEmpty(database.db, { demo: config.seedDemo, admin });
  let accepting = true;
  const app = await buildApp({
    database,
    config,
    adminDist: options.adminDist,
    siteDist: options.siteDist,
    // Requests are logged at info (one JSON line when it arrives, one when answered, both with reqId).
    logger: options.quiet ? false : { level: process.env.LOG_LEVEL ?? 'info' },
    isAccepting: () => accepting,
  });
  await app.listen({ port: config.port, host: config.host });
  const jobs = [
    ...(config.smtpUrl
      ? [startOutboxSender(database.db, smtpTransport(config.smtpUrl), config.mailFrom)]
      : []),
    startFlightCloser(database.db),
    startReservationExpirer(database.db),
  ];
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;

  if (!options.quiet) {
    const where = database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
    const lines = [
      '',
      `Flybook is running on ${url}`,
      `  Public site  ${url}/   (content: ${url}/graphql)`,
      `  Back office  ${url}/admin/`,
      `  API          ${url}/api/v1/   (OpenAPI: ${url}/api/docs)`,
      `  Database     ${where}${seeded.referenceData ? ', reference data seeded' : ''}`,
      `  E-mail       ${config.smtpUrl ? 'sent by SMTP' : `kept in the outbox (${url}/api/dev/outbox)`}`,
    ];
    if (seeded.demoUsers || config.seedDemo) {
      lines.push(`  Demo logins (password ${DEMO_PASSWORD}):`);
      for (const user of DEMO_USERS) lines.push(`    ${user.type.padEnd(9)} ${user.email}`);
    }
    if (seeded.firstAdmin) lines.push(`  First admin  ${seeded.firstAdmin}`);
    console.log(`${lines.join('\n')}\n`);
  }

  let stopped: Promise<void> | null = null;
  return {
    app,
    database,
    url,
    stop() {
      stopped ??= (async () => {
        accepting = false;
        try {
          await app.close();
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

// `node packages/api/src/server.ts`: the API alone, configured by the environment (DATABASE_URL,
// PORT, …; docs/operations.md), serving the built apps when ADMIN_DIST / SITE_DIST name them. This
// is how one of N instances behind a load balancer runs; `npm start` builds the apps first.
if (import.meta.main) {
  const server = await startServer(loadConfig(), {
    ...(process.env.ADMIN_DIST ? { adminDist: process.env.ADMIN_DIST } : {}),
    ...(process.env.SITE_DIST ? { siteDist: process.env.SITE_DIST } : {}),
  });
  stopOnSignals(server);
}
