// The API under load, in a process of its own so the load generator does not share its event loop.
// Started by bench/run.ts with DATABASE_URL set (or BENCH_PGLITE=1: PGlite in this process's
// memory, seeded here with the demo data and a hot flight, since no other process can reach it);
// BENCH_SITE_DIST serves the built public site too (Lighthouse). Answers { port, … } over IPC once
// it listens and stops on "stop" (or when the parent goes away).
import { performance } from 'node:perf_hooks';
import { buildApp, checkHotFlight, loadConfig, openDatabase } from '@flybook/api';
import { createHotFlight, prepareDemo } from './data.ts';

const benchCards = {
  FLYBOOK_PAYMENTS_SIM: '1',
  DATATRANS_MERCHANT_ID: '',
  DATATRANS_PASSWORD: '',
  DATATRANS_SIGN_KEY: '',
};

// Production settings: no dev endpoints, no response self-checks; the logger on but quiet. Cards go to
// the local stand-in (never a real provider under load), which production takes only when asked.
const pglite = process.env.BENCH_PGLITE === '1';
const config = loadConfig({ ...process.env, ...benchCards, NODE_ENV: 'production' });
if (!pglite && !config.databaseUrl) throw new Error('bench/server.ts needs DATABASE_URL or BENCH_PGLITE=1');
const database = await openDatabase({ url: pglite ? null : config.databaseUrl, dataDir: 'memory://' });
let seeded: { managerToken: string; hotFlightId: number } | null = null;
if (pglite) {
  const { manager, managerToken } = await prepareDemo(database, config);
  const hot = await createHotFlight(database.db, manager, Number(process.env.BENCH_HOT_SEATS ?? 3000));
  seeded = { managerToken, hotFlightId: hot.id };
}
const app = await buildApp({
  database,
  config,
  logger: true,
  siteDist: process.env.BENCH_SITE_DIST || undefined,
});
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (address === null || typeof address === 'string') throw new Error('the API listens on no TCP port');

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('message', (message) => {
  if (message === 'stop') void stop();
  if (typeof message === 'object' && message !== null && 'usage' in message) {
    const cpu = process.cpuUsage();
    const loop = performance.eventLoopUtilization();
    process.send?.({
      usage: { cpuMs: (cpu.user + cpu.system) / 1000, loop: { idle: loop.idle, active: loop.active } },
    });
  }
  // The parent cannot reach an in-memory PGlite: it asks this process to check the hot flight.
  if (typeof message === 'object' && message !== null && 'checkHotFlight' in message) {
    void checkHotFlight(database.db, Number(message.checkHotFlight)).then(
      (check) => process.send?.({ check }),
      (error: unknown) => process.send?.({ checkError: String(error) }),
    );
  }
});
process.on('disconnect', () => void stop());
// Ctrl-C reaches the whole process group: the parent decides when this process stops.
process.on('SIGINT', () => undefined);
process.send?.({
  port: address.port,
  devEndpoints: config.devEndpoints,
  poolSize: pglite ? 'PGlite (one connection)' : (process.env.DB_POOL_SIZE ?? '10'),
  ...seeded,
});
