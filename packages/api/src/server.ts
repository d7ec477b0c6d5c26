import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { startFlightCloser } from './jobs/flight-closer.ts';
import { smtpTransport, startOutboxSender } from './jobs/outbox-sender.ts';
import { startReservationExpirer } from './jobs/reservation-expirer.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedIfEmpty } from './seed/seed.ts';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  url: string;
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
  const app = await buildApp({
    database,
    config,
    adminDist: options.adminDist,
    siteDist: options.siteDist,
    logger: !options.quiet,
  });
  await app.listen({ port: config.port, host: config.host });
  const stopSender = config.smtpUrl
    ? startOutboxSender(database.db, smtpTransport(config.smtpUrl), config.mailFrom)
    : () => undefined;
  const stopCloser = startFlightCloser(database.db);
  const stopExpirer = startReservationExpirer(database.db);
  const url = `http://localhost:${config.port}`;

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

  return {
    app,
    database,
    url,
    async stop() {
      stopSender();
      stopCloser();
      stopExpirer();
      await app.close();
      await database.close();
    },
  };
}
